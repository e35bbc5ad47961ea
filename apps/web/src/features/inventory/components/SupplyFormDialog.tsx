import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import type { StoredFile } from '@gona/shared/files';
import {
  CreateSupplyInputSchema,
  SUPPLY_CATEGORIES,
  SUPPLY_PHOTOS_MAX,
  SUPPLY_UNITS,
  UnitCostFormSchema,
  UpdateSupplyInputSchema,
  type Supply,
} from '@gona/shared/inventory';
import { convertibleUnits } from '@gona/shared/units';
import { Button, Dialog, FormAlert, optionsOf, SelectField, TextareaField, TextField } from '@/components/ui';
import { PhotoPicker } from '@/components/ui/PhotoPicker';
import { newClientId } from '@/lib/ids';
import { QUEUED, submitOrQueue } from '@/lib/offline';
import { usePhotoField } from '@/lib/use-photo-field';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useHasStockHistory } from '../api';
import { useCreateSupply, useShownSuppliers, useUpdateSupply } from '../mutations';
import { UnitChangePreview } from './UnitChangePreview';

type Props = {
  farmId: string;
  /** Absent to add a new supply. */
  supply?: Supply;
  /** The supply's photos as the server has them. */
  photos?: readonly StoredFile[];
  onClose: () => void;
  onSaved?: (supply: Supply) => void;
};

type Values = {
  name: string;
  category: string;
  quantity: string;
  unit: string;
  low_threshold: string;
  unit_cost: string;
  supplier_id: string;
  storage_location: string;
  expiry_date: string;
  notes: string;
};

/** Add or edit a supply. The quantity is set here only when adding; afterwards stock changes are movements. */
export function SupplyFormDialog({ farmId, supply, photos: savedPhotos, onClose, onSaved }: Props) {
  const { t } = useTranslation('inventory');
  const suppliers = useShownSuppliers(farmId).filter((s) => !s.deactivating);
  const create = useCreateSupply();
  const update = useUpdateSupply();
  const { values, field, errors, parse, alert, handleSubmit, dirty } = useSchemaForm<Values>(
    () => initialValues(supply),
    { failed: (message) => t('form.failed', { message }), stale: t('form.stale') },
  );
  const photos = usePhotoField({ farmId, kind: 'supply', max: SUPPLY_PHOTOS_MAX, initial: savedPhotos });
  const createId = useRef<string | null>(null);
  const formId = supply ? `supply-form-${supply.id}` : 'supply-form-new';
  // Once there is stock history, the unit may only change to one its figures convert to exactly.
  const keptUnit = useHasStockHistory(farmId, supply) ? supply?.unit : undefined;
  const unitChoices = keptUnit ? [keptUnit, ...convertibleUnits(keptUnit)] : SUPPLY_UNITS;

  const onSubmit = handleSubmit(() => {
    const cost = parse(UnitCostFormSchema, { unit_cost_kobo: values.unit_cost });
    if (!cost) return null;
    const common = {
      name: values.name,
      category: values.category,
      unit: values.unit,
      low_threshold: values.low_threshold,
      unit_cost_kobo: cost.unit_cost_kobo,
      supplier_id: values.supplier_id || null,
      storage_location: values.storage_location,
      expiry_date: values.expiry_date || null,
      notes: values.notes,
      // An unchanged list is not sent: photos added by someone else meanwhile stay.
      ...(photos.changed ? { photo_ids: photos.ids } : {}),
    };
    if (supply) {
      const input = parse(UpdateSupplyInputSchema, { ...common, version: supply.version });
      return input && (() => finish(submitOrQueue(update, { ...input, id: supply.id, farmId })));
    }
    const input = parse(CreateSupplyInputSchema, { ...common, quantity: values.quantity });
    // One id per form, kept for every attempt, so a retry or a queued replay adds it once.
    return (
      input &&
      (() => finish(submitOrQueue(create, { ...input, id: (createId.current ??= newClientId()), farmId })))
    );
  });

  async function finish(sending: Promise<Supply | typeof QUEUED>) {
    const saved = await sending;
    if (saved === QUEUED) toast(t('movement.queued'));
    else {
      toast.success(t(supply ? 'form.saved' : 'form.added', { name: saved.name }));
      onSaved?.(saved);
    }
    onClose();
  }

  return (
    <Dialog
      open
      onClose={onClose}
      dirty={dirty || photos.changed}
      title={supply ? t('form.editTitle', { name: supply.name }) : t('form.addTitle')}
      footer={
        <Button type="submit" form={formId} loading={create.isPending || update.isPending} fullWidth>
          {t('form.save')}
        </Button>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <FormAlert>{alert}</FormAlert>
        <TextField
          label={t('form.name')}
          placeholder={t('form.namePlaceholder')}
          autoComplete="off"
          {...field('name')}
        />
        <SelectField
          label={t('form.category')}
          placeholder={t('form.chooseCategory')}
          {...field('category')}
          options={optionsOf(SUPPLY_CATEGORIES, (category) => t(`categories.${category}`))}
        />
        <div className="grid grid-cols-2 gap-4">
          {!supply && (
            <TextField
              label={t('form.quantity')}
              inputMode="decimal"
              autoComplete="off"
              hint={t('form.quantityHint')}
              {...field('quantity')}
            />
          )}
          <SelectField
            label={t('form.unit')}
            placeholder={t('form.chooseUnit')}
            hint={
              keptUnit &&
              t(unitChoices.length > 1 ? 'form.unitLimited' : 'form.unitFixed', {
                unit: t(`common:units.${keptUnit}`, { count: 2 }),
              })
            }
            {...field('unit')}
            options={SUPPLY_UNITS.map((unit) => ({
              value: unit,
              label: t(`common:unitNames.${unit}`),
              disabled: !unitChoices.includes(unit),
            }))}
          />
          <TextField
            label={t('form.lowThreshold')}
            inputMode="decimal"
            autoComplete="off"
            hint={t('form.lowThresholdHint')}
            {...field('low_threshold')}
          />
          <TextField
            label={t('form.unitCost')}
            inputMode="decimal"
            autoComplete="off"
            {...field('unit_cost', 'unit_cost_kobo')}
          />
        </div>
        {supply && keptUnit && (
          <UnitChangePreview
            supply={supply}
            unit={values.unit}
            lowThreshold={values.low_threshold}
            unitCost={values.unit_cost}
          />
        )}
        <SelectField
          label={t('form.supplier')}
          {...field('supplier_id')}
          placeholder={t('form.noSupplier')}
          options={[
            // The supply's current supplier stays a choice when the supplier list does not hold it.
            ...(supply?.supplier_id && !suppliers.some((s) => s.id === supply.supplier_id)
              ? [{ value: supply.supplier_id, label: supply.supplier_name ?? '' }]
              : []),
            ...suppliers.map((supplier) => ({ value: supplier.id, label: supplier.name })),
          ]}
        />
        <TextField
          label={t('form.storageLocation')}
          placeholder={t('form.storagePlaceholder')}
          {...field('storage_location')}
        />
        <TextField label={t('form.expiryDate')} type="date" {...field('expiry_date')} />
        <TextareaField label={t('form.notes')} rows={3} {...field('notes')} />
        <PhotoPicker
          label={t('form.photos')}
          hint={t('form.photosHint')}
          photos={photos.photos}
          max={SUPPLY_PHOTOS_MAX}
          error={photos.error ?? errors.photo_ids}
          onAdd={(files) => void photos.add(files)}
          onRemove={photos.remove}
        />
      </form>
    </Dialog>
  );
}

function initialValues(supply: Supply | undefined): Values {
  return {
    name: supply?.name ?? '',
    category: supply?.category ?? '',
    quantity: supply?.quantity ?? '',
    unit: supply?.unit ?? '',
    low_threshold: supply?.low_threshold ?? '',
    unit_cost:
      supply?.unit_cost_kobo != null ? (supply.unit_cost_kobo / 100).toFixed(2).replace(/\.00$/, '') : '',
    supplier_id: supply?.supplier_id ?? '',
    storage_location: supply?.storage_location ?? '',
    expiry_date: supply?.expiry_date ?? '',
    notes: supply?.notes ?? '',
  };
}
