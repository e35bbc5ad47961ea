import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CreateFarmInputSchema, type Farm } from '@gona/shared/farms';
import { Button } from '@/components/ui';
import { ApiError } from '@/lib/http';
import { useSchemaForm } from '@/lib/use-schema-form';
import { createFarm } from '../api';
import { EMPTY_FARM_VALUES, FarmFields, farmInput } from './FarmFields';

type Props = { onCreated: (farm: Farm) => Promise<void> | void };

export function CreateFarmForm({ onCreated }: Props) {
  const { t } = useTranslation('dashboard');
  const { field, setErrors, pending, submit } = useSchemaForm(EMPTY_FARM_VALUES);

  const onSubmit = submit(
    CreateFarmInputSchema,
    async (input) => {
      try {
        const farm = await createFarm(input);
        toast.success(t('farms.created', { name: farm.name }));
        await onCreated(farm);
      } catch (error) {
        if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields);
        else
          toast.error(
            error instanceof ApiError && error.status !== 0 ? error.message : t('failed', { ns: 'auth' }),
          );
      }
    },
    (values) => farmInput(values, false),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FarmFields field={field} />
      <Button type="submit" loading={pending} fullWidth>
        {t('farms.createSubmit')}
      </Button>
    </form>
  );
}
