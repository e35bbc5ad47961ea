import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ADMIN_ORDER_SEARCH_MAX, type AdminOrderSummary } from '@gona/shared/marketplace';
import { formatNaira } from '@gona/shared/money';
import { Badge, Button, PagedList, TextField } from '@/components/ui';
import { formatDateTime } from '@/lib/format';
import { pageItems } from '@/lib/paged-query';
import { pathTo, paths } from '@/lib/paths';
import { useAdminOrders } from './admin-api';

/**
 * The back office's orders search: a reference, a buyer's email or phone, or part of a farm's name
 * or a listing's title, sent on Enter or the button (not on every key). The search is in the
 * address (?q=), so coming back from an order keeps it. Each result links to the order's page.
 */
export function AdminOrders() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim().slice(0, ADMIN_ORDER_SEARCH_MAX);
  const [typed, setTyped] = useState(q);
  const [error, setError] = useState<string | undefined>();
  const query = useAdminOrders(q);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = typed.trim();
    if (next.length > ADMIN_ORDER_SEARCH_MAX) {
      setError(t('orders.tooLong', { max: ADMIN_ORDER_SEARCH_MAX }));
      return;
    }
    setError(undefined);
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === '') updated.delete('q');
        else updated.set('q', next);
        return updated;
      },
      { replace: true },
    );
  };

  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6">
      <h1 className="text-2xl font-bold text-stone-900">{t('orders.title')}</h1>
      <form
        role="search"
        noValidate
        onSubmit={onSubmit}
        className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-start"
      >
        <TextField
          label={t('orders.search')}
          hint={t('orders.searchHint')}
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          value={typed}
          error={error}
          onChange={(e) => setTyped(e.target.value)}
        />
        <Button type="submit" className="sm:mt-7">
          {t('orders.submit')}
        </Button>
      </form>
      <PagedList
        query={query}
        items={pageItems(query.data)}
        errorTitle={t('orders.error')}
        errorText={(message) => message}
        empty={
          <p className="break-words text-stone-700">{q ? t('orders.noMatch', { q }) : t('orders.empty')}</p>
        }
      >
        {(rows) => (
          <ul className="flex flex-col gap-2" aria-label={t('orders.title')}>
            {rows.map((order) => (
              <li key={order.id}>
                <OrderResult order={order} />
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </main>
  );
}

function OrderResult({ order }: { order: AdminOrderSummary }) {
  const { t } = useTranslation('admin');
  const { t: tm } = useTranslation('marketplace');
  const chips: { text: string; tone: 'neutral' | 'amber' | 'red' }[] = [];
  if (order.dispute_status)
    chips.push({
      text: t('orders.chips.dispute', { status: t(`orders.disputeStatuses.${order.dispute_status}`) }),
      tone: order.dispute_status === 'resolved' ? 'neutral' : 'amber',
    });
  if (order.refund_status)
    chips.push({
      text: t('orders.chips.refund', { status: t(`orders.refundStatuses.${order.refund_status}`) }),
      tone: order.refund_status === 'failed' ? 'red' : 'neutral',
    });
  if (order.payout_status)
    chips.push({
      text: t('orders.chips.payout', { status: t(`orders.payoutStatuses.${order.payout_status}`) }),
      tone: order.payout_status === 'failed' ? 'red' : 'neutral',
    });
  return (
    <Link
      to={pathTo(paths.adminOrder, { orderId: order.id })}
      className="flex flex-col gap-1 rounded-xl border border-stone-200 bg-white p-4 hover:border-green-700"
    >
      <span className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 font-semibold break-words text-stone-900">{order.listing_title}</span>
        <span className="font-semibold text-stone-900 tabular-nums">{formatNaira(order.total_kobo)}</span>
      </span>
      <span className="text-sm break-words text-stone-800">
        {t('orders.between', {
          buyer: order.buyer_name,
          farm: order.farm_name,
          time: formatDateTime(order.created_at),
        })}
      </span>
      <span className="text-sm wrap-anywhere text-stone-700">{order.reference}</span>
      <span className="flex flex-wrap gap-1">
        <Badge tone={order.status === 'disputed' ? 'amber' : 'neutral'}>
          {tm(`orders.statuses.${order.status}`)}
        </Badge>
        {chips.map((chip) => (
          <Badge key={chip.text} tone={chip.tone}>
            {chip.text}
          </Badge>
        ))}
      </span>
    </Link>
  );
}
