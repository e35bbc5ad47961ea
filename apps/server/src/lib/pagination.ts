import { and, asc, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { CONTROL_CHARACTERS } from '@gona/shared/fields';
import type { Page } from '@gona/shared/pagination';
import { AppError } from './errors';
import { isUuid } from './ids';

/** The two orders lists use: newest first (created_at desc, id desc) and by name (name asc, id asc). */
export type Order =
  { by: 'newest'; createdAt: PgColumn; id: PgColumn } | { by: 'name'; name: PgColumn; id: PgColumn };

export function newestFirst(table: { created_at: PgColumn; id: PgColumn }): Order {
  return { by: 'newest', createdAt: table.created_at, id: table.id };
}

export function byName(table: { name: PgColumn; id: PgColumn }): Order {
  return { by: 'name', name: table.name, id: table.id };
}

type Row = { id: string; created_at?: Date | string; name?: string };

export type Keyset = {
  /** The condition for rows after the cursor's row; undefined on the first page; 400 for a bad cursor. */
  after(cursor: string | undefined): SQL | undefined;
  orderBy: SQL[];
  /** Takes the limit + 1 rows a query fetched and answers { items, next_cursor }. */
  page<T extends Row>(rows: T[], limit: number): Page<T>;
};

/**
 * Keyset pagination: the cursor is the last row's sort key. Use the three pieces together:
 *   const pages = keyset({ order: newestFirst(supplies) });
 *   .where(and(farmFilter, pages.after(query.cursor))).orderBy(...pages.orderBy).limit(query.limit + 1)
 * then pages.page(rows, query.limit). Timestamps must have millisecond precision (precision: 3) so
 * the cursor survives the round trip through JavaScript.
 */
export function keyset({ order }: { order: Order }): Keyset {
  return {
    after(cursor) {
      if (!cursor) return undefined;
      const key = decodeCursor(cursor);
      if (!key || !isUuid(key.id) || !validKey[order.by](key.value))
        throw new AppError('VALIDATION', undefined, { cursor: 'This page link is no longer valid' });
      if (order.by === 'name')
        return sql`(${order.name}, ${order.id}) > (${key.value}::text, ${key.id}::uuid)`;
      const createdAt = new Date(key.value);
      return or(lt(order.createdAt, createdAt), and(eq(order.createdAt, createdAt), lt(order.id, key.id)));
    },
    orderBy: order.by === 'name' ? [asc(order.name), asc(order.id)] : [desc(order.createdAt), desc(order.id)],
    page(rows, limit) {
      const items = rows.slice(0, limit);
      const last = items.at(-1);
      const next_cursor = rows.length > limit && last ? encodeCursor(keyOf(order, last), last.id) : null;
      return { items, next_cursor };
    },
  };
}

/** Cursors are made by encodeCursor from stored values: anything else (crafted, truncated) fails here. */
const CURSOR_TIME = /^(19|20|21)\d\d-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

const validKey: Record<Order['by'], (value: string) => boolean> = {
  newest: (value) => CURSOR_TIME.test(value) && !Number.isNaN(Date.parse(value)),
  name: (value) => !CONTROL_CHARACTERS.test(value),
};

function keyOf(order: Order, row: Row): string {
  const value = order.by === 'name' ? row.name : row.created_at;
  if (value === undefined) throw new TypeError(`A row paged by ${order.by} needs its sort key`);
  return value instanceof Date ? value.toISOString() : value;
}

/** base64url of the JSON [key, id], made without Node's Buffer so any runtime reads it the same way. */
function encodeCursor(value: string, id: string): string {
  const bytes = new TextEncoder().encode(JSON.stringify([value, id]));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function decodeCursor(cursor: string): { value: string; id: string } | null {
  if (!/^[\w-]+$/.test(cursor)) return null;
  let key: unknown;
  try {
    const binary = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    key = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return null;
  }
  if (!Array.isArray(key) || key.length !== 2 || typeof key[0] !== 'string' || typeof key[1] !== 'string')
    return null;
  return { value: key[0], id: key[1] };
}
