import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/database';
import type { Database } from './client';

/**
 * The back office searches text by any part ("ILIKE '%…%'", `containing` in lib/search.ts) or by a
 * start. A B-tree cannot answer either, so each searched column has a pg_trgm GIN index; these check
 * that the planner can answer each search from its index, on PostgreSQL and on PGlite alike.
 */
const SEARCHES: { index: string; query: SQL }[] = [
  { index: 'farms_name_trgm_idx', query: sql`select id from farms where name ilike '%adewale%'` },
  { index: 'listings_title_trgm_idx', query: sql`select id from listings where title ilike '%tomato%'` },
  { index: 'orders_title_trgm_idx', query: sql`select id from orders where title ilike '%tomato%'` },
  { index: 'orders_seller_name_trgm_idx', query: sql`select id from orders where seller_name ilike '%ola%'` },
  { index: 'orders_reference_trgm_idx', query: sql`select id from orders where reference ilike 'GN-4K%'` },
  {
    index: 'order_payments_reference_trgm_idx',
    query: sql`select id from order_payments where reference ilike 'GN-4K%'`,
  },
  {
    index: 'users_full_name_trgm_idx',
    query: sql`select id from users where first_name || ' ' || last_name ilike '%chi okafor%'`,
  },
  { index: 'users_email_trgm_idx', query: sql`select id from users where lower(email) like 'chioma.o%'` },
];

describe('the back office searches', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it.each(SEARCHES)('are answered from $index', async ({ index, query }) => {
    const plan = await database.db.transaction(async (tx) => {
      // The tables are nearly empty, where reading them whole is cheapest; ask what else is possible.
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(sql`explain ${query}`);
      return (result as { rows: { 'QUERY PLAN': string }[] }).rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain(index);
  });
});
