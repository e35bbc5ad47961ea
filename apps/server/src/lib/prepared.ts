import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * A query that runs on nearly every request, prepared once per database: PostgreSQL parses and
 * plans it once per connection, and drizzle builds its SQL once, instead of on every request.
 */
export function preparedQuery<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const prepared = new WeakMap<Db, Q>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) {
      query = build(db);
      prepared.set(db, query);
    }
    return query;
  };
}

/**
 * A page's LIMIT written into the statement's text instead of sent as a parameter. PostgreSQL plans
 * a parameterised LIMIT as if a tenth of the rows were wanted, so a named statement's one plan for
 * every request (a generic plan) never wins over planning each request afresh; with the number in
 * the text it does whenever it is as good. Page sizes are few (1 to 201), each a statement of its own.
 */
export function literalLimit(limit: number): number {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`Not a page size: ${limit}`);
  // drizzle writes an SQL object in LIMIT as it is (its type asks for a number or a placeholder).
  return sql.raw(String(limit)) as unknown as number;
}
