import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ADMIN_ORDER_SEARCH_MAX, type AdminOrderSummary } from '@gona/shared/marketplace';
import { formatNaira } from '@gona/shared/money';
import { Badge } from '@/components/ui';
import { formatDateTime } from '@/lib/format';
import { pathTo, paths } from '@/lib/paths';
import { useAdminOrders } from './admin-api';
import { useAddressSearch } from './address-search';
import { AdminResultList } from './AdminResultList';
import { AdminSearchForm } from './AdminSearchForm';

/**
 * The back office's orders search: a reference, a buyer's email or phone, or part of a farm's name
 * or a listing's title, sent on Enter or the button (not on every key). The search is in the
 * address (?q=), so coming back from an order keeps it. Each result links to the order's page.
 */
export function AdminOrders() {
  const { t } = useTranslation('admin');
  const search = useAddressSearch(
    ADMIN_ORDER_SEARCH_MAX,
    t('orders.tooLong', { max: ADMIN_ORDER_SEARCH_MAX }),
  );
  const { q } = search;
  const query = useAdminOrders(q);

  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6">
      <h1 className="text-2xl font-bold text-stone-900">{t('orders.title')}</h1>
      <AdminSearchForm
        search={search}
        label={t('orders.search')}
        hint={t('orders.searchHint')}
        submitLabel={t('orders.submit')}
      />
      <AdminResultList
        query={query}
        label={t('orders.title')}
        errorTitle={t('orders.error')}
        empty={q ? t('orders.noMatch', { q }) : t('orders.empty')}
      >
        {(order) => <OrderResult order={order} />}
      </AdminResultList>
    </main>
  );
}

function OrderResult({ order }: { order: AdminOrderSummary }) {
  const { t } = useTranslation('admin');
  const { t: tm } = useTranslation('marketplace');
  const chips: { text: string; tone: 'neutral' | 'amber' | 'red' }[] = [];
  // A payment of it paid nothing (a second or mismatched one) or a refund failed.
  if (order.flag) chips.push({ text: t('orders.chips.flag'), tone: 'red' });
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
