import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CancelSubscription,
  Checkout,
  ChooseActiveWorkers,
  StartCheckout,
  Subscription,
  VerifyCheckout,
} from '@gona/shared/billing';
import { apiFetch } from '@/lib/http';
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

/** Stops the renewal: Pro stays until the paid year ends, nothing is refunded. */
export function useCancelSubscription(farmId: string) {
  return useSubscriptionChange<CancelSubscription>(farmId, 'cancel');
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
