import { z } from 'zod';
import { clientIdSchema, textSchema, VersionSchema } from '../fields/index';
import { FileSchema, fileIdsSchema } from '../files/index';
import { PLAN_IDS, type PlanId } from '../plans/index';
import { DISPUTE_STATUSES } from '../marketplace/disputes';
import { ORDER_STATUSES } from '../marketplace/constants';
import { pageSchema, pageLimitSchema } from '../pagination/index';
import { PAGE_SIZE, MAX_PAGE_SIZE } from '../page-size/index';

/**
 * Support requests (issue 34): a person asks Gona for help about their account, a bill, an order or
 * something broken; Gona's staff answer in a thread (docs/decisions/065).
 */

export const SUPPORT_TOPICS = ['account', 'billing', 'marketplace_order', 'broken', 'other'] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number];

/**
 * `open`: with support; `waiting`: support answered and waits for the person ("Waiting for you");
 * `solved`: a reply by the person within SUPPORT_REOPEN_DAYS opens it again; `closed`: finished
 * (a solved request past the window reads as closed).
 */
export const SUPPORT_STATES = ['open', 'waiting', 'solved', 'closed'] as const;
export type SupportState = (typeof SUPPORT_STATES)[number];

/** A solved request is reopened by the person's reply within this many days, then it is closed. */
export const SUPPORT_REOPEN_DAYS = 7;

/**
 * The honest targets for support's first answer, in working days (Monday to Friday): Pro farms'
 * requests are marked priority and answered first.
 */
export const SUPPORT_REPLY_TARGET_DAYS: Record<PlanId, number> = { pro: 1, free: 3 };

export const SUPPORT_LIMITS = {
  description: 4000,
  descriptionMin: 10,
  reply: 4000,
  attachments: 5,
  savedReplyTitle: 80,
  search: 100,
} as const;

/** What a request may be about besides the farm: an order the person bought or sold, a listing. */
export const SUPPORT_ABOUT_KINDS = ['order', 'listing'] as const;
export type SupportAboutKind = (typeof SUPPORT_ABOUT_KINDS)[number];

/** Where a request came from: the app, or the public contact form. */
export const SUPPORT_SOURCES = ['app', 'contact'] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The moment the target for a first answer ends: `days` working days (Mon–Fri, UTC) after `from`. */
export function replyTargetAt(from: Date, plan: PlanId): Date {
  let left = SUPPORT_REPLY_TARGET_DAYS[plan];
  let at = from.getTime();
  while (left > 0) {
    at += DAY_MS;
    const day = new Date(at).getUTCDay();
    if (day !== 0 && day !== 6) left -= 1;
  }
  return new Date(at);
}

/** A solved request past the reopen window reads as closed. */
export function shownState(state: SupportState, solvedAt: Date | null, now: number): SupportState {
  if (state === 'solved' && solvedAt && now - solvedAt.getTime() > SUPPORT_REOPEN_DAYS * DAY_MS)
    return 'closed';
  return state;
}

const description = textSchema(SUPPORT_LIMITS.description).refine(
  (v) => v.length >= SUPPORT_LIMITS.descriptionMin,
  `Tell us a little more (at least ${SUPPORT_LIMITS.descriptionMin} characters)`,
);

export const SupportAboutSchema = z.object({
  kind: z.enum(SUPPORT_ABOUT_KINDS, { error: 'Choose an order or a listing' }),
  id: z.uuid('Choose the order or listing again'),
});
export type SupportAbout = z.infer<typeof SupportAboutSchema>;

/** A new request from /dashboard/support. */
export const CreateSupportRequestInputSchema = z.object({
  id: clientIdSchema().optional(),
  topic: z.enum(SUPPORT_TOPICS, { error: 'Choose what it is about' }),
  /** The farm it is about (one of the person's); its photos are kept with that farm's files. */
  farm_id: z.uuid('Choose the farm again').nullish(),
  about: SupportAboutSchema.nullish(),
  description,
  attachment_ids: fileIdsSchema(SUPPORT_LIMITS.attachments).optional(),
});
export type CreateSupportRequestInput = z.input<typeof CreateSupportRequestInputSchema>;

/** A reply in a thread: its id is made by the app, so a reply sent again (offline, a retry) is kept once. */
export const SupportReplyInputSchema = z.object({
  id: clientIdSchema('A reply needs an id made by the app'),
  body: textSchema(SUPPORT_LIMITS.reply).refine((v) => v.length > 0, 'Write your reply'),
  attachment_ids: fileIdsSchema(SUPPORT_LIMITS.attachments).optional(),
});
export type SupportReplyInput = z.input<typeof SupportReplyInputSchema>;

export const SupportMessageSchema = z.object({
  id: z.uuid(),
  /** `person`: the one who asked; `support`: Gona's staff. */
  from: z.enum(['person', 'support']),
  author_name: z.string(),
  body: z.string(),
  attachments: z.array(FileSchema),
  created_at: z.string(),
});
export type SupportMessage = z.infer<typeof SupportMessageSchema>;

export const SupportRequestSummarySchema = z.object({
  id: z.uuid(),
  topic: z.enum(SUPPORT_TOPICS),
  state: z.enum(SUPPORT_STATES),
  priority: z.boolean(),
  /** The start of the description, to know the request by. */
  subject: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** When support last answered; null before the first answer. */
  last_reply_at: z.string().nullable(),
  /** The target for support's first answer (SUPPORT_REPLY_TARGET_DAYS). */
  reply_due_at: z.string(),
  version: z.number().int(),
});
export type SupportRequestSummary = z.infer<typeof SupportRequestSummarySchema>;

export const SupportRequestPageSchema = pageSchema(SupportRequestSummarySchema);

/** One request as the person who asked reads it: never support's internal notes. */
export const SupportRequestSchema = SupportRequestSummarySchema.extend({
  farm_id: z.uuid().nullable(),
  farm_name: z.string().nullable(),
  about: SupportAboutSchema.nullable(),
  /** Whether a reply may still be written (a closed request asks for a new one). */
  can_reply: z.boolean(),
  messages: z.array(SupportMessageSchema),
});
export type SupportRequest = z.infer<typeof SupportRequestSchema>;

// ---------------------------------------------------------------- back office

const flag = z
  .enum(['true', 'false'], { error: 'Use true or false' })
  .transform((v) => v === 'true')
  .optional();

export const AdminSupportQuerySchema = z.object({
  topic: z.enum(SUPPORT_TOPICS, { error: 'Choose a topic from the list' }).optional(),
  state: z.enum(SUPPORT_STATES, { error: 'Choose a state from the list' }).optional(),
  /** Only requests whose next step is support's (open). */
  waiting_for_support: flag,
  /** Only requests assigned to the caller. */
  mine: flag,
  q: textSchema(SUPPORT_LIMITS.search).optional(),
  limit: pageLimitSchema(PAGE_SIZE, MAX_PAGE_SIZE),
  cursor: z.string().max(200).optional(),
});
export type AdminSupportQuery = z.output<typeof AdminSupportQuerySchema>;

export const AdminSupportSummarySchema = SupportRequestSummarySchema.extend({
  person_name: z.string(),
  email: z.string(),
  farm_name: z.string().nullable(),
  assigned_to_name: z.string().nullable(),
  assigned_to_me: z.boolean(),
  /** The request came by the contact form from an address with no account: answers go by mail. */
  by_mail: z.boolean(),
});
export type AdminSupportSummary = z.infer<typeof AdminSupportSummarySchema>;
export const AdminSupportPageSchema = pageSchema(AdminSupportSummarySchema);

export const AdminSupportEntrySchema = SupportMessageSchema.extend({
  /** An internal note: support's only, never in the person's answers. */
  internal: z.boolean(),
});

export const AdminSupportRequestSchema = AdminSupportSummarySchema.extend({
  user_id: z.uuid().nullable(),
  farm_id: z.uuid().nullable(),
  about: SupportAboutSchema.nullable(),
  entries: z.array(AdminSupportEntrySchema),
  /** Beside the thread: the person's farm and plan, recent orders and disputes. */
  plan: z.enum(PLAN_IDS).nullable(),
  recent_orders: z.array(
    z.object({
      id: z.uuid(),
      reference: z.string(),
      title: z.string(),
      status: z.enum(ORDER_STATUSES),
      side: z.enum(['bought', 'sold']),
      created_at: z.string(),
    }),
  ),
  disputes: z.array(
    z.object({
      id: z.uuid(),
      order_id: z.uuid(),
      title: z.string(),
      status: z.enum(DISPUTE_STATUSES),
      /** The dispute of the order this request is about. */
      about_this_request: z.boolean(),
      created_at: z.string(),
    }),
  ),
});
export type AdminSupportRequest = z.infer<typeof AdminSupportRequestSchema>;

/** Support's reply (or internal note), and what the request becomes with it. */
export const AdminSupportReplyInputSchema = SupportReplyInputSchema.omit({ attachment_ids: true }).extend({
  internal: z.boolean().default(false),
  /** After a reply: waiting for the person (the default) or solved. A note keeps the state. */
  solve: z.boolean().default(false),
});
export type AdminSupportReplyInput = z.input<typeof AdminSupportReplyInputSchema>;

export const AdminSupportUpdateInputSchema = z.object({
  version: VersionSchema,
  /** Assign to one of Gona's staff (by id), or null for nobody. */
  assigned_to: z.uuid('Choose who takes it').nullable().optional(),
  state: z.enum(SUPPORT_STATES, { error: 'Choose a state from the list' }).optional(),
});
export type AdminSupportUpdateInput = z.input<typeof AdminSupportUpdateInputSchema>;

export const SavedReplyInputSchema = z.object({
  title: textSchema(SUPPORT_LIMITS.savedReplyTitle).refine(
    (v) => v.length > 0,
    'Give the reply a short name',
  ),
  body: textSchema(SUPPORT_LIMITS.reply).refine((v) => v.length > 0, 'Write the reply'),
});
export type SavedReplyInput = z.input<typeof SavedReplyInputSchema>;

export const SavedReplySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  body: z.string(),
  created_at: z.string(),
});
export type SavedReply = z.infer<typeof SavedReplySchema>;
export const SavedReplyListSchema = z.object({ items: z.array(SavedReplySchema) });
