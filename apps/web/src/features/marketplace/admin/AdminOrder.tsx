import { ArrowLeft } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminOrder as AdminOrderData } from '@gona/shared/marketplace';
import { formatNaira } from '@gona/shared/money';
import { formatNigerianPhone } from '@gona/shared/phone';
import { Badge, Button, EmptyState, SkeletonRows } from '@/components/ui';
import { useErrorText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format';
import { pathTo, paths } from '@/lib/paths';
import { groupedQuantity, useListingText } from '../format';
import { useAdminOrder } from './admin-api';

/**
 * One order for Gona's staff, read-only: what was bought and by whom, then every naira of it: its
 * refunds, its payout, its dispute, and each ledger movement with what is left on each account.
 */
export function AdminOrder({ orderId }: { orderId: string }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const query = useAdminOrder(orderId);
  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6">
      <Link
        to={paths.adminOrders}
        className="inline-flex min-h-11 items-center gap-2 self-start font-medium text-green-800 underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-5" />
        {t('orders.detail.back')}
      </Link>
      {query.isPending ? (
        <SkeletonRows rows={4} />
      ) : query.isError ? (
        <EmptyState
          title={t('orders.detail.error')}
          description={errorText(query.error)}
          action={<Button onClick={() => void query.refetch()}>{t('orders.detail.retry')}</Button>}
        />
      ) : (
        <OrderHistory data={query.data} />
      )}
    </main>
  );
}

function OrderHistory({ data }: { data: AdminOrderData }) {
  const { t } = useTranslation('admin');
  const { t: tm } = useTranslation('marketplace');
  const text = useListingText();
  const { order } = data;
  const none = t('orders.detail.none');
  return (
    <>
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold break-words text-stone-900">{order.listing_title}</h1>
        <Badge tone={order.status === 'disputed' ? 'amber' : 'neutral'} className="self-start">
          {tm(`orders.statuses.${order.status}`)}
        </Badge>
      </div>
      {data.flag && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 break-words text-red-900">
          {t('orders.detail.flag', { flag: data.flag })}
        </p>
      )}
      <dl className="grid gap-x-4 gap-y-2 rounded-xl border border-stone-200 bg-white p-4 sm:grid-cols-[auto_1fr]">
        <Fact label={t('orders.detail.reference')}>
          <span className="wrap-anywhere">{order.reference}</span>
        </Fact>
        <Fact label={t('orders.detail.placed')}>{formatDateTime(order.created_at)}</Fact>
        <Fact label={t('orders.detail.buyer')}>{order.buyer_name || none}</Fact>
        <Fact label={t('orders.detail.email')}>
          <span className="wrap-anywhere">{data.buyer_email ?? none}</span>
        </Fact>
        <Fact label={t('orders.detail.phone')}>
          {order.buyer_phone ? formatNigerianPhone(order.buyer_phone) : none}
        </Fact>
        <Fact label={t('orders.detail.farm')}>{order.farm_name}</Fact>
        <Fact label={t('orders.detail.quantity')}>
          {t('orders.detail.quantityValue', {
            quantity: `${groupedQuantity(order.quantity)} ${text.unit(order.unit, order.quantity)}`,
            price: formatNaira(order.unit_price_kobo),
          })}
        </Fact>
        <Fact label={t('orders.detail.total')}>{formatNaira(order.total_kobo)}</Fact>
        {order.seller_amount_kobo !== null && (
          <Fact label={t('orders.detail.farmAmount')}>{formatNaira(order.seller_amount_kobo)}</Fact>
        )}
      </dl>
      {data.dispute_id && (
        <Link
          to={pathTo(paths.adminDispute, { disputeId: data.dispute_id })}
          className="inline-flex min-h-11 items-center self-start font-medium text-green-800 underline-offset-4 hover:underline"
        >
          {t('orders.detail.dispute')}
        </Link>
      )}
      <Section title={t('orders.detail.refunds')}>
        {data.refunds.length === 0 ? (
          <p className="text-stone-700">{t('orders.detail.noRefunds')}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {data.refunds.map((refund) => (
              <li key={refund.id} className="flex flex-col gap-0.5">
                <span className="font-medium text-stone-900">
                  {t(`orders.detail.refundKinds.${refund.kind}`)}
                </span>
                <span className="text-stone-800">
                  {t('orders.detail.refundLine', {
                    amount: formatNaira(refund.amount_kobo),
                    status: t(`orders.refundStatuses.${refund.status}`),
                    time: formatDateTime(refund.created_at),
                  })}
                </span>
                <span className="text-sm break-words text-stone-700">{refund.reason}</span>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title={t('orders.detail.payments')}>
        <ul className="flex flex-col gap-2">
          {data.payments.map((payment) => (
            <li key={payment.id} className="flex flex-col gap-0.5">
              <span className="text-sm wrap-anywhere text-stone-900">{payment.reference}</span>
              <span className="text-stone-800">
                {payment.charged_kobo === null
                  ? t(`orders.detail.paymentStatuses.${payment.status}`)
                  : t('orders.detail.paymentCharged', {
                      status: t(`orders.detail.paymentStatuses.${payment.status}`),
                      amount: formatNaira(payment.charged_kobo),
                      currency: payment.currency ?? '',
                      time: formatDateTime(payment.charged_at ?? payment.created_at),
                    })}
              </span>
              {payment.problem && <span className="text-sm break-words text-red-800">{payment.problem}</span>}
            </li>
          ))}
        </ul>
        {data.payments.length === 0 && <p className="text-stone-700">{t('orders.detail.noPayments')}</p>}
      </Section>
      <Section title={t('orders.detail.payout')}>
        {data.payout ? (
          <div className="flex flex-col gap-0.5">
            <span className="text-stone-900">
              {t('orders.detail.payoutLine', {
                amount: formatNaira(data.payout.amount_kobo),
                status: t(`orders.payoutStatuses.${data.payout.status}`),
              })}
            </span>
            <span className="text-sm text-stone-700">
              {data.payout.tries > 0
                ? t('payouts.tries', { count: data.payout.tries })
                : t('payouts.notTried')}
              {data.payout.bank_name && data.payout.account_last4
                ? ` · ${t('payouts.bank', { bank: data.payout.bank_name, last4: data.payout.account_last4 })}`
                : ''}
            </span>
            {data.payout.held_because && (
              <span className="text-sm break-words text-stone-800">
                {data.payout.held_because === 'account_changed'
                  ? t('payouts.held.account_changed', {
                      time: formatDateTime(data.payout.hold_until ?? data.payout.created_at),
                    })
                  : t('payouts.held.no_account')}
              </span>
            )}
            {data.payout.failure && (
              <span className="text-sm break-words text-red-800">{data.payout.failure}</span>
            )}
          </div>
        ) : (
          <p className="text-stone-700">{t('orders.detail.noPayout')}</p>
        )}
      </Section>
      <Ledger lines={data.ledger} />
    </>
  );
}

function Ledger({ lines }: { lines: AdminOrderData['ledger'] }) {
  const { t } = useTranslation('admin');
  const movements = new Map<string, AdminOrderData['ledger']>();
  for (const line of lines) movements.set(line.txn_id, [...(movements.get(line.txn_id) ?? []), line]);
  const balances = new Map<string, number>();
  for (const line of lines) balances.set(line.account, (balances.get(line.account) ?? 0) + line.amount_kobo);
  return (
    <Section title={t('orders.detail.ledger')}>
      <p className="text-sm text-stone-700">{t('orders.detail.ledgerHint')}</p>
      {lines.length === 0 ? (
        <p className="text-stone-700">{t('orders.detail.noLedger')}</p>
      ) : (
        <>
          <ol className="flex flex-col gap-3">
            {[...movements.entries()].map(([txn, group]) => (
              <li key={txn} className="flex flex-col gap-1">
                <span className="font-medium text-stone-900">
                  {t(`orders.detail.kinds.${group[0]!.kind}`, { defaultValue: group[0]!.kind })}
                  <span className="font-normal text-stone-700">
                    {' '}
                    · {formatDateTime(group[0]!.created_at)}
                  </span>
                </span>
                <AmountRows
                  rows={group.map((line) => ({
                    key: line.id,
                    account: line.account,
                    amount: line.amount_kobo,
                  }))}
                />
              </li>
            ))}
          </ol>
          <div className="flex flex-col gap-1 border-t border-stone-200 pt-3">
            <h3 className="font-medium text-stone-900">{t('orders.detail.balances')}</h3>
            <AmountRows
              rows={[...balances.entries()].map(([account, amount]) => ({ key: account, account, amount }))}
            />
          </div>
        </>
      )}
    </Section>
  );
}

function AmountRows({ rows }: { rows: { key: string; account: string; amount: number }[] }) {
  const { t } = useTranslation('admin');
  return (
    <dl className="flex flex-col gap-0.5">
      {rows.map((row) => (
        <div key={row.key} className="flex flex-wrap justify-between gap-x-3">
          <dt className="text-stone-800">{t(`orders.detail.accounts.${row.account}`)}</dt>
          <dd className="text-stone-900 tabular-nums">
            {row.amount > 0 ? `+${formatNaira(row.amount)}` : formatNaira(row.amount)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-sm font-medium text-stone-700 sm:text-base">{label}</dt>
      <dd className="min-w-0 text-stone-900">{children}</dd>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-2 rounded-xl border border-stone-200 bg-white p-4"
    >
      <h2 id={headingId} className="text-lg font-semibold text-stone-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
