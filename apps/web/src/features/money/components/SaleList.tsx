import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HandCoins, Phone } from 'lucide-react';
import { formatNigerianPhone } from '@gona/shared/phone';
import { SALE_PAYMENT_STATUSES, type Sale, type SalePaymentStatus } from '@gona/shared/finance';
import { Badge, Button, EmptyState, optionsOf, PagedList, SelectField } from '@/components/ui';
import { FilterBar } from '@/components/ui/FilterBar';
import { dayMonthYear, todayOnFarm } from '@/lib/format';
import { groupDigits } from '@/lib/quantity-text';
import { pageItems } from '@/lib/paged-query';
import { salesCsvUrl, useOwed, useSales, type Period } from '../api';
import { formatNaira } from '../format';
import { OwedByFarmCard } from './OwedByFarmCard';
import { PaymentDialog } from './PaymentDialog';
import { SaleFormDialog } from './SaleFormDialog';

type Props = { farmId: string; period: Period; writer: boolean; addAction: React.ReactNode };

const TONE = { paid: 'green', part_paid: 'amber', unpaid: 'red' } as const;

/**
 * Who owes the farm and whom it owes, then the period's sales, each unpaid one
 * with a button to record money received.
 */
export function SaleList({ farmId, period, writer, addAction }: Props) {
  const { t } = useTranslation('money');
  const [status, setStatus] = useState<SalePaymentStatus | ''>('');
  const filters = { ...period, payment_status: status };
  const list = useSales(farmId, filters);
  const [paying, setPaying] = useState<Sale | null>(null);
  const [editing, setEditing] = useState<Sale | null>(null);
  const items = pageItems(list.data);
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <OwedCard farmId={farmId} />
        <OwedByFarmCard farmId={farmId} writer={writer} />
      </div>
      <FilterBar>
        <SelectField
          label={t('sales.status')}
          value={status}
          onChange={(e) => setStatus(e.target.value as SalePaymentStatus | '')}
          placeholder={t('sales.allStatuses')}
          options={optionsOf(SALE_PAYMENT_STATUSES, (s) => t(`paymentStatus.${s}`))}
        />
      </FilterBar>
      <PagedList
        query={list}
        items={items}
        errorTitle={t('sales.errorTitle')}
        errorText={(message) => t('sales.errorText', { message })}
        empty={
          <EmptyState
            icon={HandCoins}
            title={t('sales.empty')}
            description={t('sales.emptyHint')}
            action={addAction}
          />
        }
      >
        {(rows) => (
          <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
            {rows.map((sale) => (
              <li key={sale.id} className="flex items-start gap-3 p-4">
                <SaleSummary onOpen={writer ? () => setEditing(sale) : undefined}>
                  <p className="font-medium break-words text-stone-900">
                    {sale.product} ·{' '}
                    {t('sales.quantity', {
                      quantity: groupDigits(sale.quantity),
                      unit: t(`units.${sale.unit}`),
                    })}
                  </p>
                  <p className="text-sm break-words text-stone-600">
                    {dayMonthYear(sale.date)}
                    {sale.buyer_name ? ` · ${t('sales.toBuyer', { buyer: sale.buyer_name })}` : ''}
                    {` · ${sale.enterprise_name ?? t('wholeFarm')}`}
                  </p>
                  <TakenLine sale={sale} />
                  {sale.balance_kobo > 0 && (
                    <p className="text-sm font-medium text-amber-900">
                      {t('sales.owes', { amount: formatNaira(sale.balance_kobo) })}
                      {sale.due_date ? ` · ${t('sales.due', { date: dayMonthYear(sale.due_date) })}` : ''}
                    </p>
                  )}
                </SaleSummary>
                <div className="flex shrink-0 flex-col items-end gap-1">
                  <span className="font-semibold whitespace-nowrap text-stone-900">
                    {formatNaira(sale.amount_kobo)}
                  </span>
                  <Badge tone={TONE[sale.payment_status]}>{t(`paymentStatus.${sale.payment_status}`)}</Badge>
                  {writer && sale.balance_kobo > 0 && (
                    <Button variant="secondary" onClick={() => setPaying(sale)}>
                      {t('sales.recordPayment')}
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
      <a
        className="self-start text-sm font-medium text-green-800 underline"
        href={salesCsvUrl(farmId, filters)}
      >
        {t('exportCsv')}
      </a>
      {paying && <PaymentDialog farmId={farmId} sale={paying} onClose={() => setPaying(null)} />}
      {editing && <SaleFormDialog farmId={farmId} sale={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

/** A sale's words; for those who may change it (owners and managers), one button that opens it. */
function SaleSummary({ onOpen, children }: { onOpen: (() => void) | undefined; children: React.ReactNode }) {
  if (!onOpen) return <div className="min-w-0 flex-1">{children}</div>;
  return (
    <button
      type="button"
      onClick={onOpen}
      className="-m-2 min-h-11 min-w-0 flex-1 rounded-lg p-2 text-left hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-green-700"
    >
      {children}
    </button>
  );
}

/** What the sale took from the farm: kg or eggs from store, or animals off a group's count. */
function TakenLine({ sale }: { sale: Sale }) {
  const { t } = useTranslation('money');
  const amount = groupDigits(sale.stock_quantity ?? '0');
  const words =
    sale.stock_kind === 'harvest'
      ? t('saleStock.listKg', { kg: amount })
      : sale.stock_kind === 'eggs'
        ? t('saleStock.listEggs', { eggs: amount })
        : sale.livestock_event_id
          ? t('saleStock.listHeads')
          : null;
  return words ? <p className="text-sm text-stone-600">{words}</p> : null;
}

/** Unpaid balances by buyer, largest first, with a number to call and whether it is overdue. */
function OwedCard({ farmId }: { farmId: string }) {
  const { t } = useTranslation('money');
  const owed = useOwed(farmId).data;
  if (!owed) return null;
  const today = todayOnFarm();
  return (
    <section className="rounded-lg border border-stone-200 bg-white p-4" aria-labelledby="owed-title">
      <h2 id="owed-title" className="text-base font-semibold text-stone-900">
        {t('owed.title')}
      </h2>
      {owed.buyers.length === 0 ? (
        <p className="text-sm text-stone-600">{t('owed.none')}</p>
      ) : (
        <>
          <p className="text-2xl font-semibold text-stone-900">{formatNaira(owed.total_kobo)}</p>
          <ul className="mt-2 flex flex-col gap-2">
            {owed.buyers.slice(0, 5).map((buyer) => (
              <li key={`${buyer.buyer_name}-${buyer.buyer_phone}`} className="flex items-center gap-3">
                <div className="min-w-0 flex-1">
                  <p className="break-words text-stone-900">
                    {t('owed.buyer', {
                      name: buyer.buyer_name ?? t('owed.unknownBuyer'),
                      amount: formatNaira(buyer.owed_kobo),
                    })}
                  </p>
                  <p
                    className={
                      buyer.due_date && buyer.due_date < today
                        ? 'text-sm font-medium text-red-800'
                        : 'text-sm text-stone-600'
                    }
                  >
                    {t('owed.sales', { count: buyer.sales })}
                    {buyer.due_date
                      ? ` · ${t(buyer.due_date < today ? 'owed.overdue' : 'owed.due', { date: dayMonthYear(buyer.due_date) })}`
                      : ''}
                  </p>
                </div>
                {buyer.buyer_phone && (
                  <a
                    href={`tel:${buyer.buyer_phone}`}
                    className="inline-flex min-h-11 items-center gap-1 rounded-lg px-3 text-green-800"
                    aria-label={`${t('owed.call')} ${formatNigerianPhone(buyer.buyer_phone)}`}
                  >
                    <Phone aria-hidden="true" className="size-4" />
                    {t('owed.call')}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
