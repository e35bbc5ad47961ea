import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  HARVEST_DESTINATIONS,
  HARVEST_UNIT_KG,
  HARVEST_UNITS,
  RecordHarvestInputSchema,
  RecordStageInputSchema,
  type Crop,
  type HarvestUnit,
} from '@gona/shared/crops';
import { Button, Dialog, FormAlert, optionsOf, SelectField, TextareaField, TextField } from '@/components/ui';
import { todayOnFarm } from '@/lib/format';
import { newClientId } from '@/lib/ids';
import { toast } from '@/lib/toast';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useKnowledgeCrop } from '../api';
import { useRecordHarvest, useRecordStage } from '../mutations';
import { QUEUED, submitOrQueue } from '@/lib/offline';

type Props = { farmId: string; crop: Crop; onClose: () => void };

/** A stage seen on the crop: which one (the crop's own stages), from when, what was seen. */
export function StageDialog({ farmId, crop, onClose }: Props) {
  const { t } = useTranslation('crops');
  const record = useRecordStage();
  const knowledge = useKnowledgeCrop(crop.crop_key);
  const id = useRef(newClientId());
  const form = useSchemaForm(
    { stage_key: crop.current_stage?.key ?? '', start_date: todayOnFarm(), observation: '' },
    { failed: (message) => t('record.failed', { message }) },
  );
  const onSubmit = form.submit(
    RecordStageInputSchema,
    async (input) => {
      const sent = await submitOrQueue(record, {
        ...input,
        farmId,
        cropId: crop.id,
        cropName: crop.crop_name,
      });
      if (sent === QUEUED) toast(t('record.queued'));
      else toast.success(t('record.stageSaved'));
      onClose();
    },
    (values) => ({ ...values, id: id.current }),
  );
  return (
    <Dialog
      open
      dirty={form.dirty}
      onClose={onClose}
      title={t('record.stageTitle', { name: crop.crop_name })}
      footer={
        <Button type="submit" form="stage-form" fullWidth loading={form.pending}>
          {t('record.save')}
        </Button>
      }
    >
      <form id="stage-form" noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
        <FormAlert>{form.alert}</FormAlert>
        <SelectField
          label={t('record.stage')}
          placeholder={t('record.chooseStage')}
          {...form.field('stage_key')}
          options={knowledge.data?.stages.map((stage) => ({ value: stage.key, label: stage.name }))}
        />
        <TextField label={t('record.stageDate')} type="date" {...form.field('start_date')} />
        <TextareaField label={t('record.observation')} rows={3} {...form.field('observation')} />
      </form>
    </Dialog>
  );
}

/** A harvest: how much and in what, its weight where the unit has no fixed size, and where it went. */
export function HarvestDialog({ farmId, crop, onClose }: Props) {
  const { t } = useTranslation('crops');
  const record = useRecordHarvest();
  const knowledge = useKnowledgeCrop(crop.crop_key);
  const id = useRef(newClientId());
  const form = useSchemaForm(
    {
      date: todayOnFarm(),
      quantity: '',
      unit: '',
      kg: '',
      grade: '',
      destination: 'stored',
      notes: '',
    },
    { failed: (message) => t('record.failed', { message }) },
  );
  const unit = (form.values.unit || knowledge.data?.harvest_unit || 'kg') as HarvestUnit;
  const fixed = HARVEST_UNIT_KG[unit] !== undefined;
  const onSubmit = form.submit(
    RecordHarvestInputSchema,
    async (input) => {
      const sent = await submitOrQueue(record, {
        ...input,
        farmId,
        cropId: crop.id,
        cropName: crop.crop_name,
      });
      if (sent === QUEUED) toast(t('record.queued'));
      else toast.success(t('record.harvestSaved'));
      onClose();
    },
    (values) => ({ ...values, id: id.current, unit, kg: fixed || values.kg === '' ? null : values.kg }),
  );
  return (
    <Dialog
      open
      dirty={form.dirty}
      onClose={onClose}
      title={t('record.harvestTitle', { name: crop.crop_name })}
      footer={
        <Button type="submit" form="harvest-form" fullWidth loading={form.pending}>
          {t('record.save')}
        </Button>
      }
    >
      <form id="harvest-form" noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
        <FormAlert>{form.alert}</FormAlert>
        <TextField label={t('record.harvestDate')} type="date" {...form.field('date')} />
        <div className="grid grid-cols-2 gap-4">
          <TextField
            label={t('record.quantity')}
            inputMode="decimal"
            autoComplete="off"
            {...form.field('quantity')}
          />
          <SelectField
            label={t('record.unit')}
            {...form.field('unit')}
            value={unit}
            options={optionsOf(HARVEST_UNITS, (value) => t(`unitNames.${value}`))}
          />
        </div>
        {!fixed && (
          <TextField
            label={t('record.kg')}
            hint={t('record.kgHint')}
            inputMode="decimal"
            autoComplete="off"
            {...form.field('kg')}
          />
        )}
        <SelectField
          label={t('record.destination')}
          {...form.field('destination')}
          options={optionsOf(HARVEST_DESTINATIONS, (value) => t(`destinations.${value}`))}
        />
        <TextField label={t('record.grade')} {...form.field('grade')} />
        <TextareaField label={t('record.notes')} rows={2} {...form.field('notes')} />
      </form>
    </Dialog>
  );
}
