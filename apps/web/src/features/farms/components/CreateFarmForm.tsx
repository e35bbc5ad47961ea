import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CreateFarmInputSchema, FARM_SIZE_UNITS, FARM_TYPES, NIGERIAN_STATES, type Farm } from '@gona/shared/farms';
import { Button, SelectField, TextField } from '@/components/ui';
import { ApiError } from '@/lib/http';
import { useSchemaForm } from '@/lib/use-schema-form';
import { createFarm } from '../api';

type Values = {
  name: string;
  location: string;
  farm_type: string;
  state: string;
  lga: string;
  size: string;
  size_unit: string;
};

const EMPTY: Values = { name: '', location: '', farm_type: '', state: '', lga: '', size: '', size_unit: '' };

type Props = { onCreated: (farm: Farm) => Promise<void> | void };

export function CreateFarmForm({ onCreated }: Props) {
  const { t } = useTranslation('dashboard');
  const { field, setErrors, pending, submit } = useSchemaForm(EMPTY);

  const onSubmit = submit(
    CreateFarmInputSchema,
    async (input) => {
      try {
        const farm = await createFarm(input);
        toast.success(t('farms.created', { name: farm.name }));
        await onCreated(farm);
      } catch (error) {
        if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields);
        else toast.error(error instanceof ApiError && error.status !== 0 ? error.message : t('failed', { ns: 'auth' }));
      }
    },
    toInput,
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <TextField label={t('farms.fields.name')} autoComplete="off" {...field('name')} />
      <SelectField label={t('farms.fields.farmType')} placeholder={t('farms.chooseType')} {...field('farm_type')}>
        {FARM_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(`farms.types.${type}`)}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('farms.fields.state')} placeholder={t('farms.chooseState')} {...field('state')}>
        {NIGERIAN_STATES.map((state) => (
          <option key={state} value={state}>
            {state}
          </option>
        ))}
      </SelectField>
      <TextField label={t('farms.fields.lga')} {...field('lga')} />
      <TextField label={t('farms.fields.location')} {...field('location')} />
      <div className="grid grid-cols-2 gap-4">
        <TextField label={t('farms.fields.size')} type="number" inputMode="decimal" min="0" step="any" {...field('size')} />
        <SelectField label={t('farms.fields.sizeUnit')} placeholder={t('farms.chooseUnit')} {...field('size_unit')}>
          {FARM_SIZE_UNITS.map((unit) => (
            <option key={unit} value={unit}>
              {t(`farms.units.${unit}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <Button type="submit" loading={pending} fullWidth>
        {t('farms.createSubmit')}
      </Button>
    </form>
  );
}

/** Form strings to the schema's input: empty optional fields are absent, numbers are numbers. */
function toInput(values: Values): Record<string, unknown> {
  return {
    name: values.name,
    location: values.location,
    farm_type: values.farm_type || undefined,
    state: values.state || null,
    lga: values.lga.trim() || null,
    size: values.size === '' ? null : Number(values.size),
    size_unit: values.size_unit || (values.size === '' ? null : 'hectare'),
  };
}
