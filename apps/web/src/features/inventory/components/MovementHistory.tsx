import { useTranslation } from 'react-i18next';
import type { Movement, Supply } from '@gona/shared/inventory';
import { Button, EmptyState, ResponsiveList, SkeletonRows, type ListColumn } from '@/components/ui';
import { formatDateTime } from '@/lib/format';
import { useMovements } from '../api';
import { useErrorText } from '../errors';
import { useQuantityText } from '../format';

type Props = { farmId: string; supply: Pick<Supply, 'id' | 'unit'> };

/** A supply's stock movements, newest first: when, what happened, the change and the stock after it. */
export function MovementHistory({ farmId, supply }: Props) {
  const { t } = useTranslation('inventory');
  const quantityText = useQuantityText();
  const errorText = useErrorText();
  const movements = useMovements(farmId, supply.id);
  const items = movements.data?.pages.flatMap((page) => page.items) ?? [];

  const what = (m: Movement) => (
    <span className="flex flex-col">
      <span className="font-medium">{t(`kinds.${m.kind}`)}</span>
      {(m.reason || m.note) && (
        <span className="text-sm text-stone-700">{[m.reason, m.note].filter(Boolean).join(' · ')}</span>
      )}
    </span>
  );
  const change = (m: Movement) => {
    const taken = m.quantity.startsWith('-');
    return (
      <span className={taken ? 'text-red-800' : 'text-green-800'}>
        {`${taken ? '−' : '+'}${quantityText(m.quantity.replace(/^-/, ''), supply.unit)}`}
      </span>
    );
  };
  const columns: ListColumn<Movement>[] = [
    { key: 'when', header: t('detail.when'), render: (m) => formatDateTime(m.created_at) },
    { key: 'what', header: t('detail.what'), render: what },
    { key: 'change', header: t('detail.change'), render: change, numeric: true },
    {
      key: 'after',
      header: t('detail.after'),
      render: (m) => quantityText(m.quantity_after, supply.unit),
      numeric: true,
    },
  ];

  return (
    <section aria-labelledby="stock-history-title" className="flex flex-col gap-3">
      <h2 id="stock-history-title" className="text-xl font-semibold text-stone-900">
        {t('detail.history')}
      </h2>
      {movements.isPending ? (
        <SkeletonRows rows={3} />
      ) : movements.isError && items.length === 0 ? (
        <EmptyState
          title={t('detail.errorTitle')}
          description={t('detail.errorText', { message: errorText(movements.error) })}
          action={<Button onClick={() => void movements.refetch()}>{t('list.retry')}</Button>}
        />
      ) : items.length === 0 ? (
        <p className="text-stone-700">{t('detail.historyEmpty')}</p>
      ) : (
        <>
          <ResponsiveList
            label={t('detail.historyLabel')}
            items={items}
            columns={columns}
            getKey={(m) => m.id}
            renderCard={(m) => (
              <div className="flex items-start justify-between gap-3">
                <div className="flex flex-col gap-1">
                  {what(m)}
                  <span className="text-sm text-stone-700">{formatDateTime(m.created_at)}</span>
                </div>
                <div className="flex flex-col items-end tabular-nums">
                  {change(m)}
                  <span className="text-sm text-stone-700">
                    {quantityText(m.quantity_after, supply.unit)}
                  </span>
                </div>
              </div>
            )}
          />
          {movements.hasNextPage && (
            <Button
              variant="secondary"
              loading={movements.isFetchingNextPage}
              onClick={() => void movements.fetchNextPage()}
            >
              {t('list.loadMore')}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
