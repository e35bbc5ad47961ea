import type { SubscriptionState } from '@gona/shared/billing';
import type { BadgeTone } from '@/components/ui/Badge';

/** A subscription's state as a badge's colour: Pro green, a failed renewal amber, the rest plain. */
export function stateTone(state: SubscriptionState): BadgeTone {
  if (state === 'active') return 'green';
  if (state === 'past_due') return 'amber';
  return 'neutral';
}
