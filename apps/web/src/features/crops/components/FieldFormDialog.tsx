import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { NairaInputSchema } from '@gona/shared/money';
import { CreateFieldInputSchema, IRRIGATIONS, LAND_TENURES, SOIL_TYPES } from '@gona/shared/crops';
import { Button, Dialog, FormAlert, optionsOf, SelectField, TextareaField, TextField } from '@/components/ui';
import { newClientId } from '@/lib/ids';
import { toast } from '@/lib/toast';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useCreateField } from '../fields-api';

const RentFormSchema = z.object({ rent_kobo: NairaInputSchema });

/** A field: its name and area in hectares, how the farm holds it (rent per season), water and soil. */
export function FieldFormDialog({ farmId, onClose }: { farmId: string; onClose: () => void }) {
  const { t } = useTranslation('crops');
  const create = useCreateField(farmId);
  const id = useRef(newClientId());
  const form = useSchemaForm(
    { name: '', area_ha: '', tenure: '', rent: '', irrigation: '', soil_type: '', notes: '' },
    { failed: (message) => t('fields.failed', { message }) },
  );
  const { values } = form;
  const onSubmit = form.handleSubmit(() => {
    const rent =
      values.tenure === 'rented'
        ? form.parse(RentFormSchema, { rent_kobo: values.rent })
        : { rent_kobo: null };
    if (!rent) return null;
    const input = form.parse(CreateFieldInputSchema, {
      id: id.current,
      name: values.name,
      area_ha: values.area_ha || null,
      tenure: values.tenure || null,
      rent_kobo: rent.rent_kobo,
      irrigation: values.irrigation || null,
      soil_type: values.soil_type || null,
      notes: values.notes,
    });
    if (!input) return null;
    return async () => {
      const field = await create.mutateAsync(input);
      toast.success(t('fields.added', { name: field.name }));
      onClose();
    };
  });
  return (
    <Dialog
      open
      dirty={form.dirty}
      onClose={onClose}
      title={t('fields.add')}
      footer={
        <Button type="submit" form="field-form" fullWidth loading={form.pending}>
          {t('form.save')}
        </Button>
      }
    >
      <form id="field-form" noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
        <FormAlert>{form.alert}</FormAlert>
        <TextField
          label={t('fields.name')}
          placeholder={t('fields.namePlaceholder')}
          {...form.field('name')}
        />
        <TextField
          label={t('fields.areaHa')}
          hint={t('fields.areaHint')}
          inputMode="decimal"
          autoComplete="off"
          {...form.field('area_ha')}
        />
        <SelectField
          label={t('fields.tenure')}
          placeholder={t('fields.notSaid')}
          {...form.field('tenure')}
          options={optionsOf(LAND_TENURES, (value) => t(`fields.tenures.${value}`))}
        />
        {values.tenure === 'rented' && (
          <TextField
            label={t('fields.rent')}
            inputMode="decimal"
            autoComplete="off"
            {...form.field('rent', 'rent_kobo')}
          />
        )}
        <div className="grid grid-cols-2 gap-4">
          <SelectField
            label={t('fields.irrigation')}
            placeholder={t('fields.notSaid')}
            {...form.field('irrigation')}
            options={optionsOf(IRRIGATIONS, (value) => t(`fields.irrigations.${value}`))}
          />
          <SelectField
            label={t('fields.soilType')}
            placeholder={t('fields.notSaid')}
            {...form.field('soil_type')}
            options={optionsOf(SOIL_TYPES, (value) => t(`fields.soilTypes.${value}`))}
          />
        </div>
        <TextareaField label={t('form.notes')} rows={2} {...form.field('notes')} />
      </form>
    </Dialog>
  );
}
