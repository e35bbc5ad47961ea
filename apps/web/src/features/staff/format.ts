import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNaira } from '@gona/shared/money';
import type { PayPeriod } from '@gona/shared/staff';

/** "₦3,500 a day"; nothing when no pay is recorded (or the role may not see it). */
export function usePayText() {
  const { t } = useTranslation('staff');
  return useCallback(
    (member: { pay_rate_kobo?: number | null; pay_period?: PayPeriod | null }) =>
      member.pay_rate_kobo != null && member.pay_period
        ? t(`pay.${member.pay_period}`, { amount: formatNaira(member.pay_rate_kobo) })
        : null,
    [t],
  );
}
