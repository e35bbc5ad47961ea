import { desc, sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { RATING_SIDES, type RatingSide } from '@gona/shared/marketplace';
import { users } from './auth';
import { createdAt, id, oneOf } from './columns';
import { orders } from './marketplace';

/**
 * Ratings after an order: once it is completed, its buyer rates the seller (side 'buyer') and the
 * selling farm rates the buyer (side 'seller'), once each. Summaries read them through the order
 * (its farm for a seller, its buyer for a buyer).
 */
export const ratings = pgTable(
  'ratings',
  {
    id: id(),
    order_id: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Who gave it: the buyer (of the seller) or the seller (of the buyer). */
    side: text('side').$type<RatingSide>().notNull(),
    /** The person who rated (null once their account is removed). */
    rated_by: uuid('rated_by').references(() => users.id, { onDelete: 'set null' }),
    stars: smallint('stars').notNull(),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    comment: text('comment'),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('ratings_order_side_idx').on(t.order_id, t.side),
    index('ratings_side_created_idx').on(t.side, desc(t.created_at)),
    check('ratings_side_check', sql`${t.side} IN (${oneOf(RATING_SIDES)})`),
    check('ratings_stars_check', sql`${t.stars} BETWEEN 1 AND 5`),
  ],
);
