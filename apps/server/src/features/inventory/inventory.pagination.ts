import { CONTROL_CHARACTERS } from '@gona/shared/fields';
import { asc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Page } from '@gona/shared/pagination';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';

type NameKeyset = { name: PgColumn; id: PgColumn };

/**
 * Keyset pagination over (name asc, id asc), for the lists the spec orders by name (supplies of a
 * category, active suppliers). The companion of lib/pagination.ts, which covers newest first:
 *   .where(and(farmFilter, afterName(cols, query.cursor))).orderBy(...byName(cols)).limit(query.limit + 1)
 * then toNamePage(rows, query.limit).
 */
export function afterName(cols: NameKeyset, cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const key = decodeNameCursor(cursor);
  if (!key) throw new AppError('VALIDATION', undefined, { cursor: 'This page link is no longer valid' });
  return sql`(${cols.name}, ${cols.id}) > (${key.name}::text, ${key.id}::uuid)`;
}

export function byName(cols: NameKeyset): SQL[] {
  return [asc(cols.name), asc(cols.id)];
}

export function toNamePage<T extends { id: string; name: string }>(rows: T[], limit: number): Page<T> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  const next_cursor =
    rows.length > limit && last
      ? Buffer.from(JSON.stringify([last.name, last.id]), 'utf8').toString('base64url')
      : null;
  return { items, next_cursor };
}

function decodeNameCursor(cursor: string): { name: string; id: string } | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (
    !Array.isArray(value) ||
    typeof value[0] !== 'string' ||
    typeof value[1] !== 'string' ||
    CONTROL_CHARACTERS.test(value[0]) ||
    !isUuid(value[1])
  ) {
    return null;
  }
  return { name: value[0], id: value[1] };
}
