import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CancelSubscription,
  Checkout,
  ChooseActiveWorkers,
  StartCheckout,
  Subscription,
  VerifyCheckout,
} from '@gona/shared/billing';
import { ApiError, apiFetch } from '@/lib/http';
import { staffQueries } from '@/lib/pickers';
import { billingKeys, subscriptionPath } from './keys';

/**
 * The farm's plan moves on Paystack's side (a renewal, a failed charge, a transfer confirmed
 * late), so each visit asks again, showing the copy read before meanwhile.
 */
export function useSubscription(farmId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: billingKeys.subscription(farmId),
    queryFn: () => apiFetch<Subscription>(subscriptionPath(farmId)),
    staleTime: 0,
    enabled,
  });
}

/** A change whose answer is the farm's subscription as it now stands: it replaces the cached one. */
function useSubscriptionChange<I>(farmId: string, path: string, after?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) =>
      apiFetch<Subscription>(`${subscriptionPath(farmId)}/${path}`, { method: 'POST', json: input }),
    onSuccess: (subscription) => {
      queryClient.setQueryData(billingKeys.subscription(farmId), subscription);
      after?.();
    },
    // Refused (someone else changed it, the payment is not there yet): read it again.
    onError: () => void queryClient.invalidateQueries({ queryKey: billingKeys.all(farmId) }),
  });
}

/**
 * Opens a Paystack checkout for one year of Pro, renewing or not. The client id is made once per
 * choice on the screen, so a second tap (or a second owner) answers the same checkout.
 */
export function useStartCheckout(farmId: string) {
  return useMutation({
    mutationFn: (input: StartCheckout) =>
      apiFetch<Checkout>(`${subscriptionPath(farmId)}/checkout`, { method: 'POST', json: input }),
  });
}

/** Back from the checkout: asks the server to confirm the payment with Paystack. */
export function useVerifyCheckout(farmId: string) {
  return useSubscriptionChange<VerifyCheckout>(farmId, 'verify');
}

/**
 * Stops the renewal: Pro stays until the paid year ends, nothing is refunded. Paystack's own news
 * (the card subscription made just after the first payment) changes the record's version under
 * the screen: when the server says it changed, the owner's choice is sent again on the current
 * version if the card still renews, and the answer is the record as it stands if it no longer does.
 */
export function useCancelSubscription(farmId: string) {
  const queryClient = useQueryClient();
  const path = subscriptionPath(farmId);
  const cancel = (input: CancelSubscription) =>
    apiFetch<Subscription>(`${path}/cancel`, { method: 'POST', json: input });
  return useMutation({
    mutationFn: async (input: CancelSubscription) => {
      try {
        return await cancel(input);
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 409) throw error;
        const current = await apiFetch<Subscription>(path);
        if (current.state === 'active' && current.renews) return cancel({ version: current.version });
        if (current.state === 'non_renewing') return current;
        throw error;
      }
    },
    onSuccess: (subscription) => queryClient.setQueryData(billingKeys.subscription(farmId), subscription),
    onError: () => void queryClient.invalidateQueries({ queryKey: billingKeys.all(farmId) }),
  });
}

/** On Free with more than 10 workers: the ones who stay active. The staff lists change too. */
export function useChooseActiveWorkers(farmId: string) {
  const queryClient = useQueryClient();
  return useSubscriptionChange<ChooseActiveWorkers>(farmId, 'active-workers', () => {
    void queryClient.invalidateQueries({ queryKey: staffQueries(farmId) });
  });
}

/** Sends the browser to the payment page (Paystack's checkout, or the fake's in development). */
export function goToCheckout(url: string): void {
  window.location.assign(url);
}
