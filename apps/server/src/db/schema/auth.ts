import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { Language } from '@gona/shared/auth';
import { createdAt, id, timestampMs, updatedAt } from './columns';

/**
 * better-auth's tables, renamed to our conventions (plural, snake_case). The property names are the
 * ones better-auth is told about in lib/auth.ts (`fields` mapping), so keep both in step.
 */

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    email_verified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    phone: text('phone'),
    role: text('role').notNull().default('user'),
    /** The language the person chose for Gona's words (LANGUAGES in @gona/shared/auth). */
    language: text('language').$type<Language>().notNull().default('en'),
    /** What the person said they came for at sign-up: to farm, or only to buy produce. */
    intent: text('intent').$type<'farm' | 'buy'>().notNull().default('farm'),
    /** Gona's own staff ('admin': the back office), or null. Set only by `npm run admin` (scripts/admin.ts). */
    platform_role: text('platform_role').$type<'admin'>(),
    /**
     * Gona's staff stopped this person selling (docs/decisions/045): the farms they own are not
     * shown in the marketplace and cannot take orders, and they cannot publish or accept anywhere.
     */
    selling_suspended_at: timestampMs('selling_suspended_at'),
    selling_suspended_reason: text('selling_suspended_reason'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    // The back office's people search (personMatches in marketplace/moderation.service.ts): an
    // email's start and any part of the whole name, in any case.
    index('users_email_trgm_idx').using('gin', sql`lower(${t.email}) gin_trgm_ops`),
    index('users_full_name_trgm_idx').using(
      'gin',
      sql`(${t.first_name} || ' ' || ${t.last_name}) gin_trgm_ops`,
    ),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull().unique(),
    expires_at: timestampMs('expires_at').notNull(),
    ip_address: text('ip_address'),
    user_agent: text('user_agent'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('sessions_user_id_idx').on(t.user_id)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    account_id: text('account_id').notNull(),
    provider_id: text('provider_id').notNull(),
    access_token: text('access_token'),
    refresh_token: text('refresh_token'),
    id_token: text('id_token'),
    access_token_expires_at: timestampMs('access_token_expires_at'),
    refresh_token_expires_at: timestampMs('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('accounts_user_id_idx').on(t.user_id)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: id(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expires_at: timestampMs('expires_at').notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/**
 * Fixed-window counters for better-auth's limits and our own (lib/rate-limit.ts). In PostgreSQL so
 * that every server process shares them. window_start and last_counted_at (the latest counted request,
which a slowing rule measures its pause from) are epoch milliseconds.
 */
export const rate_limits = pgTable('rate_limits', {
  id: id(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  window_start: bigint('window_start', { mode: 'number' }).notNull(),
  last_counted_at: bigint('last_counted_at', { mode: 'number' }).notNull().default(0),
});
