import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ASSISTANT_REFUSALS, type AssistantRefusal, type FactCard } from '@gona/shared/assistant';
import { users } from './auth';
import { createdAt, id, oneOf, timestampMs, updatedAt } from './columns';
import { farms } from './farms';

/** One person's conversation with the assistant about one farm; only they read or delete it. */
export const assistant_conversations = pgTable(
  'assistant_conversations',
  {
    id: id(),
    farm_id: uuid('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The first question, shortened. */
    title: text('title').notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('assistant_conversations_user_idx').on(t.user_id, t.farm_id, t.updated_at, t.id)],
);

/**
 * A question or an answer. An answer keeps the fact cards it rests on, why it declined (if it
 * did), how many unsupported numbers were taken out of the model's words, and the person's
 * feedback. Questions count towards the Free plan's monthly quota.
 */
export const assistant_messages = pgTable(
  'assistant_messages',
  {
    id: id(),
    conversation_id: uuid('conversation_id')
      .notNull()
      .references(() => assistant_conversations.id, { onDelete: 'cascade' }),
    role: text('role').$type<'user' | 'assistant'>().notNull(),
    text: text('text').notNull(),
    cards: jsonb('cards').$type<FactCard[]>().notNull().default([]),
    refusal: text('refusal').$type<AssistantRefusal>(),
    removed_numbers: integer('removed_numbers').notNull().default(0),
    answered_by: text('answered_by'),
    /** What the question was about ("crop:<id>"), kept for the answer's context. */
    about: text('about'),
    helpful: boolean('helpful'),
    feedback_reason: text('feedback_reason'),
    feedback_at: timestampMs('feedback_at'),
    created_at: createdAt(),
  },
  (t) => [
    index('assistant_messages_conversation_idx').on(t.conversation_id, t.created_at, t.id),
    check('assistant_messages_role_check', sql`${t.role} IN ('user', 'assistant')`),
    check(
      'assistant_messages_refusal_check',
      sql`${t.refusal} IS NULL OR ${t.refusal} IN (${oneOf(ASSISTANT_REFUSALS)})`,
    ),
    check('assistant_messages_removed_check', sql`${t.removed_numbers} >= 0`),
  ],
);

/**
 * Questions asked, one row per question, by person and farm: the Free plan's monthly quota counts
 * them (deleting a conversation does not give questions back).
 */
export const assistant_questions = pgTable(
  'assistant_questions',
  {
    id: id(),
    farm_id: uuid('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    asked_at: timestampMs('asked_at').notNull(),
  },
  (t) => [index('assistant_questions_farm_idx').on(t.farm_id, t.asked_at)],
);
