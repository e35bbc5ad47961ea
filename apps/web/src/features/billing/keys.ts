import type { AdminSubscriptionsQuery } from '@gona/shared/billing';

/**
 * Gona Pro's queries. A farm's start with ['billing', farmId], so a payment, a cancel or a choice
 * of active workers refreshes all of them; the back office's start with ['billing', 'admin'].
 */
export const billingKeys = {
  all: (farmId: string) => ['billing', farmId] as const,
  subscription: (farmId: string) => ['billing', farmId, 'subscription'] as const,
  admin: ['billing', 'admin'] as const,
  adminList: (filters: AdminSubscriptionFilters) => ['billing', 'admin', 'list', filters] as const,
  adminOne: (farmId: string) => ['billing', 'admin', 'one', farmId] as const,
};

export type AdminSubscriptionFilters = Required<Pick<AdminSubscriptionsQuery, 'q'>> & {
  state: NonNullable<AdminSubscriptionsQuery['state']> | '';
};

export const subscriptionPath = (farmId: string) => `/api/farms/${encodeURIComponent(farmId)}/subscription`;

/** The receipt of one payment as a PDF (the browser opens it in a tab of its own). */
export const receiptPath = (farmId: string, paymentId: string) =>
  `${subscriptionPath(farmId)}/receipts/${encodeURIComponent(paymentId)}`;

export const ADMIN_SUBSCRIPTIONS = '/api/admin/subscriptions';
export const adminSubscriptionPath = (farmId: string) =>
  `${ADMIN_SUBSCRIPTIONS}/${encodeURIComponent(farmId)}`;
