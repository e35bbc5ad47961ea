import { and, asc, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { CONTROL_CHARACTERS } from '@gona/shared/fields';
import type { Page } from '@gona/shared/pagination';
import { AppError } from './errors';
import { isUuid } from './ids';

/**
 * The orders lists use: newest first (created_at desc, id desc), by name (name asc, id asc),
 * optionally within groups of a text column first (status asc, name asc, id asc: active people
 * before those who left), and by the day a record is about (date desc, id desc: an animal's
 * health records, the day's eggs), where a record written later for an earlier day sorts by its day.
 */
export type Order =
  | { by: 'newest'; createdAt: PgColumn; id: PgColumn }
  | { by: 'name'; name: PgColumn; id: PgColumn; group?: PgColumn }
  | { by: 'date'; date: PgColumn; id: PgColumn; earliestFirst?: boolean }
  | ({ by: 'value'; id: PgColumn } & ValueKey);

/**
 * A sort by any value (a price, a distance, a publication time), then id. `key` is what is ordered
 * and compared (a column or an expression), cast to `cast` for the cursor's value; the rows carry
 * the value as text under `sort_value` (select `key`, or `text` when the key's own text would not
 * survive the round trip, as a timestamp's microseconds). `tag` names the sort: a cursor made for
 * another sort of the same list is refused, as is a value `valid` does not accept. `then` is a
 * second value ordered in the same direction before the id (the rows carry it as `sort_then`): the
 * back office's disputes, open ones first (`status = 'resolved'`), then oldest first.
 */
export type ValueKey = SortValue & {
  tag: string;
  descending?: boolean;
  then?: SortValue;
};

type SortValue = {
  key: PgColumn | SQL;
  cast: 'bigint' | 'float8' | 'timestamptz' | 'boolean';
  valid: (value: string) => boolean;
};

export function newestFirst(table: { created_at: PgColumn; id: PgColumn }): Order {
  return { by: 'newest', createdAt: table.created_at, id: table.id };
}

/** By name; with `group`, by that text column first (its rows carry it under the column's name). */
export function byName(table: { name: PgColumn; id: PgColumn }, group?: PgColumn): Order {
  return group
    ? { by: 'name', name: table.name, id: table.id, group }
    : { by: 'name', name: table.name, id: table.id };
}

/** By a value (`ValueKey`), then id in the same direction. */
export function byValue(table: { id: PgColumn }, key: ValueKey): Order {
  return { by: 'value', id: table.id, ...key };
}

/**
 * By a calendar date column, latest first; ids (time-ordered) break ties, newest first. With
 * `earliestFirst`, the other way round (a crop's stages from sowing on).
 */
export function byDate(table: { date: PgColumn; id: PgColumn }, earliestFirst = false): Order {
  return { by: 'date', date: table.date, id: table.id, earliestFirst };
}

type Row = {
  id: string;
  created_at?: Date | string;
  name?: string | null;
  date?: string;
  sort_value?: unknown;
  sort_then?: unknown;
};

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
      const width = order.by === 'value' ? (order.then ? 3 : 2) : order.by === 'name' && order.group ? 2 : 1;
      const invalid = new AppError('VALIDATION', undefined, { cursor: 'This page link is no longer valid' });
      if (!key || key.values.length !== width || !isUuid(key.id)) throw invalid;
      if (order.by === 'value') {
        const [tag, value = '', then = ''] = key.values;
        if (tag !== order.tag || !order.valid(value) || (order.then && !order.then.valid(then)))
          throw invalid;
        const cast = sql.raw(order.cast);
        const columns = order.then ? sql`${order.key}, ${order.then.key}` : sql`${order.key}`;
        const values = order.then
          ? sql`${value}::${cast}, ${then}::${sql.raw(order.then.cast)}`
          : sql`${value}::${cast}`;
        return order.descending
          ? sql`(${columns}, ${order.id}) < (${values}, ${key.id}::uuid)`
          : sql`(${columns}, ${order.id}) > (${values}, ${key.id}::uuid)`;
      }
      if (!key.values.every(validKey[order.by])) throw invalid;
      if (order.by === 'name' && order.group) {
        const [group, name] = key.values;
        return sql`(${order.group}, ${order.name}, ${order.id}) > (${group}::text, ${name}::text, ${key.id}::uuid)`;
      }
      const [value = ''] = key.values;
      if (order.by === 'date')
        return order.earliestFirst
          ? sql`(${order.date}, ${order.id}) > (${value}::date, ${key.id}::uuid)`
          : sql`(${order.date}, ${order.id}) < (${value}::date, ${key.id}::uuid)`;
      if (order.by === 'name') return sql`(${order.name}, ${order.id}) > (${value}::text, ${key.id}::uuid)`;
      const createdAt = new Date(value);
      return or(lt(order.createdAt, createdAt), and(eq(order.createdAt, createdAt), lt(order.id, key.id)));
    },
    orderBy:
      order.by === 'value'
        ? [order.key, ...(order.then ? [order.then.key] : []), order.id].map((part) =>
            order.descending ? desc(part) : asc(part),
          )
        : order.by === 'name'
          ? [...(order.group ? [asc(order.group)] : []), asc(order.name), asc(order.id)]
          : order.by === 'date'
            ? order.earliestFirst
              ? [asc(order.date), asc(order.id)]
              : [desc(order.date), desc(order.id)]
            : [desc(order.createdAt), desc(order.id)],
    page(rows, limit) {
      const items = rows.slice(0, limit);
      const last = items.at(-1);
      const next_cursor = rows.length > limit && last ? encodeCursor(keysOf(order, last), last.id) : null;
      return { items, next_cursor };
    },
  };
}

/** Cursors are made by encodeCursor from stored values: anything else (crafted, truncated) fails here. */
const CURSOR_TIME = /^(19|20|21)\d\d-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const CURSOR_DATE = /^(19|20|21|22)\d\d-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

const validKey: Record<Exclude<Order['by'], 'value'>, (value: string) => boolean> = {
  newest: (value) => CURSOR_TIME.test(value) && !Number.isNaN(Date.parse(value)),
  name: (value) => !CONTROL_CHARACTERS.test(value),
  date: (value) => CURSOR_DATE.test(value),
};

/** A sort value as the cursor keeps it: numbers and booleans as text, times by keysOf. */
function sortText(value: unknown): unknown {
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
}

function keysOf(order: Order, row: Row): string[] {
  const values =
    order.by === 'value'
      ? [order.tag, sortText(row.sort_value), ...(order.then ? [sortText(row.sort_then)] : [])]
      : order.by === 'name'
        ? [...(order.group ? [(row as Record<string, unknown>)[order.group.name]] : []), row.name]
        : order.by === 'date'
          ? [row.date]
          : [row.created_at];
  return values.map((value) => {
    if (value instanceof Date) return value.toISOString();
    if (typeof value !== 'string') throw new TypeError(`A row paged by ${order.by} needs its sort keys`);
    return value;
  });
}

/** base64url of the JSON [...keys, id], made without Node's Buffer so any runtime reads it the same way. */
function encodeCursor(values: string[], id: string): string {
  const bytes = new TextEncoder().encode(JSON.stringify([...values, id]));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function decodeCursor(cursor: string): { values: string[]; id: string } | null {
  if (!/^[\w-]+$/.test(cursor)) return null;
  let key: unknown;
  try {
    const binary = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    key = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return null;
  }
  if (
    !Array.isArray(key) ||
    key.length < 2 ||
    key.length > 4 ||
    !key.every((part) => typeof part === 'string')
  )
    return null;
  return { values: key.slice(0, -1), id: key.at(-1) ?? '' };
}
