import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import {
  SUPPORT_ABOUT_KINDS,
  SUPPORT_SOURCES,
  SUPPORT_STATES,
  SUPPORT_TOPICS,
  type SupportAboutKind,
  type SupportState,
  type SupportTopic,
} from '@gona/shared/support';
import { users } from './auth';
import { contact_messages } from './contact';
import { createdAt, id, oneOf, timestampMs, updatedAt, version } from './columns';
import { farms } from './farms';

/**
 * A person's request for help (docs/decisions/065). It is the person's, not their farm's: the farm
 * it is about is `about_farm_id` (no `farm_id`, so a farm's owners never read a member's request in
 * "Download my data"). A request from the public contact form by an address with no account keeps
 * the sender's name and address instead of `user_id`, and is answered by mail.
 */
export const support_requests = pgTable(
  'support_requests',
  {
    id: id(),
    /** The person who asked; their requests go with their account. */
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    contact_name: text('contact_name'),
    contact_email: text('contact_email'),
    contact_message_id: uuid('contact_message_id').references(() => contact_messages.id, {
      onDelete: 'set null',
    }),
    source: text('source').$type<(typeof SUPPORT_SOURCES)[number]>().notNull().default('app'),
    about_farm_id: uuid('about_farm_id').references(() => farms.id, { onDelete: 'set null' }),
    about_kind: text('about_kind').$type<SupportAboutKind>(),
    about_id: uuid('about_id'),
    topic: text('topic').$type<SupportTopic>().notNull(),
    state: text('state').$type<SupportState>().notNull().default('open'),
    /** The farm was on Pro when the request was made: answered first. */
    priority: boolean('priority').notNull().default(false),
    subject: text('subject').notNull(),
    assigned_to: uuid('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    reply_due_at: timestampMs('reply_due_at').notNull(),
    last_reply_at: timestampMs('last_reply_at'),
    solved_at: timestampMs('solved_at'),
    version: version(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('support_requests_user_idx').on(t.user_id, t.created_at.desc(), t.id.desc()),
    // The back office's queue: priority first, then the oldest.
    index('support_requests_queue_idx').on(t.priority.desc(), t.created_at, t.id),
    check('support_requests_topic_check', sql`${t.topic} IN (${oneOf(SUPPORT_TOPICS)})`),
    check('support_requests_state_check', sql`${t.state} IN (${oneOf(SUPPORT_STATES)})`),
    check('support_requests_source_check', sql`${t.source} IN (${oneOf(SUPPORT_SOURCES)})`),
    check(
      'support_requests_about_check',
      sql`(${t.about_kind} IS NULL) = (${t.about_id} IS NULL) AND (${t.about_kind} IS NULL OR ${t.about_kind} IN (${oneOf(SUPPORT_ABOUT_KINDS)}))`,
    ),
    check('support_requests_who_check', sql`${t.user_id} IS NOT NULL OR ${t.contact_email} IS NOT NULL`),
  ],
);

/**
 * The thread: the person's messages, support's replies and support's internal notes (`internal`,
 * never answered to the person). The id may be the app's, so a reply sent twice is kept once.
 * Attachments are files attached to 'support_messages' with the message's id.
 */
export const support_messages = pgTable(
  'support_messages',
  {
    id: id(),
    request_id: uuid('request_id')
      .notNull()
      .references(() => support_requests.id, { onDelete: 'cascade' }),
    from_support: boolean('from_support').notNull(),
    internal: boolean('internal').notNull().default(false),
    author_id: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index('support_messages_request_idx').on(t.request_id, t.created_at, t.id),
    check('support_messages_internal_check', sql`NOT ${t.internal} OR ${t.from_support}`),
  ],
);

/** Support's saved replies, shared by Gona's staff. */
export const support_saved_replies = pgTable('support_saved_replies', {
  id: id(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  created_at: createdAt(),
  updated_at: updatedAt(),
});
