import { describe, expect, it } from 'vitest';
import type { ErrorBody, Farm, Page } from '@gona/shared';
import { createTestContext } from './test/context';
import { seedUser } from './test/farm-team';

const t = await createTestContext();
// Registered before the first request: Hono builds its router then.
t.app.get('/boom', () => {
  throw new Error('connection string postgres://secret@db leaked');
});

describe('every response', () => {
  it('carries the security headers', async () => {
    for (const path of ['/api/health', '/api/nope', '/dev/outbox']) {
      const res = await t.request('GET', path);
      expect(res.headers.get('content-security-policy'), path).toContain("script-src 'self'");
      expect(res.headers.get('content-security-policy')).toContain("style-src 'self' 'unsafe-inline'");
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('permissions-policy')).toContain('microphone=()');
    }
  });
});

describe('health and unknown API paths', () => {
  it('answers /api/health', async () => {
    const res = await t.request('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers an unknown /api path with the NOT_FOUND shape', async () => {
    const res = await t.request<ErrorBody>('GET', '/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
});

describe('origin check', () => {
  it('refuses a state-changing request from another site, or with no origin at all', async () => {
    const { cookie } = await seedUser(t);
    const body = { name: 'Green Acres', location: 'Obio-Akpor', farm_type: 'crop' };
    const foreign = await t.request<ErrorBody>('POST', '/api/farms', {
      cookie,
      body,
      origin: 'https://evil.example',
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.code).toBe('FORBIDDEN');
    const none = await t.request('POST', '/api/farms', { cookie, body, origin: null });
    expect(none.status).toBe(403);
    const signIn = await t.request('POST', '/api/auth/sign-in/email', {
      origin: 'https://evil.example',
      body: { email: 'x@example.com', password: 'whatever1' },
    });
    expect(signIn.status).toBe(403);
    expect((await t.request<Page<Farm>>('GET', '/api/farms', { cookie })).body.items).toEqual([]);
  });

  it('accepts the request’s own host, and a Referer when Origin is missing', async () => {
    const { cookie } = await seedUser(t);
    const body = { name: 'Green Acres', location: 'Obio-Akpor', farm_type: 'crop' };
    const ownHost = await t.request('POST', '/api/farms', {
      cookie,
      body,
      origin: 'http://192.168.1.20:3000',
      headers: { host: '192.168.1.20:3000' },
    });
    expect(ownHost.status).toBe(201);
    const referer = await t.request('POST', '/api/farms', {
      cookie,
      body,
      origin: null,
      headers: { referer: `${t.deps.config.baseUrl}/create-farm` },
    });
    expect(referer.status).toBe(201);
  });
});

describe('request bodies', () => {
  it('refuses a JSON body over 1 MB with 413 PAYLOAD_TOO_LARGE', async () => {
    const { cookie } = await seedUser(t);
    const res = await t.request<ErrorBody>('POST', '/api/farms', {
      cookie,
      body: { name: 'x'.repeat(1024 * 1024 + 1), location: 'Obio-Akpor', farm_type: 'crop' },
    });
    expect(res.status).toBe(413);
    expect(res.body.error).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The request is too large (at most 1 MB).',
    });
  });
});

describe('unexpected errors', () => {
  it('answer INTERNAL with the default message and never a stack trace', async () => {
    const res = await t.request<ErrorBody>('GET', '/boom');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: { code: 'INTERNAL', message: 'An unexpected error occurred' } });
    expect(res.text).not.toContain('secret');
    expect(res.text).not.toContain('at ');
  });
});

describe('API description', () => {
  it('publishes OpenAPI 3.1 and a docs page without scripts', async () => {
    const doc = await t.request<{ openapi: string; paths: Record<string, unknown> }>(
      'GET',
      '/api/openapi.json',
    );
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe('3.1.0');
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(['/api/farms', '/api/farms/{farmId}', '/api/audit-logs', '/api/me']),
    );
    const page = await t.request('GET', '/api/docs');
    expect(page.status).toBe(200);
    expect(page.text).toContain('/api/farms/{farmId}');
    expect(page.text).not.toContain('<script');
  });
});
