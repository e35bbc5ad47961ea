import { and, desc, lt, or, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { decodeCursor, encodeCursor, type Page } from '@gona/shared/pagination';
import { AppError } from './errors';
import { isUuid } from './ids';

type Keyset = { createdAt: PgColumn; id: PgColumn };

/**
 * Keyset pagination over (created_at desc, id desc). Use all three pieces with the same columns:
 *   .where(and(farmFilter, afterCursor(cols, query.cursor))).orderBy(...newestFirst(cols)).limit(query.limit + 1)
 * then toPage(rows, query.limit). Timestamps must have millisecond precision (precision: 3) so the
 * cursor survives the round trip through JavaScript.
 */
export function afterCursor(cols: Keyset, cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const decoded = decodeCursor(cursor);
  if (!decoded || !isUuid(decoded.id))
    throw new AppError('VALIDATION', undefined, { cursor: 'This page link is no longer valid' });
  const createdAt = new Date(decoded.createdAt);
  return or(lt(cols.createdAt, createdAt), and(eq(cols.createdAt, createdAt), lt(cols.id, decoded.id)));
}

export function newestFirst(cols: Keyset): SQL[] {
  return [desc(cols.createdAt), desc(cols.id)];
}

/** Takes the limit + 1 rows a query fetched and answers { items, next_cursor }. */
export function toPage<T extends { id: string; created_at: Date | string }>(
  rows: T[],
  limit: number,
): Page<T> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  const next_cursor =
    rows.length > limit && last
      ? encodeCursor(
          last.created_at instanceof Date ? last.created_at.toISOString() : last.created_at,
          last.id,
        )
      : null;
  return { items, next_cursor };
}
