import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Bank,
  Payout,
  PayoutAccount,
  ResolvedAccount,
  SavePayoutAccountInput,
} from '@gona/shared/marketplace';
import { apiFetch } from '@/lib/http';
import { pagedQueryOptions } from '@/lib/paged-query';
import { payoutKeys } from './keys';

/**
 * Where a farm's marketplace money goes: its payout account (read by owners and managers, changed
 * by the owner with their password) and each completed order's payout.
 */
const farmPath = (farmId: string) => `/api/farms/${encodeURIComponent(farmId)}`;
const accountPath = (farmId: string) => `${farmPath(farmId)}/payout-account`;

/** Paystack's list of Nigerian banks changes rarely: read once a session. */
export function useBanks() {
  return useQuery({
    queryKey: payoutKeys.banks,
    queryFn: () => apiFetch<Bank[]>('/api/marketplace/banks'),
    staleTime: Infinity,
  });
}

/**
 * The farm's payout account; null until the owner adds one. Asked again whenever the screen opens:
 * another owner may have changed it (and put payouts on hold) since this phone last looked.
 */
export function usePayoutAccount(farmId: string) {
  return useQuery({
    queryKey: payoutKeys.account(farmId),
    queryFn: () => apiFetch<PayoutAccount | null>(accountPath(farmId)),
    staleTime: 0,
  });
}

/**
 * Asks the bank whose account a number is, once both are complete (`enabled`): each pair asked
 * once, and a refusal (a number the bank does not know) is an answer, not something to retry.
 */
export function useResolveAccount(farmId: string, bankCode: string, accountNumber: string, enabled: boolean) {
  return useQuery({
    queryKey: payoutKeys.resolve(farmId, bankCode, accountNumber),
    queryFn: () =>
      apiFetch<ResolvedAccount>(`${accountPath(farmId)}/resolve`, {
        method: 'POST',
        json: { bank_code: bankCode, account_number: accountNumber },
      }),
    enabled,
    retry: false,
    staleTime: Infinity,
  });
}

export function useSavePayoutAccount(farmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SavePayoutAccountInput) =>
      apiFetch<PayoutAccount>(accountPath(farmId), { method: 'PUT', json: input }),
    onSuccess: (account) => {
      queryClient.setQueryData(payoutKeys.account(farmId), account);
      // Payouts that waited for an account now wait for its hold instead.
      void queryClient.invalidateQueries({ queryKey: payoutKeys.lists(farmId) });
    },
  });
}

/**
 * Each completed order's payout, newest first; `limit` rows a page. Asked again whenever the screen
 * opens or is reloaded: orders complete and transfers settle on the server, not on this phone, so
 * a copy kept here would show "No payouts yet" beside money already paid.
 */
export function useFarmPayouts(farmId: string, limit?: number) {
  return useInfiniteQuery({
    ...pagedQueryOptions<Payout>({
      queryKey: payoutKeys.list(farmId, limit ?? 0),
      path: `${farmPath(farmId)}/payouts`,
      ...(limit ? { limit } : {}),
    }),
    staleTime: 0,
  });
}
