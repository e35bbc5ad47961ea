import { z } from 'zod';
import { FREE_WORKER_LIMIT } from '../plan-limits/index';

export { FREE_WORKER_LIMIT };

export const PLAN_IDS = ['free', 'pro'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** Spec section 1: paid plans are billed annually, cancellable any time, unused time not refunded. */
export const PLAN_TERMS = {
  billed_annually: true,
  cancel_any_time: true,
  refund_unused: false,
} as const;

type PlanDefinition = {
  id: PlanId;
  name: string;
  /** null means no limit. */
  worker_limit: number | null;
  features: readonly string[];
};

/** What each plan includes. Prices are configuration, so they are not here (see planList). */
export const PLANS: Record<PlanId, PlanDefinition> = {
  free: {
    id: 'free',
    name: 'Free',
    worker_limit: FREE_WORKER_LIMIT,
    features: [
      `Up to ${FREE_WORKER_LIMIT} workers per farm`,
      'Records for crops, livestock, supplies and expenses',
      'Several farms on one account',
      'Sell on the marketplace at the standard commission',
      'Weather and risk alerts in the app',
      'A monthly quota of farming assistant questions',
      'CSV exports',
    ],
  },
  pro: {
    id: 'pro',
    name: 'Pro',
    worker_limit: null,
    features: [
      'Unlimited workers',
      'Everything in Free',
      'PDF reports for lenders, cooperatives and investors',
      'Unlimited farming assistant questions',
      'SMS alerts for weather, disease and low stock',
      'Lower marketplace commission',
      'Priority support',
    ],
  },
};

export const PlanSchema = z.object({
  id: z.enum(PLAN_IDS),
  name: z.string(),
  price_naira_per_year: z.number().int().nonnegative(),
  billing: z.literal('annual'),
  worker_limit: z.number().int().positive().nullable(),
  features: z.array(z.string()),
});
export type Plan = z.infer<typeof PlanSchema>;

export const PlansResponseSchema = z.object({
  plans: z.array(PlanSchema),
  terms: z.object({
    billed_annually: z.literal(true),
    cancel_any_time: z.literal(true),
    refund_unused: z.literal(false),
  }),
});
export type PlansResponse = z.infer<typeof PlansResponseSchema>;

/** The plans in display order, with the configured Pro price (whole naira per year). */
export function planList(proPriceNairaPerYear: number): Plan[] {
  return PLAN_IDS.map((id) => ({
    id,
    name: PLANS[id].name,
    price_naira_per_year: id === 'free' ? 0 : proPriceNairaPerYear,
    billing: 'annual',
    worker_limit: PLANS[id].worker_limit,
    features: [...PLANS[id].features],
  }));
}

/** The whole GET /api/plans answer; the pricing page prerenders from the same function. */
export function plansResponse(proPriceNairaPerYear: number): PlansResponse {
  return { plans: planList(proPriceNairaPerYear), terms: { ...PLAN_TERMS } };
}

/** The most active workers (staff) a farm on `plan` may have; null for no limit. */
export function workerLimitOf(plan: PlanId): number | null {
  return PLANS[plan].worker_limit;
}

/** Whether a farm on `plan` with `activeWorkers` active staff may have one more. */
export function hasRoomForWorker(plan: PlanId, activeWorkers: number): boolean {
  const limit = workerLimitOf(plan);
  return limit === null || activeWorkers < limit;
}

/** What a farm at its plan's worker limit is told (PLAN_LIMIT), with the way out. */
export function workerLimitMessage(plan: PlanId): string {
  return `The ${PLANS[plan].name} plan allows up to ${workerLimitOf(plan)} workers. Upgrade to Pro to add more.`;
}

/**
 * What a plan allows beyond its worker limit, asked on the server from `farmPlan` before the thing
 * is done (docs/decisions/063): PDF reports, SMS alerts, unlimited assistant questions, the lower
 * marketplace commission and priority support are Pro's.
 */
export const PLAN_FEATURES = [
  'pdf_reports',
  'sms_alerts',
  'unlimited_assistant',
  'unlimited_workers',
  'lower_commission',
  'priority_support',
] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

const PRO_ONLY: ReadonlySet<PlanFeature> = new Set(PLAN_FEATURES);

/** Whether a farm on `plan` may use `feature` (every feature in PLAN_FEATURES is Pro's). */
export function planAllows(plan: PlanId, feature: PlanFeature): boolean {
  return plan === 'pro' || !PRO_ONLY.has(feature);
}

/** What a Free farm is told when it asks for a Pro feature (PLAN_LIMIT), with the way out. */
export function proOnlyMessage(feature: PlanFeature): string {
  const what: Record<PlanFeature, string> = {
    pdf_reports: 'PDF reports are',
    sms_alerts: 'SMS alerts are',
    unlimited_assistant: 'Unlimited assistant questions are',
    unlimited_workers: 'Unlimited workers are',
    lower_commission: 'The lower marketplace commission is',
    priority_support: 'Priority support is',
  };
  return `${what[feature]} part of Gona Pro. Upgrade on the Subscription page.`;
}
