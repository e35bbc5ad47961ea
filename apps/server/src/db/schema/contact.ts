import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { newId } from '../../lib/ids';

/** Messages sent from the public contact form; delivered_at is set once the mail to support went out. */
export const contact_messages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().$defaultFn(newId),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  created_at: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  delivered_at: timestamp('delivered_at', { withTimezone: true, precision: 3 }),
});
