import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { ErrorBody } from '@gona/shared';
import { createLogger } from './lib/logger';
import { createTestContext } from './test/context';
import { mountWebApp } from './web';

const dist = mkdtempSync(join(tmpdir(), 'gona-dist-'));
mkdirSync(join(dist, 'assets'));
mkdirSync(join(dist, 'about'));
mkdirSync(join(dist, 'not-found'));
writeFileSync(join(dist, 'app.html'), '<!doctype html><title>shell</title>');
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>home</title>');
writeFileSync(join(dist, 'about/index.html'), '<!doctype html><title>about</title>');
writeFileSync(join(dist, 'not-found/index.html'), '<!doctype html><title>404</title>');
writeFileSync(join(dist, 'assets/app-1a2b3c.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');

const t = await createTestContext();
mountWebApp(t.app, dist, createLogger('silent'));

describe('serving the web app', () => {
  it('says so when the web app is not built, and keeps serving the API', async () => {
    const other = await createTestContext();
    const warnings: unknown[] = [];
    const logger = { ...createLogger('silent'), warn: (message: string) => warnings.push(message) };
    expect(mountWebApp(other.app, mkdtempSync(join(tmpdir(), 'gona-empty-')), logger)).toBe(false);
    expect(String(warnings[0])).toMatch(/not built/);
    expect((await other.request('GET', '/api/health')).status).toBe(200);
  });

  it('serves prerendered pages, files, and the SPA shell for the rest', async () => {
    const cases: Array<[string, number, string]> = [
      ['/', 200, 'home'],
      ['/about', 200, 'about'],
      ['/not-found', 404, '404'],
      ['/dashboard/inventory', 200, 'shell'],
      ['/login', 200, 'shell'],
      ['/no-such-page', 200, 'shell'],
    ];
    for (const [path, status, title] of cases) {
      const res = await t.request('GET', path);
      expect(res.status, path).toBe(status);
      expect(res.text, path).toContain(`<title>${title}</title>`);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
    }
  });

  it('caches hashed assets for a year but never the service worker', async () => {
    expect((await t.request('GET', '/assets/app-1a2b3c.js')).headers.get('cache-control')).toContain(
      'immutable',
    );
    expect((await t.request('GET', '/sw.js')).headers.get('cache-control')).toBe('no-cache');
  });

  it('compresses text with brotli or gzip', async () => {
    const br = await t.app.request('/assets/app-1a2b3c.js', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    const gz = await t.app.request('/assets/app-1a2b3c.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toContain('console.log');
  });

  it('never leaves dist and leaves /api and /dev alone', async () => {
    expect((await t.request('GET', '/..%2f..%2fetc%2fpasswd')).text).toContain('<title>shell</title>');
    expect((await t.request<ErrorBody>('GET', '/api/unknown')).body.error.code).toBe('NOT_FOUND');
    expect((await t.request('GET', '/dev/outbox', { ip: '203.0.113.1' })).status).toBe(404);
  });
});
