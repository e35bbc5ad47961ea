import { useTranslation } from 'react-i18next';
import { can, type FarmRole } from '@gona/shared/permissions';
import { receiptAmountKobo, type Movement } from '@gona/shared/inventory';
import { formatNaira } from '@gona/shared/money';
import { Badge, Button, PagedList, ResponsiveList, type ListColumn } from '@/components/ui';
import { formatDateTime } from '@/lib/format';
import { pageItems } from '@/lib/paged-query';
import { useMovements } from '../api';
import { useWaitingReceiptExpenses } from '../mutations';
import { useQuantityText } from '@/lib/quantity-text';
import { receiptOffer, type ReceiptOffer, type ReceiptSupply } from '../receipt-expense';

type Props = {
  farmId: string;
  role: FarmRole;
  supply: ReceiptSupply;
  /** Opens the expense offer for a receipt not paid yet (for those who may record expenses). */
  onOffer: (offer: ReceiptOffer) => void;
};

/**
 * A supply's stock movements, newest first: when, what happened, the change and the stock after it.
 * For those who see money, a receipt with a unit cost shows what it cost and whether it has been
 * recorded as an expense; the owner and managers may record one that has not.
 */
export function MovementHistory({ farmId, role, supply, onOffer }: Props) {
  const { t } = useTranslation('inventory');
  const quantityText = useQuantityText();
  const movements = useMovements(farmId, supply.id);
  const waiting = useWaitingReceiptExpenses(farmId);
  const seesMoney = can(role, 'money.read');
  const paysMoney = can(role, 'money.write');

  const receipt = (m: Movement) => {
    if (!seesMoney || m.kind !== 'received' || m.unit_cost_kobo == null) return null;
    const cost = receiptAmountKobo(m.quantity, m.unit_cost_kobo);
    if (cost === null) return null;
    const offer = paysMoney && !waiting.has(m.id) ? receiptOffer(supply, m) : null;
    return (
      <span className="flex flex-wrap items-center gap-2 text-sm text-stone-700">
        <span className="tabular-nums">{t('receiptExpense.cost', { amount: formatNaira(cost) })}</span>
        {m.expense_id ? (
          <Badge tone="green">{t('receiptExpense.recorded')}</Badge>
        ) : waiting.has(m.id) ? (
          <Badge>{t('receiptExpense.waiting')}</Badge>
        ) : (
          offer && (
            <Button
              variant="secondary"
              className="px-3 text-sm"
              aria-label={t('receiptExpense.recordLaterName', {
                amount: formatNaira(cost),
                quantity: quantityText(offer.quantity, supply.unit),
                date: formatDateTime(m.created_at),
              })}
              onClick={() => onOffer(offer)}
            >
              {t('receiptExpense.recordLater')}
            </Button>
          )
        )}
      </span>
    );
  };
  const what = (m: Movement) => (
    <span className="flex flex-col gap-1">
      <span className="font-medium">{t(`kinds.${m.kind}`)}</span>
      {(m.reason || m.note) && (
        <span className="text-sm text-stone-700">{[m.reason, m.note].filter(Boolean).join(' · ')}</span>
      )}
      {receipt(m)}
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
                <div className="flex min-w-0 flex-col gap-1">
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
