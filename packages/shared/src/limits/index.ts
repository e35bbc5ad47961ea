/** Column limits the rules check against, apart from the schemas so that they load without zod. */

/** The largest value of a PostgreSQL integer (int4) column. */
export const INT4_MAX = 2_147_483_647;
