/**
 * Page sizes, apart from the pagination schemas so that a screen can know them without loading zod
 * (the first load of /login and /dashboard carries no validator).
 */

/** Rows per page: a few phone screens of cards, small enough to be cheap on a metered connection. */
export const PAGE_SIZE = 25;
/** The most rows one page may ask for. */
export const MAX_PAGE_SIZE = 200;

/** Every paginated list answers { items, next_cursor }; next_cursor is null on the last page. */
export type Page<T> = { items: T[]; next_cursor: string | null };
