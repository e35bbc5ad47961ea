import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminSubscription } from '@gona/shared/billing';
import { formatNaira } from '@gona/shared/money';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { BackLink, DetailState } from '@/components/ui/DetailState';
import { paths } from '@/lib/paths';
import { useAdminSubscription } from '../admin-api';
import { dayMonthYear } from '@/lib/format';
import { formatDay, lastDay } from '../format';
import { GrantProDialog } from './GrantProDialog';
import { stateTone } from './state-tone';

/**
 * One farm's Gona Pro for Gona's staff: its state and paid time, Paystack's codes, every payment
 * (read-only: nothing here changes a payment) and every grant, and Grant or extend Pro with a reason.
 */
export function AdminSubscriptionDetail({ farmId }: { farmId: string }) {
  const { t } = useTranslation('billing');
  const query = useAdminSubscription(farmId);
  const [granting, setGranting] = useState(false);
  const back = { to: paths.adminSubscriptions, label: t('admin.back') };
  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6">
      {query.data ? (
        <>
          <BackLink to={back.to}>{back.label}</BackLink>
          <Facts subscription={query.data} />
          <Button className="self-start" onClick={() => setGranting(true)}>
            {t('admin.grant')}
          </Button>
          <Payments subscription={query.data} />
          <Grants subscription={query.data} />
          {granting && (
            <GrantProDialog
              farmId={farmId}
              farmName={query.data.farm_name}
              onClose={() => setGranting(false)}
            />
          )}
        </>
      ) : (
        <DetailState
          query={query}
          back={back}
          notFoundTitle={t('admin.notFound')}
          notFoundText={t('admin.notFoundText')}
          errorTitle={t('admin.detailError')}
        />
      )}
    </main>
  );
}

function Facts({ subscription: s }: { subscription: AdminSubscription }) {
  const { t } = useTranslation('billing');
  const none = t('admin.facts.none');
  return (
    <>
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold break-words text-stone-900">{s.farm_name}</h1>
        <p className="break-words text-stone-700">{s.owner_email ?? t('admin.noOwner')}</p>
        <Badge tone={stateTone(s.state)} className="self-start">
          {t(`states.${s.state}`)}
        </Badge>
      </div>
      <dl className="grid gap-x-4 gap-y-2 rounded-xl border border-stone-200 bg-white p-4 sm:grid-cols-[auto_1fr]">
        <Fact label={t('admin.facts.method')}>{s.method ? t(`methods.${s.method}`) : none}</Fact>
        <Fact label={t('admin.facts.period')}>
          {s.period_start && s.period_end ? `${formatDay(s.period_start)} – ${lastDay(s.period_end)}` : none}
        </Fact>
        <Fact label={t('admin.facts.renews')}>{s.renews ? t('common:yes') : t('common:no')}</Fact>
        {s.grace_ends_at && <Fact label={t('admin.facts.grace')}>{lastDay(s.grace_ends_at)}</Fact>}
        {s.cancelled_at && <Fact label={t('admin.facts.cancelled')}>{formatDay(s.cancelled_at)}</Fact>}
        <Fact label={t('admin.facts.customer')}>{s.paystack_customer_code ?? none}</Fact>
        <Fact label={t('admin.facts.subscription')}>{s.paystack_subscription_code ?? none}</Fact>
      </dl>
      {s.pending_checkout && (
        <p className="rounded-lg bg-stone-100 px-3 py-2 break-words text-stone-800">
          {t('admin.pending', {
            amount: formatNaira(s.pending_checkout.amount_kobo),
            reference: s.pending_checkout.reference,
          })}
        </p>
      )}
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-sm text-stone-700">{label}</dt>
      <dd className="font-medium break-words text-stone-900">{children}</dd>
    </>
  );
}

function Payments({ subscription }: { subscription: AdminSubscription }) {
  const { t } = useTranslation('billing');
  return (
    <section aria-labelledby="admin-payments" className="flex flex-col gap-2">
      <h2 id="admin-payments" className="text-lg font-semibold text-stone-900">
        {t('admin.payments')}
      </h2>
      {subscription.payments.length === 0 ? (
        <p className="text-stone-700">{t('admin.noPayments')}</p>
      ) : (
        <ul aria-labelledby="admin-payments" className="flex flex-col gap-2">
          {subscription.payments.map((payment) => (
            <li key={payment.id} className="rounded-xl border border-stone-200 bg-white p-4">
              <p className="font-medium tabular-nums text-stone-900">
                {payment.receipt_number} ·{' '}
                {t('payments.row', {
                  amount: formatNaira(payment.amount_kobo),
                  date: formatDay(payment.paid_at),
                })}
              </p>
              <p className="text-sm text-stone-700">
                {t(`payments.kinds.${payment.kind}`)} · {payment.channel} ·{' '}
                {t('payments.period', {
                  from: formatDay(payment.period_start),
                  to: lastDay(payment.period_end),
                })}
              </p>
              <p className="text-sm break-words text-stone-700">
                {t('admin.reference', { reference: payment.reference })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Grants({ subscription }: { subscription: AdminSubscription }) {
  const { t } = useTranslation('billing');
  return (
    <section aria-labelledby="admin-grants" className="flex flex-col gap-2">
      <h2 id="admin-grants" className="text-lg font-semibold text-stone-900">
        {t('admin.grants')}
      </h2>
      {subscription.grants.length === 0 ? (
        <p className="text-stone-700">{t('admin.noGrants')}</p>
      ) : (
        <ul aria-labelledby="admin-grants" className="flex flex-col gap-2">
          {subscription.grants.map((grant) => (
            <li
              key={grant.id}
              className="rounded-xl border border-stone-200 bg-white p-4 break-words text-stone-800"
            >
              {t('admin.grantLine', {
                date: dayMonthYear(grant.until),
                by: grant.granted_by_email ?? t('admin.someone'),
                reason: grant.reason,
              })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
