import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZE } from '../page-size/index';

export { MAX_PAGE_SIZE, PAGE_SIZE, type Page } from '../page-size/index';

/** ?limit= of a paginated list, with its default and its ceiling. */
export function pageLimitSchema(size: number, max: number) {
  return z.coerce
    .number()
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(max, `Limit must be at most ${max}`)
    .default(size);
}

/** Query string of every paginated list: keyset pagination with an opaque cursor (made by the server). */
export const PageQuerySchema = z.object({
  limit: pageLimitSchema(PAGE_SIZE, MAX_PAGE_SIZE),
  cursor: z.string().max(200).optional(),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** Every paginated list answers { items, next_cursor }; next_cursor is null on the last page. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), next_cursor: z.string().nullable() });
}
