import { useTranslation } from 'react-i18next';
import type { Payout } from '@gona/shared/marketplace';
import { cx } from '@/components/ui';
import { dayOf } from '../format';

type Props = {
  payout: Pick<Payout, 'status' | 'paid_at' | 'failure'>;
  /** The farm has no payout account yet: a pending payout waits for one. */
  noAccount?: boolean;
  className?: string;
};

const TONE: Record<Payout['status'], string> = {
  pending: 'text-stone-700',
  sent: 'text-stone-800',
  paid: 'font-medium text-green-800',
  failed: 'font-medium text-red-700',
};

/** Where a completed order's money stands, in the farmer's words: waiting, on its way, paid or failed. */
export function PayoutStatus({ payout, noAccount = false, className }: Props) {
  const { t } = useTranslation('marketplace');
  let text: string;
  if (payout.status === 'pending')
    text = t(noAccount ? 'payouts.status.pendingNoAccount' : 'payouts.status.pending');
  else if (payout.status === 'paid')
    text = payout.paid_at
      ? t('payouts.status.paid', { day: dayOf(payout.paid_at) })
      : t('payouts.status.paidNoDay');
  else if (payout.status === 'failed')
    text = payout.failure
      ? t('payouts.status.failed', { failure: payout.failure })
      : t('payouts.status.failedNoReason');
  else text = t('payouts.status.sent');
  return <p className={cx('break-words', TONE[payout.status], className)}>{text}</p>;
}
