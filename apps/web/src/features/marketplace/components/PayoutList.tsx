import { Banknote } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatNaira } from '@gona/shared/money';
import { EmptyState, PagedList } from '@/components/ui';
import { pageItems } from '@/lib/paged-query';
import { useFarmPayouts, usePayoutAccount } from '../payouts-api';
import { PayoutStatus } from './PayoutStatus';

type Props = {
  farmId: string;
  /** Rows a page: a few where the list sits above the farm's orders. */
  limit?: number;
};

/**
 * Each completed order's payout, newest first, for the farm's owners and managers: the order, the
 * amount and where the money stands; a pending one says when it waits for a payout account.
 */
export function PayoutList({ farmId, limit }: Props) {
  const { t } = useTranslation('marketplace');
  const query = useFarmPayouts(farmId, limit);
  const noAccount = usePayoutAccount(farmId).data === null;
  return (
    <PagedList
      query={query}
      items={pageItems(query.data)}
      skeletonRows={2}
      errorTitle={t('payouts.list.errorTitle')}
      errorText={(message) => message}
      empty={
        <EmptyState
          icon={Banknote}
          title={t('payouts.list.empty')}
          description={t('payouts.list.emptyHint')}
        />
      }
    >
      {(rows) => (
        <ul className="flex flex-col gap-2" aria-label={t('payouts.list.label')}>
          {rows.map((payout) => (
            <li
              key={payout.id}
              className="flex flex-col gap-1 rounded-xl border border-stone-200 bg-white px-4 py-3"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <span className="min-w-0 font-medium break-words text-stone-900">{payout.order_title}</span>
                <span className="font-semibold text-stone-900 tabular-nums">
                  {formatNaira(payout.amount_kobo)}
                </span>
              </div>
              <PayoutStatus payout={payout} noAccount={noAccount} />
            </li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}
