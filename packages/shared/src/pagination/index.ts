import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

/** Query string of every paginated list: keyset pagination with an opaque cursor. */
export const PageQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(MAX_PAGE_SIZE, `Limit must be at most ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE),
  cursor: z.string().max(200).optional(),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** Every paginated list answers { items, next_cursor }; next_cursor is null on the last page. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), next_cursor: z.string().nullable() });
}
export type Page<T> = { items: T[]; next_cursor: string | null };

/** Cursor for lists ordered by (created_at desc, id desc). */
export function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(`${createdAt}|${id}`, 'utf8').toString('base64url');
}

/** Cursors are made by encodeCursor from stored timestamps: anything else (crafted, truncated) is null. */
const CURSOR_TIME = /^(19|20|21)\d\d-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

export function decodeCursor(cursor: string): { createdAt: string; id: string } | null {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const [createdAt, id, ...rest] = text.split('|');
  if (!createdAt || !id || rest.length || !CURSOR_TIME.test(createdAt) || Number.isNaN(Date.parse(createdAt)))
    return null;
  return { createdAt, id };
}
