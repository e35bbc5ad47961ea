import { useTranslation } from 'react-i18next';
import { PauseCircle } from 'lucide-react';
import type { ListingStatus, ListingWithdrawal } from '@gona/shared/marketplace';
import { cx } from '@/components/ui';
import { dayMonthYear } from '@/lib/format';

/**
 * What the farm reads on its own listing while its animals (or the flock or herd its eggs, milk or
 * meat come from) are in a withdrawal period: until when, which animals, after which treatment.
 * Buyers only ever see such a listing as paused, without a reason.
 */
export function WithdrawalNotice({
  withdrawal,
  status,
  className,
}: {
  withdrawal: ListingWithdrawal;
  status: ListingStatus;
  className?: string;
}) {
  const { t } = useTranslation('marketplace');
  return (
    <div
      role="status"
      className={cx(
        'flex gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-amber-950',
        className,
      )}
    >
      <PauseCircle aria-hidden className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0">
        <p className="font-semibold wrap-anywhere">
          {t('withdrawal.paused', {
            date: dayMonthYear(withdrawal.until),
            name: withdrawal.animal_name,
            treatment: withdrawal.treatment ?? t('withdrawal.aTreatment'),
          })}
        </p>
        <p className="text-sm wrap-anywhere">{t('withdrawal.pausedHint')}</p>
        {status === 'paused' && <p className="text-sm wrap-anywhere">{t('withdrawal.pausedByHand')}</p>}
      </div>
    </div>
  );
}
