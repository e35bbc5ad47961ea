import { bigint, boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { newId } from '../../lib/ids';

/**
 * better-auth's tables, renamed to our conventions (plural, snake_case). The property names are the
 * ones better-auth is told about in lib/auth.ts (`fields` mapping), so keep both in step.
 */

/** Millisecond precision everywhere, so a timestamp survives a round trip through JavaScript (cursors). */
const createdAt = () => timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow();

export const users = pgTable('users', {
  id: uuid('id').primaryKey().$defaultFn(newId),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  email_verified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  first_name: text('first_name').notNull(),
  last_name: text('last_name').notNull(),
  phone: text('phone'),
  role: text('role').notNull().default('user'),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().$defaultFn(newId),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull().unique(),
    expires_at: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
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
    id: uuid('id').primaryKey().$defaultFn(newId),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    account_id: text('account_id').notNull(),
    provider_id: text('provider_id').notNull(),
    access_token: text('access_token'),
    refresh_token: text('refresh_token'),
    id_token: text('id_token'),
    access_token_expires_at: timestamp('access_token_expires_at', { withTimezone: true, precision: 3 }),
    refresh_token_expires_at: timestamp('refresh_token_expires_at', { withTimezone: true, precision: 3 }),
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
    id: uuid('id').primaryKey().$defaultFn(newId),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/**
 * Fixed-window counters for better-auth's limits and our own (lib/rate-limit.ts). In PostgreSQL so
 * that every server process shares them. window_start is epoch milliseconds.
 */
export const rate_limits = pgTable('rate_limits', {
  id: uuid('id').primaryKey().$defaultFn(newId),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  window_start: bigint('window_start', { mode: 'number' }).notNull(),
});
