import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '@gona/shared/public-config';
import { REPO_ROOT, loadConfig, loadDotEnv } from './config';

const secret = 'a'.repeat(32);

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({ AUTH_SECRET: secret });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      baseUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      dataDir: `${REPO_ROOT}/data`,
      mailFrom: 'Gona <no-reply@gona.ng>',
      proPriceNaira: 60000,
      supportEmail: 'support@gona.ng',
      supportAddress: 'Plot 12 Trans-Amadi Industrial Layout, Port Harcourt, Rivers State, Nigeria',
      blogUrl: 'https://blog.gona.ng',
      authRateLimit: { windowSeconds: 60, max: 10 },
    });
  });

  it('derives BASE_URL from PORT and treats empty values as unset', () => {
    expect(loadConfig({ AUTH_SECRET: secret, PORT: '3100', BASE_URL: '', DATABASE_URL: '' })).toMatchObject({
      baseUrl: 'http://localhost:3100',
      databaseUrl: undefined,
    });
  });

  it('lists every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({ AUTH_SECRET: secret, PORT: 'abc', DATABASE_URL: 'mysql://x', SUPPORT_EMAIL: 'nope' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/^PORT: /m);
    expect(problems).toMatch(/^DATABASE_URL: /m);
    expect(problems).toMatch(/^SUPPORT_EMAIL: /m);
  });

  it('keeps uploads on disk, at most 8 MB and 50 megapixels, unless told otherwise', () => {
    expect(loadConfig({ AUTH_SECRET: secret })).toMatchObject({
      uploads: { maxBytes: 8 * 1024 * 1024, maxPixels: 50_000_000, orphanHours: 24 },
      s3: undefined,
    });
    expect(
      loadConfig({ AUTH_SECRET: secret, UPLOAD_MAX_BYTES: '2097152', FILE_ORPHAN_HOURS: '6' }).uploads,
    ).toEqual({
      maxBytes: 2097152,
      maxPixels: 50_000_000,
      orphanHours: 6,
    });
    expect(() => loadConfig({ AUTH_SECRET: secret, UPLOAD_MAX_BYTES: '2GB' })).toThrow(/UPLOAD_MAX_BYTES/);
  });

  it('uses S3 storage only with its endpoint, bucket and both keys, and names what is missing', () => {
    const s3 = {
      S3_ENDPOINT: 'https://s3.af-south-1.amazonaws.com/',
      S3_BUCKET: 'gona-farm-photos',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(loadConfig({ AUTH_SECRET: secret, ...s3, S3_REGION: 'af-south-1' }).s3).toEqual({
      endpoint: 'https://s3.af-south-1.amazonaws.com',
      bucket: 'gona-farm-photos',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret',
      region: 'af-south-1',
    });
    expect(() => loadConfig({ AUTH_SECRET: secret, ...s3, S3_SECRET_ACCESS_KEY: '', S3_BUCKET: '' })).toThrow(
      /S3_BUCKET, S3_SECRET_ACCESS_KEY: S3 storage needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY together/,
    );
  });

  it('requires AUTH_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', PORT: '0' })).toThrow(/PORT[\s\S]*AUTH_SECRET/);
  });
});

describe('notification channels', () => {
  it('offers no SMS until SMS_PROVIDER is set with its key and username; the sandbox user gets the sandbox', () => {
    expect(loadConfig({ AUTH_SECRET: secret }).sms).toBeNull();
    expect(() => loadConfig({ AUTH_SECRET: secret, SMS_PROVIDER: 'africastalking' })).toThrow(
      /SMS_API_KEY: is required[\s\S]*SMS_USERNAME: is required/,
    );
    expect(
      loadConfig({
        AUTH_SECRET: secret,
        SMS_PROVIDER: 'africastalking',
        SMS_API_KEY: 'k',
        SMS_USERNAME: 'sandbox',
      }).sms,
    ).toEqual({
      provider: 'africastalking',
      apiKey: 'k',
      username: 'sandbox',
      senderId: undefined,
      baseUrl: 'https://api.sandbox.africastalking.com',
    });
    expect(
      loadConfig({
        AUTH_SECRET: secret,
        SMS_PROVIDER: 'africastalking',
        SMS_API_KEY: 'k',
        SMS_USERNAME: 'gona',
        SMS_SENDER_ID: 'GONA',
        SMS_BASE_URL: 'http://127.0.0.1:4010/',
      }).sms,
    ).toMatchObject({ username: 'gona', senderId: 'GONA', baseUrl: 'http://127.0.0.1:4010' });
  });

  it('takes VAPID keys in pairs, and mails the support address as the VAPID subject by default', () => {
    expect(() => loadConfig({ AUTH_SECRET: secret, VAPID_PUBLIC_KEY: 'B'.repeat(87) })).toThrow(
      /VAPID_PRIVATE_KEY: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together/,
    );
    expect(() =>
      loadConfig({ AUTH_SECRET: secret, VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: 'A'.repeat(43) }),
    ).toThrow(/VAPID_PUBLIC_KEY: must be a VAPID public key/);
    expect(loadConfig({ AUTH_SECRET: secret })).toMatchObject({
      vapidKeys: null,
      vapidSubject: 'mailto:support@gona.ng',
    });
  });

  it('answers from the facts without a language model, and takes LLM_BASE_URL and LLM_MODEL together', () => {
    expect(loadConfig({ AUTH_SECRET: secret })).toMatchObject({
      llm: null,
      assistantFreeMonthlyQuestions: 30,
    });
    expect(
      loadConfig({
        AUTH_SECRET: secret,
        LLM_BASE_URL: 'http://127.0.0.1:11434/v1/',
        LLM_MODEL: 'llama3.2',
        ASSISTANT_FREE_MONTHLY_QUESTIONS: '50',
      }),
    ).toMatchObject({
      llm: { baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.2', apiKey: null, timeoutMs: 30_000 },
      assistantFreeMonthlyQuestions: 50,
    });
    expect(() => loadConfig({ AUTH_SECRET: secret, LLM_BASE_URL: 'http://127.0.0.1:11434/v1' })).toThrow(
      /LLM_MODEL: set LLM_BASE_URL and LLM_MODEL together/,
    );
    expect(() =>
      loadConfig({ AUTH_SECRET: secret, LLM_BASE_URL: 'ftp://x', LLM_MODEL: 'm', LLM_TIMEOUT_SECONDS: '0' }),
    ).toThrow(/LLM_BASE_URL: must be the http\(s\) URL[\s\S]*LLM_TIMEOUT_SECONDS: must be 1 or more/);
  });
});

describe('loadDotEnv', () => {
  it('fills variables from the .env file without overriding the environment', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'gona-env-')), '.env');
    writeFileSync(file, 'GONA_TEST_FROM_FILE=file\nGONA_TEST_ALREADY_SET=file\n');
    process.env.GONA_TEST_ALREADY_SET = 'environment';
    try {
      loadDotEnv(file);
      expect(process.env.GONA_TEST_FROM_FILE).toBe('file');
      expect(process.env.GONA_TEST_ALREADY_SET).toBe('environment');
      expect(() => loadDotEnv(join(tmpdir(), 'no-such-dir', '.env'))).not.toThrow();
    } finally {
      delete process.env.GONA_TEST_FROM_FILE;
      delete process.env.GONA_TEST_ALREADY_SET;
    }
  });
});
