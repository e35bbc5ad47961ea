import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context';
import { seedUser } from '../../test/farm-team';

/** A tile server speaking the XYZ protocol (/{z}/{x}/{y}.png), as OpenStreetMap's does. */
let tileServer: Server;
const asked: string[] = [];
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

let t: TestContext;
let withMap: TestContext;
let cookie: string;

beforeAll(async () => {
  tileServer = createServer((req, res) => {
    asked.push(req.url ?? '');
    if (req.url === '/broken/1/0/0.png') {
      res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>down</h1>');
      return;
    }
    res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
  });
  await new Promise<void>((resolve) => tileServer.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(tileServer.address() as AddressInfo).port}`;
  t = await createTestContext();
  withMap = await createTestContext({
    TILES_STREET_URL: `${base}/{z}/{x}/{y}.png`,
    TILES_SATELLITE_URL: `${base}/broken/{z}/{x}/{y}.png`,
    TILES_ATTRIBUTION: '© Example Maps <contributors>',
  });
  cookie = (await seedUser(withMap)).cookie;
});

afterAll(() => new Promise<void>((resolve) => tileServer.close(() => resolve())));

describe('map tiles', () => {
  it('passes a tile of the configured map server through, for a signed-in person, with a week of caching', async () => {
    const res = await withMap.app.request('/api/tiles/street/12/2142/1915.png', { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('private, max-age=604800');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);
    expect(asked).toContain('/12/2142/1915.png');
  });

  it('draws a plain grid where no map server is configured', async () => {
    const user = await seedUser(t);
    const res = await t.app.request('/api/tiles/satellite/3/4/3.png', { headers: { cookie: user.cookie } });
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
  });

  it('tells a signed-in person who made the map, as configured, and nobody else', async () => {
    const res = await withMap.app.request('/api/tiles/attribution', { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ attribution: '© Example Maps <contributors>' });
    expect((await withMap.app.request('/api/tiles/attribution')).status).toBe(401);
    const user = await seedUser(t);
    const none = await t.app.request('/api/tiles/attribution', { headers: { cookie: user.cookie } });
    expect(await none.json()).toEqual({ attribution: '' });
  });

  it('refuses no session, a tile off the map, an unknown layer, and says so when the map server fails', async () => {
    expect((await withMap.app.request('/api/tiles/street/1/0/0.png')).status).toBe(401);
    const off = await withMap.app.request('/api/tiles/street/2/4/0.png', { headers: { cookie } });
    expect(off.status).toBe(404);
    expect((await withMap.app.request('/api/tiles/roads/1/0/0.png', { headers: { cookie } })).status).toBe(
      400,
    );
    expect((await withMap.app.request('/api/tiles/street/25/0/0.png', { headers: { cookie } })).status).toBe(
      400,
    );
    const down = await withMap.app.request('/api/tiles/satellite/1/0/0.png', { headers: { cookie } });
    expect(down.status).toBe(503);
    expect(((await down.json()) as { error: { message: string } }).error.message).toBe(
      'The map could not be loaded. Your fields are still here.',
    );
  });
});
