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
