import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { listings, livestock_growth_logs, staff, suppliers, supplies } from '../db/schema/index';
import { AppError } from './errors';
import { byDate, byName, byValue, keyset, newestFirst } from './pagination';

const dialect = new PgDialect();
const ID = '0196f5a2-7c1e-7d3a-9b2e-4f5a6b7c8d9e';
const LATER = '0196f5a2-7c1e-7d3a-9b2e-4f5a6b7c8d9f';

/** The values a page's cursor puts into the next page's query. */
function paramsAfter(pages: ReturnType<typeof keyset>, cursor: string): unknown[] {
  const condition = pages.after(cursor);
  if (!condition) throw new Error('no condition');
  return dialect.sqlToQuery(condition).params;
}

function refusal(pages: ReturnType<typeof keyset>, cursor: string): unknown {
  try {
    pages.after(cursor);
  } catch (error) {
    return error instanceof AppError ? { code: error.code, fields: error.fields } : error;
  }
  return 'accepted';
}

describe('keyset', () => {
  const newest = keyset({ order: newestFirst(supplies) });
  const named = keyset({ order: byName(suppliers) });

  it('answers the next cursor only when there is a next page', () => {
    const rows = [
      { id: LATER, created_at: new Date('2025-05-26T14:05:00.123Z') },
      { id: ID, created_at: new Date('2025-05-26T14:05:00.123Z') },
    ];
    expect(newest.page(rows, 2)).toEqual({ items: rows, next_cursor: null });
    const page = newest.page(rows, 1);
    expect(page.items).toEqual([rows[0]]);
    expect(paramsAfter(newest, page.next_cursor ?? '')).toEqual([
      '2025-05-26T14:05:00.123Z',
      '2025-05-26T14:05:00.123Z',
      LATER,
    ]);
  });

  it('writes one cursor format, base64url of JSON, that a browser reads without Buffer', () => {
    const name = 'Ọ̀gẹ̀dẹ̀ & ₦ feed/“best”?';
    const cursor =
      named.page(
        [
          { id: ID, name },
          { id: LATER, name: 'z' },
        ],
        1,
      ).next_cursor ?? '';
    expect(cursor).toMatch(/^[\w-]+$/);
    const binary = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
    const json = new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    expect(JSON.parse(json)).toEqual([name, ID]);
    expect(paramsAfter(named, cursor)).toEqual([name, ID]);
  });

  it('refuses a crafted or spoiled cursor with a message on the cursor field', () => {
    const encode = (value: unknown) =>
      btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const refused = { code: 'VALIDATION', fields: { cursor: 'This page link is no longer valid' } };
    for (const cursor of [
      'garbage',
      'a',
      `${encode(['2025-05-26T14:05:00.123Z', ID])}=`,
      encode(['0000-01-01T00:00:00.000Z', ID]),
      encode(['+275760-09-13T00:00:00.000Z', ID]),
      encode(['2025-02-30T99:00:00.000Z', ID]),
      encode(['2025-05-26T14:05:00.123Z', 'not-a-uuid']),
      encode(['2025-05-26T14:05:00.123Z', ID, 'extra']),
      encode({ value: '2025-05-26T14:05:00.123Z', id: ID }),
      encode([1, 2]),
      btoa('\xff\xfe').replace(/=+$/, ''),
    ]) {
      expect(refusal(newest, cursor), cursor).toEqual(refused);
    }
    expect(refusal(named, encode(['a\u0000b', ID]))).toEqual(refused);
    expect(refusal(named, encode(['Urea', ID]))).toBe('accepted');
    expect(refusal(named, encode(['active', 'Urea', ID]))).toEqual(refused);
  });

  it('pages by name within groups with the group in the cursor, and wants it there', () => {
    const grouped = keyset({ order: byName(staff, staff.status) });
    const rows = [
      { id: ID, status: 'active', name: 'Zainab Bello' },
      { id: LATER, status: 'left', name: 'Aisha Musa' },
    ];
    const cursor = grouped.page(rows, 1).next_cursor ?? '';
    expect(paramsAfter(grouped, cursor)).toEqual(['active', 'Zainab Bello', ID]);
    expect(grouped.orderBy.map((part) => dialect.sqlToQuery(part).sql)).toEqual([
      '"staff"."status" asc',
      '"staff"."name" asc',
      '"staff"."id" asc',
    ]);
    const named = keyset({ order: byName(suppliers) });
    const nameOnly = named.page([{ id: ID, name: 'Zainab Bello' }, rows[1]!], 1).next_cursor ?? '';
    expect(refusal(grouped, nameOnly)).toMatchObject({ code: 'VALIDATION' });
  });

  it('pages by date, latest first, with the day in the cursor, and refuses a cursor without a day', () => {
    const dated = keyset({ order: byDate(livestock_growth_logs) });
    const rows = [
      { id: ID, date: '2025-05-28' },
      { id: LATER, date: '2025-05-20' },
    ];
    const cursor = dated.page(rows, 1).next_cursor ?? '';
    expect(paramsAfter(dated, cursor)).toEqual(['2025-05-28', ID]);
    expect(dated.orderBy.map((part) => dialect.sqlToQuery(part).sql)).toEqual([
      '"livestock_growth_logs"."date" desc',
      '"livestock_growth_logs"."id" desc',
    ]);
    const newestCursor = newest.page(
      [{ id: ID, created_at: new Date('2025-05-26T14:05:00.123Z') }, rows[1]!],
      1,
    );
    expect(refusal(dated, newestCursor.next_cursor ?? '')).toMatchObject({ code: 'VALIDATION' });
  });

  it("pages by a value with the sort named in the cursor: another sort's cursor or a bad value is refused", () => {
    const price = (tag: string, descending: boolean) =>
      keyset({
        order: byValue(listings, {
          tag,
          key: listings.price_kobo,
          cast: 'bigint',
          descending,
          valid: (v) => /^\d{1,15}$/.test(v),
        }),
      });
    const cheapest = price('price_asc', false);
    const dearest = price('price_desc', true);
    const rows = [
      { id: ID, sort_value: 250_000 },
      { id: LATER, sort_value: 300_000 },
    ];
    const cursor = cheapest.page(rows, 1).next_cursor ?? '';
    expect(paramsAfter(cheapest, cursor)).toEqual(['250000', ID]);
    expect(dialect.sqlToQuery(cheapest.after(cursor)!).sql).toContain(') > (');
    expect(cheapest.orderBy.map((part) => dialect.sqlToQuery(part).sql)).toEqual([
      '"listings"."price_kobo" asc',
      '"listings"."id" asc',
    ]);
    expect(dearest.orderBy.map((part) => dialect.sqlToQuery(part).sql)).toEqual([
      '"listings"."price_kobo" desc',
      '"listings"."id" desc',
    ]);
    expect(refusal(dearest, cursor)).toMatchObject({
      code: 'VALIDATION',
      fields: { cursor: 'This page link is no longer valid' },
    });
    const spoiled = cheapest.page([{ id: ID, sort_value: '1; DROP' }, rows[1]!], 1).next_cursor ?? '';
    expect(refusal(cheapest, spoiled)).toMatchObject({ code: 'VALIDATION' });
  });

  it('pages by two values when asked (open disputes first, then oldest), with both in the cursor', () => {
    const queue = keyset({
      order: byValue(listings, {
        tag: 'queue',
        key: listings.hidden_at,
        cast: 'boolean',
        valid: (v) => v === 'true' || v === 'false',
        then: { key: listings.created_at, cast: 'timestamptz', valid: (v) => !Number.isNaN(Date.parse(v)) },
      }),
    });
    const rows = [
      { id: ID, sort_value: false, sort_then: new Date('2025-05-26T14:05:00.123Z') },
      { id: LATER, sort_value: true, sort_then: new Date('2025-05-20T08:00:00.000Z') },
    ];
    const cursor = queue.page(rows, 1).next_cursor ?? '';
    expect(paramsAfter(queue, cursor)).toEqual(['false', '2025-05-26T14:05:00.123Z', ID]);
    expect(queue.orderBy.map((part) => dialect.sqlToQuery(part).sql)).toEqual([
      '"listings"."hidden_at" asc',
      '"listings"."created_at" asc',
      '"listings"."id" asc',
    ]);
    const oneValue = keyset({
      order: byValue(listings, { tag: 'queue', key: listings.hidden_at, cast: 'boolean', valid: () => true }),
    });
    expect(refusal(oneValue, cursor)).toMatchObject({ code: 'VALIDATION' });
  });

  it('pages by date earliest first when asked, going forward from the cursor', () => {
    const forward = keyset({ order: byDate(livestock_growth_logs, true) });
    const cursor = forward.page(
      [
        { id: ID, date: '2025-05-20' },
        { id: LATER, date: '2025-05-28' },
      ],
      1,
    ).next_cursor;
    const condition = forward.after(cursor ?? '');
    expect(dialect.sqlToQuery(condition!).sql).toContain(') > (');
    expect(forward.orderBy.map((part) => dialect.sqlToQuery(part).sql)).toEqual([
      '"livestock_growth_logs"."date" asc',
      '"livestock_growth_logs"."id" asc',
    ]);
  });
});
