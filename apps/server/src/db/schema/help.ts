import { customType, index, integer, pgTable, text, uuid, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, id, timestampMs, updatedAt } from './columns';
import { farms } from './farms';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The help centre's articles (packages/shared/help/*.md), loaded on every start like the knowledge
 * base (a changed file replaces the rows); `search` is weighted A for the title, B for the
 * description, C for the body.
 */
export const help_articles = pgTable(
  'help_articles',
  {
    slug: text('slug').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    position: integer('position').notNull(),
    body: text('body').notNull(),
    search: tsvector('search').notNull(),
  },
  (t) => [index('help_articles_search_idx').using('gin', t.search)],
);

/**
 * "Did this answer your question?" counted per article, with nothing about who answered, so the
 * team can see which articles to rewrite. Kept by slug: an article's counts outlive a reload.
 */
export const help_feedback = pgTable('help_feedback', {
  slug: text('slug').primaryKey(),
  helpful: integer('helpful').notNull().default(0),
  not_helpful: integer('not_helpful').notNull().default(0),
  updated_at: updatedAt(),
});

/** A person's own link to invite another farmer to Gona (/signup?ref=<code>). */
export const referral_codes = pgTable('referral_codes', {
  user_id: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  code: text('code').notNull().unique(),
  created_at: createdAt(),
});

/**
 * Who joined through whose link, stored when the account is created (so it survives confirming the
 * address). `rewarded_at` is set once, when the inviter's month of Pro is granted.
 */
export const referrals = pgTable(
  'referrals',
  {
    id: id(),
    inviter_id: uuid('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invited_id: uuid('invited_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
    rewarded_at: timestampMs('rewarded_at'),
    rewarded_farm_id: uuid('rewarded_farm_id').references(() => farms.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('referrals_invited_idx').on(t.invited_id),
    index('referrals_inviter_idx').on(t.inviter_id, t.created_at),
  ],
);
