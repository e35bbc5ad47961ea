import { date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, timestampMs, updatedAt } from './columns';
import { farms } from './farms';

/**
 * A phone number that may use Gona by USSD and SMS (docs/decisions/073): one account's number in
 * international form, usable once `verified_at` is set. `pin_hash` (scrypt) guards what writes or
 * shows money; wrong PINs count up and lock the number for a while, as sign-in does.
 */
export const phone_access = pgTable(
  'phone_access',
  {
    phone: text('phone').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verified_at: timestampMs('verified_at'),
    pin_hash: text('pin_hash'),
    pin_failures: integer('pin_failures').notNull().default(0),
    pin_locked_until: timestampMs('pin_locked_until'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('phone_access_user_id_idx').on(t.user_id)],
);

/**
 * The last screen of each USSD session: a gateway retry of the same text is answered from here and
 * writes nothing again.
 */
export const ussd_sessions = pgTable(
  'ussd_sessions',
  {
    session_id: text('session_id').primaryKey(),
    phone: text('phone').notNull(),
    last_text: text('last_text').notNull(),
    last_answer: text('last_answer').notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('ussd_sessions_created_at_idx').on(t.created_at)],
);

/** Each incoming SMS by Africa's Talking's message id, once, with the reply it got. */
export const sms_inbound = pgTable('sms_inbound', {
  message_id: text('message_id').primaryKey(),
  phone: text('phone').notNull(),
  text: text('text').notNull(),
  reply: text('reply'),
  created_at: createdAt(),
});

/** SMS a farm's number sent by Gona per day (the farm's day), against SMS_DAILY_CAP_PER_FARM. */
export const sms_daily_counts = pgTable(
  'sms_daily_counts',
  {
    farm_id: uuid('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    sent: integer('sent').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.farm_id, t.day] })],
);
