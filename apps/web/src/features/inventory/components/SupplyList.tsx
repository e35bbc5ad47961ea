import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Minus, Package, Plus } from 'lucide-react';
import { can, type FarmRole } from '@gona/shared/permissions';
import {
  SUPPLY_CATEGORIES,
  type MovementKind,
  type Supply,
  type SupplyCategory,
} from '@gona/shared/inventory';
import {
  Badge,
  Button,
  EmptyState,
  optionsOf,
  PagedList,
  ResponsiveList,
  SelectField,
  WaitingList,
  type ListColumn,
} from '@/components/ui';
import { FilterBar, NoMatch } from '@/components/ui/FilterBar';
import { pageItems } from '@/lib/paged-query';
import type { Shown } from '@/lib/offline';
import { useSupplies } from '../api';
import type { SupplyFilters } from '../keys';
import { useShownSupply, useWaitingSupplies } from '../mutations';
import { useQuantityText } from '@/lib/quantity-text';
import { useDebounced } from '@/lib/use-debounced';
import { receiptOffer, type ReceiptOffer } from '../receipt-expense';
import { MovementDialog } from './MovementDialog';
import { ReceiptExpenseOffer } from './ReceiptExpenseOffer';

type Props = {
  farmId: string;
  role: FarmRole;
  /** Opens the add-supply form (the screen owns it, so the header button and the empty state share it). */
  onAdd: () => void;
  supplyPath: (supplyId: string) => string;
};

const NO_FILTERS: SupplyFilters = { search: '', category: '', lowStock: false };

/** The farm's supplies with search, category and low-stock filters; Use / Receive record stock in two taps. */
export function SupplyList({ farmId, role, onAdd, supplyPath }: Props) {
  const { t } = useTranslation('inventory');
  const quantityText = useQuantityText();
  const [filters, setFilters] = useState<SupplyFilters>(NO_FILTERS);
  const search = useDebounced(filters.search, 300);
  const supplies = useSupplies(farmId, { ...filters, search });
  const [movement, setMovement] = useState<{ supply: Supply; kind: MovementKind } | null>(null);
  const [offer, setOffer] = useState<ReceiptOffer | null>(null);
  const canRecord = can(role, 'records.recordEvent');
  const filtered = filters.search !== '' || filters.category !== '' || filters.lowStock;
  const shown = useShownSupply(farmId);
  const items = pageItems(supplies.data).map(shown);
  const waiting = useWaitingSupplies(farmId);

  const quickActions = (supply: Supply) =>
    canRecord && (
      <div className="flex gap-2">
        <Button
          variant="secondary"
          className="px-3"
          aria-label={t('list.useName', { name: supply.name })}
          onClick={() => setMovement({ supply, kind: 'used' })}
        >
          <Minus aria-hidden="true" className="size-4" />
          {t('list.use')}
        </Button>
        <Button
          variant="secondary"
          className="px-3"
          aria-label={t('list.receiveName', { name: supply.name })}
          onClick={() => setMovement({ supply, kind: 'received' })}
        >
          <Plus aria-hidden="true" className="size-4" />
          {t('list.receive')}
        </Button>
      </div>
    );

  const nameCell = (supply: Supply) => (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      <Link
        to={supplyPath(supply.id)}
        className="font-semibold wrap-anywhere text-green-800 underline-offset-2 hover:underline"
      >
        {supply.name}
      </Link>
      <span className="text-sm text-stone-700">{t(`categories.${supply.category}`)}</span>
    </div>
  );

  const quantityCell = (supply: Shown<Supply>) => (
    <span className="inline-flex flex-wrap items-center justify-end gap-2">
      <span className={supply.is_low_stock ? 'font-semibold text-amber-900' : undefined}>
        {quantityText(supply.quantity, supply.unit)}
      </span>
      {supply.is_low_stock && <Badge tone="amber">{t('list.lowStock')}</Badge>}
      {supply.waiting && <Badge>{t('list.waiting')}</Badge>}
    </span>
  );

  const columns: ListColumn<Shown<Supply>>[] = [
    { key: 'name', header: t('list.name'), render: nameCell },
    { key: 'quantity', header: t('list.quantity'), render: quantityCell, numeric: true },
    {
      key: 'low',
      header: t('list.lowThreshold'),
      render: (s) => quantityText(s.low_threshold, s.unit),
      numeric: true,
    },
    ...(canRecord ? [{ key: 'actions', header: t('list.actions'), render: quickActions }] : []),
  ];

  return (
    <section aria-label={t('list.label')} className="flex flex-col gap-4">
      <FilterBar
        search={{
          label: t('list.search'),
          placeholder: t('list.searchPlaceholder'),
          value: filters.search,
          onChange: (search) => setFilters((f) => ({ ...f, search })),
        }}
      >
        <SelectField
          label={t('list.category')}
          value={filters.category}
          onChange={(e) => setFilters((f) => ({ ...f, category: e.target.value as SupplyCategory | '' }))}
          placeholder={t('list.allCategories')}
          options={optionsOf(SUPPLY_CATEGORIES, (category) => t(`categories.${category}`))}
        />
        <label className="flex min-h-11 items-center gap-2 text-stone-900">
          <input
            type="checkbox"
            className="size-5 accent-green-700"
            checked={filters.lowStock}
            onChange={(e) => setFilters((f) => ({ ...f, lowStock: e.target.checked }))}
          />
          {t('list.lowStockOnly')}
        </label>
      </FilterBar>

      <WaitingList
        label={t('list.waitingLabel')}
        items={waiting.map((supply) => ({
          id: supply.id,
          name: supply.name,
          detail: `${quantityText(supply.quantity, supply.unit)} · ${t('list.waiting')}`,
        }))}
      />

      <PagedList
        query={supplies}
        items={items}
        skeletonRows={4}
        errorTitle={t('list.errorTitle')}
        errorText={(message) => t('list.errorText', { message })}
        empty={
          filtered ? (
            <NoMatch
              title={t('list.noMatchTitle')}
              text={t('list.noMatchText')}
              clearLabel={t('list.clearFilters')}
              onClear={() => setFilters(NO_FILTERS)}
            />
          ) : (
            <EmptyState
              icon={Package}
              title={t('list.emptyTitle')}
              description={t('list.emptyText')}
              action={can(role, 'records.write') ? <Button onClick={onAdd}>{t('add')}</Button> : undefined}
            />
          )
        }
      >
        {(rows) => (
          <ResponsiveList
            label={t('list.label')}
            items={rows}
            columns={columns}
            getKey={(s) => s.id}
            renderCard={(supply) => (
              <div className="flex flex-col gap-3">
                <div className="flex items-start justify-between gap-3">
                  {nameCell(supply)}
                  <div className="max-w-[45%] shrink-0 text-right tabular-nums">{quantityCell(supply)}</div>
                </div>
                {quickActions(supply)}
              </div>
            )}
          />
        )}
      </PagedList>

      {movement && (
        <MovementDialog
          farmId={farmId}
          supply={movement.supply}
          initialKind={movement.kind}
          showCost={can(role, 'money.read')}
          onRecorded={
            can(role, 'money.write')
              ? (recorded) => setOffer(receiptOffer(movement.supply, recorded))
              : undefined
          }
          onClose={() => setMovement(null)}
        />
      )}
      {offer && (
        <ReceiptExpenseOffer
          key={offer.movementId}
          farmId={farmId}
          offer={offer}
          onClose={() => setOffer(null)}
        />
      )}
    </section>
  );
}
