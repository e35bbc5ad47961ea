import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Subscription } from '@gona/shared/billing';
import { FREE_WORKER_LIMIT } from '@gona/shared/plans';
import { Badge } from '@/components/ui/Badge';
import { cx } from '@/components/ui/cx';
import { formatDay, lastDay, percentOfBps } from '../format';

type Props = { subscription: Subscription };

/** The farm's plan and where it stands, in one sentence, then what it uses against each limit. */
export function PlanSummary({ subscription }: Props) {
  const { t } = useTranslation('billing');
  const timeZone = subscription.timezone;
  const day = (iso: string | null) => (iso ? formatDay(iso, timeZone) : '');
  const until = (iso: string | null) => (iso ? lastDay(iso, timeZone) : '');
  const pastDue = subscription.state === 'past_due';
  return (
    <section
      aria-labelledby="plan-title"
      className={cx(
        'rounded-2xl border bg-white p-4 sm:p-6',
        pastDue ? 'border-amber-400' : subscription.plan === 'pro' ? 'border-green-700' : 'border-stone-200',
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="plan-title" className="text-lg font-semibold text-stone-900">
          {t('plan.label')}: {t(`plans.${subscription.plan}`)}
        </h2>
        {subscription.state !== 'free' && (
          <Badge tone={pastDue ? 'amber' : 'green'}>{t(`states.${subscription.state}`)}</Badge>
        )}
      </div>
      <p className={cx('mt-2', pastDue ? 'font-semibold text-amber-900' : 'text-stone-800')}>
        {stateSentence(subscription, day, until, t)}
      </p>
      {pastDue && <p className="mt-1 text-stone-700">{t('plan.pastDueHint')}</p>}
      <Usage subscription={subscription} />
    </section>
  );
}

function stateSentence(
  subscription: Subscription,
  day: (iso: string | null) => string,
  until: (iso: string | null) => string,
  t: TFunction<'billing'>,
): string {
  const { state, method, renews, period_end, grace_ends_at } = subscription;
  if (state === 'past_due') return t('plan.pastDue', { date: until(grace_ends_at) });
  if (state === 'non_renewing') return t('plan.nonRenewing', { date: until(period_end) });
  if (state === 'active') {
    if (renews) return t('plan.renews', { date: day(period_end) });
    if (method === 'granted') return t('plan.granted', { date: until(period_end) });
    return t('plan.oneYear', { date: until(period_end) });
  }
  return t('plan.free', { limit: FREE_WORKER_LIMIT });
}

function Usage({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation('billing');
  const {
    workers,
    assistant_questions: questions,
    sms_alerts,
    pdf_reports,
    commission_bps,
  } = subscription.usage;
  const rows: { key: string; label: string; value: string; full?: boolean }[] = [
    {
      key: 'workers',
      label: t('usage.workers'),
      value:
        workers.limit === null
          ? t('usage.workersNoLimit', { used: workers.used })
          : t('usage.workersOf', { used: workers.used, limit: workers.limit }),
      full: workers.limit !== null && workers.used >= workers.limit,
    },
    {
      key: 'assistant',
      label: t('usage.assistant'),
      value:
        questions.limit === null
          ? t('usage.assistantNoLimit', { used: questions.used })
          : t('usage.assistantOf', { used: questions.used, limit: questions.limit }),
      full: questions.limit !== null && questions.used >= questions.limit,
    },
    { key: 'sms', label: t('usage.sms'), value: sms_alerts ? t('usage.included') : t('usage.proOnly') },
    { key: 'pdf', label: t('usage.pdf'), value: pdf_reports ? t('usage.included') : t('usage.proOnly') },
    {
      key: 'commission',
      label: t('usage.commission'),
      value: t('usage.commissionValue', { percent: percentOfBps(commission_bps) }),
    },
  ];
  return (
    <>
      <h3 className="mt-4 text-sm font-bold uppercase tracking-wide text-stone-700">{t('usage.title')}</h3>
      <dl className="mt-2 divide-y divide-stone-100">
        {rows.map((row) => (
          <div key={row.key} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-2">
            <dt className="text-stone-700">{row.label}</dt>
            <dd className={cx('tabular-nums font-medium', row.full ? 'text-amber-900' : 'text-stone-900')}>
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}
