import { useQuery } from '@tanstack/react-query';
import type { MyReferrals } from '@gona/shared/referrals';
import { apiFetch } from '@/lib/http';
import { referralKeys, referralPaths } from './keys';

/**
 * The person's link to invite another farmer, who joined through it, and the Pro it earned. Asked
 * again each time the screen opens: someone may have joined since (the saved copy still shows at
 * once, and offline).
 */
export function useMyReferrals() {
  return useQuery({
    queryKey: referralKeys.mine(),
    queryFn: () => apiFetch<MyReferrals>(referralPaths.mine),
    staleTime: 0,
  });
}
