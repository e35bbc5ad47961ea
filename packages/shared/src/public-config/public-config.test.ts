import { describe, expect, it } from 'vitest';
import { ConfigError, baseUrlOf, parsePublicEnv, publicConfigOf } from './index';

describe('public configuration', () => {
  it('has the defaults the pages show, and an empty value means the default', () => {
    const env = parsePublicEnv({ SUPPORT_EMAIL: '', BLOG_URL: ' ', UNRELATED_SECRET: 'x' });
    expect(publicConfigOf(env)).toEqual({
      support_email: 'support@gona.ng',
      postal_address: 'Plot 12 Trans-Amadi Industrial Layout, Port Harcourt, Rivers State, Nigeria',
      blog_url: 'https://blog.gona.ng',
      pro_price_kobo: 6_000_000,
    });
    expect(baseUrlOf(env)).toBe('http://localhost:3000');
  });

  it('takes the values given, and BASE_URL without its trailing slash', () => {
    const env = parsePublicEnv({
      PORT: '3100',
      SUPPORT_EMAIL: 'help@farm.ng',
      PLAN_PRO_PRICE_NAIRA: '75000',
    });
    expect(publicConfigOf(env)).toMatchObject({ support_email: 'help@farm.ng', pro_price_kobo: 7_500_000 });
    expect(baseUrlOf(env)).toBe('http://localhost:3100');
    expect(baseUrlOf(parsePublicEnv({ BASE_URL: 'https://gona.ng/' }))).toBe('https://gona.ng');
  });

  it('lists every bad variable at once', () => {
    let error: unknown;
    try {
      parsePublicEnv({ BASE_URL: 'ftp://x', SUPPORT_EMAIL: 'nope', PLAN_PRO_PRICE_NAIRA: '-1' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'BASE_URL: must be an http(s) URL, like http://localhost:3000',
      'SUPPORT_EMAIL: must be an email address',
      'PLAN_PRO_PRICE_NAIRA: must be more than 0',
    ]);
  });
});
