import { z } from 'zod';
import { pageSchema } from '../pagination/index';

/**
 * Disputes (issue 17): before an order completes, its buyer can report a problem; the seller
 * answers within DISPUTE_ANSWER_HOURS; Gona's staff (platform role admin) decide: release the money
 * to the farm, refund part of it, or refund all of it. The money stays held until then.
 */

export const DISPUTE_REASONS = [
  'quantity_short',
  'quality_below_listing',
  'not_delivered',
  'damaged',
  'wrong_item',
] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];

/** open: waiting for the seller; answered: the seller replied; resolved: Gona decided. */
export const DISPUTE_STATUSES = ['open', 'answered', 'resolved'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

export const DISPUTE_OUTCOMES = ['release', 'partial_refund', 'full_refund'] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];

/** Hours the seller has to answer a dispute. */
export const DISPUTE_ANSWER_HOURS = 48;
export const DISPUTE_MESSAGE_MIN = 10;
export const DISPUTE_MESSAGE_MAX = 1000;
export const DISPUTE_PHOTOS_MAX = 4;
export const DISPUTE_DECISION_MIN = 10;
export const DISPUTE_DECISION_MAX = 500;

const message = z
  .string({ error: 'Say what happened' })
  .trim()
  .min(DISPUTE_MESSAGE_MIN, `Write at least ${DISPUTE_MESSAGE_MIN} characters`)
  .max(DISPUTE_MESSAGE_MAX, `Write at most ${DISPUTE_MESSAGE_MAX} characters`);

const photoIds = z
  .array(z.uuid({ error: 'A photo could not be found. Add it again.' }), {
    error: 'Send the photos as a list',
  })
  .max(DISPUTE_PHOTOS_MAX, `Add at most ${DISPUTE_PHOTOS_MAX} photos`)
  .default([]);

/** The buyer reports a problem with a dispatched or delivered order. */
export const OpenDisputeInputSchema = z
  .object({
    reason: z.enum(DISPUTE_REASONS, { error: 'Choose what went wrong' }),
    message,
    photo_ids: photoIds,
  })
  .strict();
export type OpenDisputeInput = z.input<typeof OpenDisputeInputSchema>;

/** The seller's side of it. */
export const AnswerDisputeInputSchema = z.object({ message, photo_ids: photoIds }).strict();
export type AnswerDisputeInput = z.input<typeof AnswerDisputeInputSchema>;

/**
 * Gona's decision. refund_kobo is required for a partial refund: at least 1 kobo and less than
 * what is still held for the order (the server checks the upper bound).
 */
export const DecideDisputeInputSchema = z
  .object({
    outcome: z.enum(DISPUTE_OUTCOMES, { error: 'Choose a decision' }),
    refund_kobo: z
      .number({ error: 'Enter the amount to refund' })
      .int('Enter the amount in whole kobo')
      .min(1, 'Enter an amount above 0')
      .nullish(),
    reason: z
      .string({ error: 'Give the reason for the decision' })
      .trim()
      .min(DISPUTE_DECISION_MIN, `Write at least ${DISPUTE_DECISION_MIN} characters`)
      .max(DISPUTE_DECISION_MAX, `Write at most ${DISPUTE_DECISION_MAX} characters`),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.outcome === 'partial_refund' && v.refund_kobo == null)
      ctx.addIssue({ code: 'custom', path: ['refund_kobo'], message: 'Enter the amount to refund' });
  });
export type DecideDisputeInput = z.input<typeof DecideDisputeInputSchema>;

export const DisputePhotoSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  thumb_url: z.string().nullable(),
});
export type DisputePhoto = z.infer<typeof DisputePhotoSchema>;

export const DisputeSchema = z.object({
  id: z.uuid(),
  order_id: z.uuid(),
  reason: z.enum(DISPUTE_REASONS),
  message: z.string(),
  photos: z.array(DisputePhotoSchema),
  answer: z.string().nullable(),
  answer_photos: z.array(DisputePhotoSchema),
  answered_at: z.string().nullable(),
  /** The name of who answered for the farm. */
  answer_by: z.string().nullable(),
  /** The seller answers by then. */
  answer_by_time: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  outcome: z.enum(DISPUTE_OUTCOMES).nullable(),
  refund_kobo: z.number().int().nullable(),
  decision_reason: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
});
export type Dispute = z.infer<typeof DisputeSchema>;

/** One line of Gona's queue. */
export const DisputeSummarySchema = z.object({
  id: z.uuid(),
  order_id: z.uuid(),
  listing_title: z.string(),
  farm_name: z.string(),
  buyer_name: z.string(),
  total_kobo: z.number().int(),
  reason: z.enum(DISPUTE_REASONS),
  status: z.enum(DISPUTE_STATUSES),
  /** Still open after the seller's time to answer passed: ready to decide on what the buyer sent. */
  unanswered: z.boolean(),
  created_at: z.string(),
});
export type DisputeSummary = z.infer<typeof DisputeSummarySchema>;
export const DisputePageSchema = pageSchema(DisputeSummarySchema);
export type DisputePage = z.infer<typeof DisputePageSchema>;
