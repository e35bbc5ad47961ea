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

  it('requires AUTH_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', PORT: '0' })).toThrow(/PORT[\s\S]*AUTH_SECRET/);
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
