import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CreateSaleInputSchema,
  PAYMENT_METHODS,
  SALE_UNITS,
  stockQuantityOf,
  UpdateSaleInputSchema,
  type Sale,
  type SaleStock,
  type SaleStockKind,
  type SaleUnit,
} from '@gona/shared/finance';
import { fromMilli, koboForQuantity, milliOf, toMilli, type Quantity } from '@gona/shared/units';
import { Button, ConfirmDialog, Dialog, FormAlert, optionsOf, SelectField, TextField } from '@/components/ui';
import { CheckboxField } from '@/components/ui/CheckboxField';
import { useErrorText } from '@/lib/error-text';
import { groupDigits, quantityInput } from '@/lib/quantity-text';
import { todayOnFarm } from '@/lib/format';
import { newClientId } from '@/lib/ids';
import { QUEUED, submitOrQueue } from '@/lib/offline';
import { toast } from '@/lib/toast';
import { useSchemaForm } from '@/lib/use-schema-form';
import { HelpLink } from '@/components/ui/HelpLink';
import { enterpriseIds, useEnterprises } from '../api';
import { formatNaira, koboInput, nairaText } from '../format';
import { useCreateSale, useUpdateSale } from '../mutations';
import { fetchSale, useDeleteSale, useSaleStock } from '../sales-api';
import { EnterpriseSelect } from './EnterpriseSelect';

type Props = {
  farmId: string;
  /** Absent to record a new sale. */
  sale?: Sale;
  onClose: () => void;
};

/**
 * A sale as it happens at the farm gate or the market: what, how much, the price, and whether the
 * buyer paid all, part or nothing yet (a credit sale, with the day the rest is due). It may take
 * from the farm's stored harvest or eggs, and animals sold by the head may come off their group's
 * count. Opened on a saved sale, it changes it (with the version it was read at) or deletes it.
 */
export function SaleFormDialog({ farmId, sale, onClose }: Props) {
  const [current, setCurrent] = useState(sale);
  // Someone else's version, once loaded, starts the form again from it.
  return (
    <SaleForm
      key={current?.version ?? 'new'}
      farmId={farmId}
      sale={current}
      onClose={onClose}
      onReload={setCurrent}
    />
  );
}

type Values = {
  date: string;
  product: string;
  quantity: string;
  unit: string;
  price: string;
  amount: string;
  buyer_name: string;
  buyer_phone: string;
  paid: string;
  paid_amount: string;
  due_date: string;
  payment_method: string;
  enterprise: string;
  /** '' (not from store), 'eggs' or 'harvest:<crop key>'. */
  taken: string;
  /** Kg or eggs typed for a unit without a fixed size. */
  stock_amount: string;
  off_count: 'yes' | 'no';
};

function SaleForm({ farmId, sale, onClose, onReload }: Props & { onReload: (sale: Sale) => void }) {
  const { t } = useTranslation('money');
  const errorText = useErrorText();
  const create = useCreateSale();
  const update = useUpdateSale();
  const remove = useDeleteSale(farmId);
  const stock = useSaleStock(farmId).data;
  const enterprises = useEnterprises(farmId).data ?? [];
  const id = useRef(newClientId());
  const [confirming, setConfirming] = useState(false);

  async function reload() {
    if (!sale) return;
    try {
      onReload(await fetchSale(farmId, sale.id));
    } catch (error) {
      toast.error(t('saleEdit.reloadFailed', { message: errorText(error) }));
    }
  }

  const form = useSchemaForm<Values>(() => initialValues(sale), {
    failed: (message) => t(sale ? 'saleEdit.failed' : 'saleForm.failed', { message }),
    ...(sale && {
      stale: (
        <span className="flex flex-col items-start gap-2">
          {t('saleEdit.stale')}
          <Button variant="secondary" onClick={() => void reload()}>
            {t('saleEdit.reload')}
          </Button>
        </span>
      ),
    }),
  });
  const { values } = form;
  // The amount follows quantity × price until the farmer types one of their own.
  const worked = workedOutAmount(values.quantity, values.price);
  const amountShown = values.amount !== '' || worked === null ? values.amount : nairaText(worked);

  /** Animals already taken off a count keep their number, unit and group. */
  const headsKept = Boolean(sale?.livestock_event_id);
  const unit = values.unit as SaleUnit;
  const takenKind: SaleStockKind | null =
    values.taken === '' ? null : values.taken === 'eggs' ? 'eggs' : 'harvest';
  const fixedSize = takenKind !== null && stockQuantityOf(takenKind, unit, '1') !== null;
  const quantity = quantityInput(values.quantity);
  const takes =
    takenKind && quantity !== undefined && toMilli(quantity) !== null
      ? stockQuantityOf(takenKind, unit, quantity)
      : null;
  const sources = stockSources(stock, sale);
  const group = enterprises.find((o) => o.kind === 'animal' && o.key === values.enterprise);
  const offerOffCount = !sale && group !== undefined && values.unit === 'head';

  const stockInput = (v: Values) => ({
    stock_kind: takenKind,
    stock_crop_key: v.taken.startsWith('harvest:') ? v.taken.slice('harvest:'.length) : null,
    stock_quantity: takenKind && !fixedSize ? (quantityInput(v.stock_amount) ?? null) : null,
  });
  const saleInput = (v: Values) => ({
    date: v.date,
    product: v.product,
    quantity: quantityInput(v.quantity),
    unit: v.unit,
    unit_price_kobo: v.price.trim() === '' ? null : koboInput(v.price),
    amount_kobo: koboInput(amountShown),
    buyer_name: v.buyer_name,
    buyer_phone: v.buyer_phone,
    ...enterpriseIds(v.enterprise),
    ...stockInput(v),
  });

  const onCreate = form.submit(
    CreateSaleInputSchema,
    async (input) => {
      const saved = await submitOrQueue(create, { ...input, id: id.current, farmId });
      if (saved === QUEUED) toast(t('saleForm.queued'));
      else toast.success(t('saleForm.saved', { amount: formatNaira(saved.amount_kobo) }));
      onClose();
    },
    (v) => ({
      ...saleInput(v),
      paid_kobo: v.paid === 'all' ? undefined : v.paid === 'none' ? 0 : (koboInput(v.paid_amount) ?? 0),
      due_date: v.paid === 'all' || v.due_date === '' ? null : v.due_date,
      payment_method: v.payment_method,
      take_off_count: offerOffCount && v.off_count === 'yes',
    }),
  );

  const onUpdate = form.submit(
    UpdateSaleInputSchema,
    async (input) => {
      if (!sale) return;
      const saved = await submitOrQueue(update, {
        ...input,
        farmId,
        saleId: sale.id,
        product: sale.product,
      });
      if (saved === QUEUED) toast(t('saleEdit.queued'));
      else toast.success(t('saleEdit.saved', { amount: formatNaira(saved.amount_kobo) }));
      onClose();
    },
    (v) => ({
      ...saleInput(v),
      ...(sale && sale.balance_kobo > 0 ? { due_date: v.due_date === '' ? null : v.due_date } : {}),
      version: sale?.version,
    }),
  );

  function deleteSale() {
    if (!sale) return;
    remove.mutate(sale.id, {
      onSuccess: () => {
        toast.success(t('saleEdit.deleted'));
        onClose();
      },
      onError: (error) => {
        setConfirming(false);
        toast.error(t('saleEdit.deleteFailed', { message: errorText(error) }));
      },
    });
  }

  /** What deleting the sale does, in words: the money goes, stock comes back, heads stay off the count. */
  function deleteMessage(gone: Sale): string {
    const parts = [
      t('saleEdit.deleteBody', { product: gone.product, amount: formatNaira(gone.amount_kobo) }),
    ];
    if (gone.stock_kind && gone.stock_quantity != null) {
      const what =
        gone.stock_kind === 'eggs'
          ? t('saleEdit.deleteEggs', { eggs: groupDigits(gone.stock_quantity) })
          : t('saleEdit.deleteKg', { kg: groupDigits(gone.stock_quantity) });
      parts.push(t('saleEdit.deleteStock', { what }));
    }
    if (gone.livestock_event_id)
      parts.push(t('saleEdit.deleteHeads', { heads: gone.quantity, name: gone.enterprise_name ?? '' }));
    return parts.join(' ');
  }

  const formId = sale ? `sale-form-${sale.id}` : 'sale-form';
  return (
    <Dialog
      open
      dirty={form.dirty}
      onClose={onClose}
      title={t(sale ? 'saleEdit.title' : 'saleForm.title')}
      footer={
        <>
          {sale && (
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              {t('saleEdit.delete')}
            </Button>
          )}
          <Button type="submit" form={formId} fullWidth={!sale} loading={form.pending}>
            {t(sale ? 'saleEdit.save' : 'saleForm.save')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(e) => void (sale ? onUpdate(e) : onCreate(e))}
        className="flex flex-col gap-4"
      >
        <FormAlert>{form.alert}</FormAlert>
        <HelpLink slug="sale-on-credit">{t('saleForm.help')}</HelpLink>
        <TextField label={t('saleForm.date')} type="date" {...form.field('date')} />
        <TextField
          label={t('saleForm.product')}
          hint={t('saleForm.productHint')}
          autoComplete="off"
          {...form.field('product')}
        />
        <div className="grid grid-cols-2 gap-4">
          <TextField
            label={t('saleForm.quantity')}
            inputMode="decimal"
            autoComplete="off"
            disabled={headsKept}
            {...form.field('quantity')}
          />
          <SelectField
            label={t('saleForm.unit')}
            disabled={headsKept}
            {...form.field('unit')}
            options={optionsOf(SALE_UNITS, (u) => t(`units.${u}`))}
          />
        </div>
        <div className="grid grid-cols-2 gap-4">
          <TextField
            label={t('saleForm.price')}
            inputMode="decimal"
            autoComplete="off"
            {...form.field('price', 'unit_price_kobo')}
          />
          <TextField
            label={t('saleForm.amount')}
            inputMode="decimal"
            autoComplete="off"
            name="amount"
            value={amountShown}
            error={form.errors.amount_kobo}
            onChange={(e) => form.setField('amount', e.target.value)}
          />
        </div>
        {headsKept && sale ? (
          <p className="rounded-lg bg-stone-100 p-3 text-sm text-stone-800">
            {t('saleEdit.headsKept', { heads: sale.quantity, name: sale.enterprise_name ?? '' })}
          </p>
        ) : (
          <EnterpriseSelect
            farmId={farmId}
            label={t('saleForm.for')}
            value={values.enterprise}
            error={form.errors.crop_id ?? form.errors.animal_id}
            onChange={(value) => form.setField('enterprise', value)}
          />
        )}
        {offerOffCount && group && (
          <CheckboxField
            label={t('saleStock.offCount')}
            hint={
              group.head_count !== undefined
                ? t('saleStock.offCountHint', { name: group.name, heads: group.head_count })
                : t('saleStock.offCountHintPlain')
            }
            checked={values.off_count === 'yes'}
            error={form.errors.take_off_count}
            onChange={(e) => form.setField('off_count', e.target.checked ? 'yes' : 'no')}
          />
        )}
        {!headsKept && sources.length > 0 && (
          <SelectField
            label={t('saleStock.takenFrom')}
            hint={t('saleStock.takenFromHint')}
            {...form.field('taken')}
            error={form.errors.stock_kind ?? form.errors.stock_crop_key}
            placeholder={t('saleStock.notFromStore')}
            options={sources.map((source) => ({
              value: source.value,
              label:
                source.kind === 'eggs'
                  ? t('saleStock.eggs', { eggs: groupDigits(source.amount) })
                  : t('saleStock.harvest', { crop: source.name, kg: groupDigits(source.amount) }),
            }))}
          />
        )}
        {takenKind && !fixedSize && (
          <TextField
            label={t(takenKind === 'eggs' ? 'saleStock.eggCount' : 'saleStock.kg')}
            hint={t(takenKind === 'eggs' ? 'saleStock.eggCountHint' : 'saleStock.kgHint', {
              unit: t(`units.${unit}`),
            })}
            inputMode={takenKind === 'eggs' ? 'numeric' : 'decimal'}
            autoComplete="off"
            {...form.field('stock_amount', 'stock_quantity')}
          />
        )}
        {takenKind && fixedSize && takes !== null && (
          <p role="status" className="text-sm text-stone-700">
            {takenKind === 'eggs'
              ? t('saleStock.worksOutEggs', { eggs: groupDigits(takes) })
              : t('saleStock.worksOutKg', { kg: groupDigits(takes) })}
          </p>
        )}
        <div className="grid grid-cols-2 gap-4">
          <TextField label={t('saleForm.buyer')} autoComplete="off" {...form.field('buyer_name')} />
          <TextField
            label={t('saleForm.buyerPhone')}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            {...form.field('buyer_phone')}
          />
        </div>
        {sale ? (
          <>
            <p className="text-sm text-stone-700">
              {t('saleEdit.paidSoFar', {
                paid: formatNaira(sale.paid_kobo),
                amount: formatNaira(sale.amount_kobo),
              })}
            </p>
            {sale.balance_kobo > 0 && (
              <TextField label={t('saleForm.dueDate')} type="date" {...form.field('due_date')} />
            )}
          </>
        ) : (
          <PaidFields form={form} />
        )}
      </form>
      {sale && confirming && (
        <ConfirmDialog
          open
          title={t('saleEdit.deleteTitle')}
          message={deleteMessage(sale)}
          confirmLabel={t('saleEdit.delete')}
          cancelLabel={t('common:cancel')}
          confirmVariant="danger"
          pending={remove.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={deleteSale}
        />
      )}
    </Dialog>
  );
}

/** Paid in full, in part or not yet (on credit, with its due day), and how. */
function PaidFields({ form }: { form: ReturnType<typeof useSchemaForm<Values>> }) {
  const { t } = useTranslation('money');
  const { values } = form;
  return (
    <>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-stone-800">{t('saleForm.paid')}</legend>
        {(['all', 'part', 'none'] as const).map((choice) => (
          <label key={choice} className="flex min-h-11 items-center gap-3 text-base">
            <input
              type="radio"
              name="paid"
              value={choice}
              checked={values.paid === choice}
              onChange={() => form.setField('paid', choice)}
              className="size-5 accent-green-700"
            />
            {t(`saleForm.paid${choice === 'all' ? 'All' : choice === 'part' ? 'Part' : 'None'}`)}
          </label>
        ))}
      </fieldset>
      {values.paid === 'part' && (
        <TextField
          label={t('saleForm.paidAmount')}
          inputMode="decimal"
          autoComplete="off"
          {...form.field('paid_amount', 'paid_kobo')}
        />
      )}
      {values.paid !== 'all' && (
        <TextField label={t('saleForm.dueDate')} type="date" {...form.field('due_date')} />
      )}
      {values.paid !== 'none' && (
        <SelectField
          label={t('saleForm.method')}
          {...form.field('payment_method')}
          options={optionsOf(PAYMENT_METHODS, (method) => t(`methods.${method}`))}
        />
      )}
    </>
  );
}

function initialValues(sale: Sale | undefined): Values {
  const enterprise = sale?.crop_id
    ? `crop:${sale.crop_id}`
    : sale?.animal_id
      ? `animal:${sale.animal_id}`
      : '';
  const taken =
    sale?.stock_kind === 'eggs'
      ? 'eggs'
      : sale?.stock_kind === 'harvest'
        ? `harvest:${sale.stock_crop_key ?? ''}`
        : '';
  const typedAmount =
    sale?.stock_kind &&
    sale.stock_quantity != null &&
    stockQuantityOf(sale.stock_kind, sale.unit, '1') === null;
  return {
    date: sale?.date ?? todayOnFarm(),
    product: sale?.product ?? '',
    quantity: sale?.quantity ?? '',
    unit: sale?.unit ?? 'kg',
    price: sale?.unit_price_kobo != null ? nairaText(sale.unit_price_kobo) : '',
    amount: sale ? nairaText(sale.amount_kobo) : '',
    buyer_name: sale?.buyer_name ?? '',
    buyer_phone: sale?.buyer_phone ?? '',
    paid: 'all',
    paid_amount: '',
    due_date: sale?.due_date ?? '',
    payment_method: 'cash',
    enterprise,
    taken,
    stock_amount: typedAmount ? (sale.stock_quantity ?? '') : '',
    off_count: 'yes',
  };
}

type Source = { value: string; kind: SaleStockKind; name: string; amount: Quantity };

/**
 * What a sale can take from: each crop in store and the eggs in hand. A sale being changed counts
 * what it took itself as available again (and keeps its crop listed when the store holds no more).
 * Worked in milli-units, shown as the exact decimal.
 */
function stockSources(stock: SaleStock | undefined, sale: Sale | undefined): Source[] {
  const own = (kind: SaleStockKind, cropKey: string | null) =>
    sale?.stock_kind === kind &&
    (kind === 'eggs' || sale.stock_crop_key === cropKey) &&
    sale.stock_quantity != null
      ? milliOf(sale.stock_quantity)
      : 0;
  const harvest: Source[] = (stock?.harvest ?? []).map((row) => ({
    value: `harvest:${row.crop_key}`,
    kind: 'harvest' as const,
    name: row.crop_name.toLowerCase(),
    amount: fromMilli((toMilli(row.kg) ?? 0) + own('harvest', row.crop_key)),
  }));
  if (
    sale?.stock_kind === 'harvest' &&
    sale.stock_crop_key &&
    !harvest.some((h) => h.value.endsWith(`:${sale.stock_crop_key}`))
  )
    harvest.push({
      value: `harvest:${sale.stock_crop_key}`,
      kind: 'harvest',
      name: sale.stock_crop_key.replace(/_/g, ' '),
      amount: fromMilli(own('harvest', sale.stock_crop_key)),
    });
  const eggs = (stock?.eggs ?? 0) * 1000 + own('eggs', null);
  return eggs > 0
    ? [...harvest, { value: 'eggs', kind: 'eggs', name: '', amount: fromMilli(eggs) }]
    : harvest;
}

/** Quantity × price in kobo when both are typed as amounts: half up to the kobo, as the server works it. */
function workedOutAmount(quantity: string, price: string): number | null {
  const text = quantityInput(quantity);
  const milli = text === undefined ? null : toMilli(text);
  const p = koboInput(price);
  if (milli === null || typeof p !== 'number') return null;
  const amount = koboForQuantity(p, milli);
  return Number.isFinite(amount) ? amount : null;
}
