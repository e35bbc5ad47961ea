import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, timestampMs } from './columns';

/** Messages sent from the public contact form; delivered_at is set once the mail to support went out. */
export const contact_messages = pgTable('contact_messages', {
  id: id(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  created_at: createdAt(),
  delivered_at: timestampMs('delivered_at'),
});
