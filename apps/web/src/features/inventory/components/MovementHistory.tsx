import { useTranslation } from 'react-i18next';
import type { Movement, Supply } from '@gona/shared/inventory';
import { PagedList, ResponsiveList, type ListColumn } from '@/components/ui';
import { formatDateTime } from '@/lib/format';
import { pageItems } from '@/lib/paged-query';
import { useMovements } from '../api';
import { useQuantityText } from '@/lib/quantity-text';

type Props = { farmId: string; supply: Pick<Supply, 'id' | 'unit'> };

/** A supply's stock movements, newest first: when, what happened, the change and the stock after it. */
export function MovementHistory({ farmId, supply }: Props) {
  const { t } = useTranslation('inventory');
  const quantityText = useQuantityText();
  const movements = useMovements(farmId, supply.id);

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
      <PagedList
        query={movements}
        items={pageItems(movements.data)}
        errorTitle={t('detail.errorTitle')}
        errorText={(message) => t('detail.errorText', { message })}
        empty={<p className="text-stone-700">{t('detail.historyEmpty')}</p>}
      >
        {(items) => (
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
        )}
      </PagedList>
    </section>
  );
}
