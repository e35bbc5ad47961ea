import { z } from 'zod';
import { pageSchema } from '../pagination/index';

/**
 * The farming assistant (issue 18): a question about the farm gets an answer built from vetted,
 * sourced facts of the knowledge base and the farm's own records. A language model, when one is
 * configured, only phrases what was retrieved; every number it writes is checked against them.
 */

export const ASSISTANT_QUESTION_MIN = 2;
export const ASSISTANT_QUESTION_MAX = 500;
export const ASSISTANT_FEEDBACK_MAX = 300;
/** Questions a Free plan farm's member may ask in a calendar month (Lagos), unless configured. */
export const ASSISTANT_FREE_MONTHLY_QUESTIONS = 30;

/** What "Ask about this" points at: the question is about that record. */
export const ASSISTANT_ABOUT_KINDS = ['crop', 'animal', 'alert', 'supply'] as const;
export type AssistantAboutKind = (typeof ASSISTANT_ABOUT_KINDS)[number];

/**
 * Why an answer declines to advise: a notifiable animal disease (the state veterinary office must
 * be told), pesticide use outside its label, or nothing vetted matched well enough ("I don't know
 * this one" beats a guess).
 */
export const ASSISTANT_REFUSALS = ['notifiable_disease', 'off_label', 'unknown'] as const;
export type AssistantRefusal = (typeof ASSISTANT_REFUSALS)[number];

/** The kinds of vetted fact an answer cites. */
export const FACT_KINDS = [
  'calendar',
  'practice',
  'variety',
  'pest',
  'disease',
  'care',
  'advice',
  'farm',
] as const;
export type FactKind = (typeof FACT_KINDS)[number];

export const FactSourceSchema = z.object({
  title: z.string(),
  organisation: z.string(),
  year: z.number().int().nullable(),
  url: z.string().nullable(),
});
export type FactSource = z.infer<typeof FactSourceSchema>;

/** One fact an answer rests on, as a readable card: what it says and where it comes from. */
export const FactCardSchema = z.object({
  kind: z.enum(FACT_KINDS),
  /** The knowledge row's key ("pest:fall_armyworm"), or the farm record's kind and id. */
  key: z.string(),
  title: z.string(),
  text: z.string(),
  /** Null for the farm's own records (their source is the farm). */
  source: FactSourceSchema.nullable(),
});
export type FactCard = z.infer<typeof FactCardSchema>;

export const AskInputSchema = z
  .object({
    /** The conversation to continue; a new one starts without it. */
    conversation_id: z.uuid({ error: 'This conversation could not be found. Start a new one.' }).optional(),
    question: z
      .string({ error: 'Write your question' })
      .trim()
      .min(ASSISTANT_QUESTION_MIN, 'Write your question')
      .max(ASSISTANT_QUESTION_MAX, `Write at most ${ASSISTANT_QUESTION_MAX} characters`),
    about: z
      .object({
        kind: z.enum(ASSISTANT_ABOUT_KINDS, { error: 'Choose what the question is about' }),
        id: z.uuid({ error: 'This record could not be found' }),
      })
      .strict()
      .optional(),
  })
  .strict();
export type AskInput = z.input<typeof AskInputSchema>;

export const FeedbackInputSchema = z
  .object({
    helpful: z.boolean({ error: 'Say whether the answer helped' }),
    reason: z
      .string({ error: 'Write the reason as text' })
      .trim()
      .max(ASSISTANT_FEEDBACK_MAX, `Write at most ${ASSISTANT_FEEDBACK_MAX} characters`)
      .optional(),
  })
  .strict();
export type FeedbackInput = z.input<typeof FeedbackInputSchema>;

export const AssistantMessageSchema = z.object({
  id: z.uuid(),
  conversation_id: z.uuid(),
  role: z.enum(['user', 'assistant']),
  text: z.string(),
  /** The facts the answer rests on (empty for the person's question). */
  cards: z.array(FactCardSchema),
  refusal: z.enum(ASSISTANT_REFUSALS).nullable(),
  /** Numbers the model wrote that no retrieved fact or farm record supports, taken out. */
  removed_numbers: z.number().int(),
  /** 'facts' without a language model; the model's name with one. */
  answered_by: z.string().nullable(),
  feedback: z.object({ helpful: z.boolean(), reason: z.string().nullable() }).nullable(),
  created_at: z.string(),
});
export type AssistantMessage = z.infer<typeof AssistantMessageSchema>;

/** A question and its answer, as asking answers them. */
export const AskResultSchema = z.object({
  conversation_id: z.uuid(),
  question: AssistantMessageSchema,
  answer: AssistantMessageSchema,
  /** Questions left this month on a Free plan; null when the plan has no quota. */
  questions_left: z.number().int().nullable(),
});
export type AskResult = z.infer<typeof AskResultSchema>;

export const ConversationSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Conversation = z.infer<typeof ConversationSchema>;
export const ConversationPageSchema = pageSchema(ConversationSchema);
export type ConversationPage = z.infer<typeof ConversationPageSchema>;

export const ConversationDetailSchema = ConversationSchema.extend({
  messages: z.array(AssistantMessageSchema),
});
export type ConversationDetail = z.infer<typeof ConversationDetailSchema>;
