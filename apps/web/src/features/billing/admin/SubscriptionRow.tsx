import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminSubscriptionSummary } from '@gona/shared/billing';
import { Badge } from '@/components/ui/Badge';
import { pathTo, paths } from '@/lib/paths';
import { formatDay, lastDay } from '../format';
import { stateTone } from './state-tone';

/** One farm in the back office's subscriptions: its state, how it pays, until when, and its last payment. */
export function SubscriptionRow({ row }: { row: AdminSubscriptionSummary }) {
  const { t } = useTranslation('billing');
  return (
    <Link
      to={pathTo(paths.adminSubscription, { farmId: row.farm_id })}
      aria-label={t('admin.open', { farm: row.farm_name })}
      className="flex flex-col gap-1 rounded-xl border border-stone-200 bg-white p-4 hover:bg-stone-50"
    >
      <span className="flex flex-wrap items-center gap-2">
        <span className="font-semibold break-words text-stone-900">{row.farm_name}</span>
        <Badge tone={stateTone(row.state)}>{t(`states.${row.state}`)}</Badge>
      </span>
      <span className="text-sm break-words text-stone-700">{row.owner_email ?? t('admin.noOwner')}</span>
      <span className="text-sm text-stone-800">
        {[
          row.method ? t(`methods.${row.method}`) : null,
          row.state === 'past_due' && row.grace_ends_at
            ? t('admin.graceUntil', { date: lastDay(row.grace_ends_at) })
            : row.period_end
              ? t('admin.until', { date: lastDay(row.period_end) })
              : null,
          row.last_paid_at
            ? t('admin.lastPaid', { date: formatDay(row.last_paid_at) })
            : t('admin.neverPaid'),
        ]
          .filter(Boolean)
          .join(' · ')}
      </span>
    </Link>
  );
}
