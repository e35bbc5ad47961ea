import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { farms } from './db/schema/index';
import type { ErrorBody } from '@gona/shared';
import { createTestContext, type TestContext } from './test/context';
import { seedUser } from './test/farm-team';

/**
 * Bad input never becomes a 500. The routes come from /api/openapi.json, so a new route is covered
 * without editing this file: every write route gets valid-looking bodies with one field spoiled at a
 * time (a NUL byte, numbers past int4 and 2^53, a year-0 date, wrong types), every route with a
 * query string gets spoiled query values, and every write route gets a body over the limit.
 */

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  enum?: unknown[];
  format?: string;
  anyOf?: Schema[];
  items?: Schema;
  default?: unknown;
  minimum?: number;
};
type Operation = {
  parameters?: { name: string; in: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
type Route = { method: string; path: string; op: Operation };

const INT4_OVERFLOW = 2 ** 31;
const SAFE_OVERFLOW = 2 ** 53 + 2;

let t: TestContext;
let cookie: string;
let routes: Route[];
let ids: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  const owner = await seedUser(t);
  cookie = owner.cookie;
  const farm = await t.createFarm(cookie);
  const supply = await t.request<{ id: string }>('POST', `/api/farms/${farm.id}/supplies`, {
    cookie,
    body: { category: 'fertilizer', name: 'Urea', unit: 'bag_50kg', quantity: '5', low_threshold: '1' },
  });
  const supplier = await t.request<{ id: string }>('POST', `/api/farms/${farm.id}/suppliers`, {
    cookie,
    body: { name: 'Zeb' },
  });
  ids = { farmId: farm.id, supplyId: supply.body.id, supplierId: supplier.body.id };
  const doc = await t.request<{ paths: Record<string, Record<string, Operation>> }>(
    'GET',
    '/api/openapi.json',
  );
  routes = Object.entries(doc.body.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
});

function urlOf(route: Route): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? randomUUID());
}

/** A route that takes files, with its own body limit. */
function isUpload(route: Route): boolean {
  return Boolean(route.op.requestBody?.content?.['multipart/form-data']);
}

function bodySchema(route: Route): Schema | undefined {
  return route.op.requestBody?.content?.['application/json']?.schema;
}

function types(schema: Schema): string[] {
  if (schema.anyOf) return schema.anyOf.flatMap(types);
  return Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
}

/** A value that passes the field's shape, to keep the other fields valid while one is spoiled. */
function sample(schema: Schema): unknown {
  const inner = schema.anyOf?.find((s) => s.type !== 'null') ?? schema;
  if (inner.enum) return inner.enum[0];
  if (inner.default !== undefined) return inner.default;
  switch (types(inner)[0]) {
    case 'integer':
    case 'number':
      return Math.max(1, inner.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      if (inner.format === 'uuid') return randomUUID();
      if (inner.format === 'date') return '2025-05-26';
      if (inner.format === 'email') return `${randomUUID().slice(0, 8)}@example.com`;
      return 'Sample text';
  }
}

function spoiled(schema: Schema): unknown[] {
  const kinds = types(schema);
  const values: unknown[] = [null, { nested: true }, ['list']];
  if (kinds.includes('string')) values.push('bad\u0000text', '0000-01-01', 'x'.repeat(10_000), 12);
  if (kinds.includes('integer') || kinds.includes('number'))
    values.push(INT4_OVERFLOW, SAFE_OVERFLOW, -1, 1.5, '12', 1e308);
  return values;
}

describe('malformed input on every route in /api/openapi.json', () => {
  it('finds the write routes to try', () => {
    expect(routes.filter((r) => bodySchema(r)).length).toBeGreaterThanOrEqual(8);
  });

  it('answers every spoiled body field with a 4xx, never a 500', async () => {
    const failures: string[] = [];
    let tried = 0;
    for (const route of routes) {
      const schema = bodySchema(route);
      if (!schema?.properties) continue;
      const valid = Object.fromEntries(Object.entries(schema.properties).map(([k, s]) => [k, sample(s)]));
      for (const [field, fieldSchema] of Object.entries(schema.properties)) {
        for (const value of spoiled(fieldSchema)) {
          tried++;
          const res = await t.request(route.method, urlOf(route), {
            cookie,
            body: { ...valid, [field]: value },
          });
          if (res.status >= 500)
            failures.push(`${route.method} ${route.path} ${field}=${JSON.stringify(value)}: ${res.status}`);
        }
      }
      for (const body of ['not json', '[]', '"text"', '{"a":']) {
        const res = await t.request(route.method, urlOf(route), {
          cookie,
          headers: { 'content-type': 'application/json' },
          raw: body,
        });
        if (res.status >= 500) failures.push(`${route.method} ${route.path} body ${body}: ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
    expect(tried).toBeGreaterThan(300);
  }, 120_000);

  it('refuses a NUL byte in a text field with 400 naming the field', async () => {
    const res = await t.request<ErrorBody>('POST', `/api/farms/${ids.farmId}/suppliers`, {
      cookie,
      body: { name: 'Zeb\u0000Agro' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ name: 'Remove the invisible control characters from this text' });
  });

  it('answers spoiled query strings and page cursors with a 4xx, never a 500', async () => {
    const cursors = [
      'garbage',
      Buffer.from(JSON.stringify(['0000-01-01T00:00:00.000Z', randomUUID()])).toString('base64url'),
      Buffer.from(JSON.stringify(['+275760-09-13T00:00:00.000Z', randomUUID()])).toString('base64url'),
      Buffer.from(JSON.stringify(['a\u0000b', randomUUID()])).toString('base64url'),
      Buffer.from(JSON.stringify([1, 2])).toString('base64url'),
    ];
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.method === 'GET')) {
      const names = (route.op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      for (const name of names) {
        const values =
          name === 'cursor' ? cursors : ['bad\u0000value', '-1', '99999999999999999999', 'x'.repeat(500)];
        for (const value of values) {
          const res = await t.request('GET', `${urlOf(route)}?${name}=${encodeURIComponent(value)}`, {
            cookie,
          });
          if (res.status >= 500) failures.push(`${route.path}?${name}=${value}: ${res.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('answers 413 to a body over 1 MB on every write route and on the auth and contact endpoints', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) });
    const paths = [
      ...routes.filter((r) => r.method !== 'GET' && !isUpload(r)).map((r) => [r.method, urlOf(r)] as const),
      ['POST', '/api/auth/sign-in/email'] as const,
      ['POST', '/api/auth/sign-up/email'] as const,
      ['POST', '/api/contact'] as const,
    ];
    for (const [method, path] of paths) {
      for (const type of ['application/json', 'text/plain', 'application/octet-stream']) {
        const res = await t.request(method, path, { cookie, headers: { 'content-type': type }, raw: big });
        expect(res.status, `${method} ${path} ${type}`).toBe(413);
      }
    }
  }, 120_000);

  it('answers 413 to a body over UPLOAD_MAX_BYTES on every upload route, whatever it claims to be', async () => {
    const uploads = routes.filter(isUpload);
    expect(uploads.length).toBeGreaterThan(0);
    const big = 'x'.repeat(t.deps.config.uploads.maxBytes + 64 * 1024 + 1);
    for (const route of uploads) {
      for (const type of [
        'multipart/form-data; boundary=x',
        'application/json',
        'application/octet-stream',
      ]) {
        const res = await t.request(route.method, urlOf(route), {
          cookie,
          headers: { 'content-type': type },
          raw: big,
        });
        expect(res.status, `${route.method} ${route.path} ${type}`).toBe(413);
      }
    }
  }, 120_000);

  it('refuses a time zone that does not exist, and exports still work for a farm that has one stored', async () => {
    const farm = await t.request<{ version: number }>('GET', `/api/farms/${ids.farmId}`, { cookie });
    const res = await t.request<ErrorBody>('PATCH', `/api/farms/${ids.farmId}`, {
      cookie,
      body: { timezone: 'Mars/Olympus_Mons', version: farm.body.version },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ timezone: 'Choose a time zone such as Africa/Lagos' });
    const created = await t.request('POST', '/api/farms', {
      cookie,
      body: { name: 'Red Soil', location: 'Jos', farm_type: 'crop', timezone: 'Mars/Olympus_Mons' },
    });
    expect(created.status).toBe(400);

    await t.db.update(farms).set({ timezone: 'Mars/Olympus_Mons' }).where(eq(farms.id, ids.farmId!));
    const csv = await t.request('GET', `/api/farms/${ids.farmId}/supplies/export.csv`, { cookie });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('Urea');
  });
});
