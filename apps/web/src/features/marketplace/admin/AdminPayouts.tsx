import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ADMIN_PAYOUT_FILTERS, type AdminPayout, type AdminPayoutFilter } from '@gona/shared/marketplace';
import { formatNaira } from '@gona/shared/money';
import { Button, cx } from '@/components/ui';
import { formatDateTime } from '@/lib/format';
import { pathTo, paths } from '@/lib/paths';
import { useAdminPayouts, useRetryPayout } from './admin-api';
import { useAddressParams } from './address-search';
import { AdminResultList } from './AdminResultList';
import { ConfirmOnceDialog } from './ConfirmOnceDialog';

/**
 * The back office's payouts that need someone: failed ones (sent again after a question, once
 * however often it is tapped) and held ones, each with why it waits. The filter is in the address
 * (?status=held), so a link or the back button keeps it.
 */
export function AdminPayouts() {
  const { t } = useTranslation('admin');
  const [params, setParam] = useAddressParams();
  const status: AdminPayoutFilter = params.get('status') === 'held' ? 'held' : 'failed';
  const query = useAdminPayouts(status);
  const retry = useRetryPayout();
  const [asking, setAsking] = useState<AdminPayout | null>(null);

  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold text-stone-900">{t('payouts.title')}</h1>
        <p className="text-stone-700">{t('payouts.intro')}</p>
      </div>
      <div role="group" aria-label={t('payouts.filter')} className="flex flex-wrap gap-2">
        {ADMIN_PAYOUT_FILTERS.map((filter) => (
          <button
            key={filter}
            type="button"
            aria-pressed={status === filter}
            onClick={() => setParam('status', filter === 'failed' ? '' : filter)}
            className={cx(
              'min-h-11 rounded-full border px-4 text-base font-medium',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700',
              status === filter
                ? 'border-green-700 bg-green-50 text-green-900'
                : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-100',
            )}
          >
            {t(`payouts.filters.${filter}`)}
          </button>
        ))}
      </div>
      <AdminResultList
        query={query}
        label={t(`payouts.filters.${status}`)}
        errorTitle={t('payouts.error')}
        empty={t(`payouts.empty.${status}`)}
      >
        {(payout) => <PayoutRow payout={payout} onRetry={() => setAsking(payout)} />}
      </AdminResultList>
      <ConfirmOnceDialog
        subject={asking}
        title={t('payouts.confirmTitle')}
        message={
          asking
            ? t('payouts.confirm', { amount: formatNaira(asking.amount_kobo), farm: asking.farm_name })
            : undefined
        }
        confirmLabel={t('payouts.confirmYes')}
        cancelLabel={t('payouts.confirmNo')}
        send={async (payout) => {
          await retry.mutateAsync(payout.id);
          return t('payouts.retried');
        }}
        onClose={() => setAsking(null)}
      />
    </main>
  );
}

function PayoutRow({ payout, onRetry }: { payout: AdminPayout; onRetry: () => void }) {
  const { t } = useTranslation('admin');
  const reason =
    payout.held_because === 'account_changed'
      ? t('payouts.held.account_changed', { time: formatDateTime(payout.hold_until ?? payout.created_at) })
      : payout.held_because === 'no_account'
        ? t('payouts.held.no_account')
        : (payout.failure ?? t('payouts.noReason'));
  const amount = formatNaira(payout.amount_kobo);
  return (
    <article className="flex flex-col gap-2 rounded-xl border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 className="min-w-0 font-semibold break-words text-stone-900">{payout.farm_name}</h2>
        <span className="font-semibold text-stone-900 tabular-nums">{amount}</span>
      </div>
      <p className={cx('break-words', payout.status === 'failed' ? 'text-red-800' : 'text-stone-800')}>
        {reason}
      </p>
      <p className="text-sm text-stone-700">
        {payout.tries > 0 ? t('payouts.tries', { count: payout.tries }) : t('payouts.notTried')}
        {payout.bank_name && payout.account_last4
          ? ` · ${t('payouts.bank', { bank: payout.bank_name, last4: payout.account_last4 })}`
          : ''}
      </p>
      <p className="text-sm wrap-anywhere text-stone-700">
        {t('payouts.order', { title: payout.listing_title, reference: payout.order_reference })}
      </p>
      <p className="text-sm text-stone-700">
        {t('payouts.since', { time: formatDateTime(payout.created_at) })}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {payout.status === 'failed' && (
          <Button onClick={onRetry} aria-label={t('payouts.retryLabel', { amount, farm: payout.farm_name })}>
            {t('payouts.retry')}
          </Button>
        )}
        <Link
          to={pathTo(paths.adminOrder, { orderId: payout.order_id })}
          className="inline-flex min-h-11 items-center px-2 font-medium text-green-800 underline-offset-4 hover:underline"
        >
          {t('payouts.seeOrder')}
        </Link>
      </div>
    </article>
  );
}
