import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNaira } from '@gona/shared/money';
import type { PayPeriod } from '@gona/shared/staff';

/** A calendar date as stored (yyyy-mm-dd) as people read it: dd/mm/yyyy. */
export function dayMonthYear(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

/** Today's date (yyyy-mm-dd) on the farm's clock, for a form's default. */
export function todayOnFarm(timeZone = 'Africa/Lagos'): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

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
