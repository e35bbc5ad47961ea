/**
 * Plan limits without zod, so that screens which only quote them (the legal texts in the footer of
 * /login, for one) load without the schema library (@gona/shared/plans re-exports them).
 */

/** Spec section 9: the freemium plan allows at most 10 workers per farm. */
export const FREE_WORKER_LIMIT = 10;
