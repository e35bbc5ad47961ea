import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, EmptyState, SkeletonRows } from '@/components/ui';
import { useErrorText } from '@/lib/error-text';
import { DisputeNote } from '../components/DisputeNote';
import { formatNaira } from '@gona/shared/money';
import { useAdminDispute } from '../disputes-api';
import { DecideForm } from './DecideForm';

/** One dispute for Gona's staff: the order, both sides' words, and the decision form until decided. */
export function DisputeReview({ disputeId }: { disputeId: string }) {
  const { t } = useTranslation('marketplace');
  const errorText = useErrorText();
  const query = useAdminDispute(disputeId);
  const back = (
    <Link
      to="/admin"
      className="inline-flex min-h-11 items-center gap-2 font-medium text-green-800 underline-offset-4 hover:underline"
    >
      <ArrowLeft aria-hidden className="size-5" />
      {t('disputes.admin.back')}
    </Link>
  );
  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6">
      {back}
      {query.isPending ? (
        <SkeletonRows rows={3} />
      ) : query.isError ? (
        <EmptyState
          title={t('disputes.admin.error')}
          description={errorText(query.error)}
          action={<Button onClick={() => void query.refetch()}>{t('orders.detail.retry')}</Button>}
        />
      ) : (
        <>
          <h1 className="text-2xl font-bold break-words text-stone-900">{query.data.order.listing_title}</h1>
          <p className="break-words text-stone-800">
            {t('disputes.admin.order', {
              buyer: query.data.order.buyer_name,
              farm: query.data.order.farm_name,
              total: formatNaira(query.data.order.total_kobo),
              status: t(`orders.statuses.${query.data.order.status}`),
            })}
          </p>
          <DisputeNote order={query.data.order} side="seller" />
          {query.data.dispute.status !== 'resolved' && <DecideForm dispute={query.data} />}
        </>
      )}
    </main>
  );
}
