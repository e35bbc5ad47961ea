import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CROP_SEASONS, CreateCropInputSchema, type Crop } from '@gona/shared/crops';
import { Button, Dialog, FormAlert, optionsOf, SelectField, TextareaField, TextField } from '@/components/ui';
import { CheckboxField } from '@/components/ui/CheckboxField';
import { todayOnFarm } from '@/lib/format';
import { newClientId } from '@/lib/ids';
import { toast } from '@/lib/toast';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useStoreSupplies } from '@/lib/pickers';
import { useQuantityText } from '@/lib/quantity-text';
import { apiFetch } from '@/lib/http';
import { useCreateCrop } from '../api';
import { cropsPath } from '../keys';
import { CropSelect, FieldSelect, PlantingWindowHint, VarietySelect } from './CropFields';

type Props = { farmId: string; onClose: () => void; onSaved?: (crop: Crop) => void };

/** A planting: crop and variety, field, area, season and day, with the zone's planting windows beside the day. */
export function CropFormDialog({ farmId, onClose, onSaved }: Props) {
  const { t } = useTranslation('crops');
  const create = useCreateCrop(farmId);
  const id = useRef(newClientId());
  const seeds = useStoreSupplies(farmId, 'seeds_seedlings').data?.items ?? [];
  const quantityText = useQuantityText();
  const form = useSchemaForm(
    {
      crop_key: '',
      variety_key: '',
      field_id: '',
      area_planted: '1',
      season: 'main',
      planting_date: todayOnFarm(),
      notes: '',
      seed_supply_id: '',
      seed_quantity: '',
      plan_tasks: 'yes',
    },
    { failed: (message) => t('form.failed', { message }) },
  );
  const { values } = form;
  const seedUnit = seeds.find((seed) => seed.id === values.seed_supply_id)?.unit;

  const onSubmit = form.submit(
    CreateCropInputSchema,
    async (input) => {
      const crop = await create.mutateAsync(input);
      if (values.plan_tasks === 'yes')
        await apiFetch(`${cropsPath(farmId)}/${encodeURIComponent(crop.id)}/tasks-plan`, { method: 'POST' });
      toast.success(t('form.added', { name: crop.crop_name }));
      onSaved?.(crop);
      onClose();
    },
    (v) => ({
      id: id.current,
      crop_key: v.crop_key,
      variety_key: v.variety_key || null,
      field_id: v.field_id || null,
      area_planted: v.area_planted,
      season: v.season,
      planting_date: v.planting_date,
      notes: v.notes,
      seed_supply_id: v.seed_supply_id || null,
      seed_quantity: v.seed_supply_id ? v.seed_quantity : null,
    }),
  );

  return (
    <Dialog
      open
      dirty={form.dirty}
      onClose={onClose}
      title={t('form.title')}
      footer={
        <Button type="submit" form="crop-form" fullWidth loading={form.pending}>
          {t('form.save')}
        </Button>
      }
    >
      <form id="crop-form" noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
        <FormAlert>{form.alert}</FormAlert>
        <CropSelect
          value={values.crop_key}
          error={form.errors.crop_key}
          onChange={(value) => {
            form.setField('crop_key', value);
            form.setField('variety_key', '');
          }}
        />
        <VarietySelect
          cropKey={values.crop_key}
          value={values.variety_key}
          error={form.errors.variety_key}
          onChange={(value) => form.setField('variety_key', value)}
        />
        <FieldSelect
          farmId={farmId}
          value={values.field_id}
          error={form.errors.field_id}
          onChange={(value) => form.setField('field_id', value)}
        />
        <div className="grid grid-cols-2 gap-4">
          <TextField
            label={t('form.area')}
            inputMode="decimal"
            autoComplete="off"
            {...form.field('area_planted')}
          />
          <SelectField
            label={t('form.season')}
            {...form.field('season')}
            options={optionsOf(CROP_SEASONS, (season) => t(`seasons.${season}`))}
          />
        </div>
        <TextField label={t('form.plantingDate')} type="date" {...form.field('planting_date')} />
        <PlantingWindowHint farmId={farmId} cropKey={values.crop_key} />
        {seeds.length > 0 && (
          <SelectField
            label={t('form.seed')}
            {...form.field('seed_supply_id')}
            placeholder={t('form.noSeed')}
            options={seeds.map((seed) => ({
              value: seed.id,
              label: t('form.seedOption', {
                name: seed.name,
                quantity: quantityText(seed.quantity, seed.unit),
              }),
            }))}
          />
        )}
        {values.seed_supply_id && (
          <TextField
            label={t('form.seedQuantity', {
              unit: seedUnit ? t(`common:units.${seedUnit}`, { count: 2 }) : '',
            })}
            inputMode="decimal"
            autoComplete="off"
            {...form.field('seed_quantity')}
          />
        )}
        <TextareaField label={t('form.notes')} rows={2} {...form.field('notes')} />
        <CheckboxField
          label={t('form.planTasks')}
          checked={values.plan_tasks === 'yes'}
          onChange={(e) => form.setField('plan_tasks', e.target.checked ? 'yes' : 'no')}
        />
      </form>
    </Dialog>
  );
}
