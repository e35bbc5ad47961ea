import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { CreateFarmInputSchema, type Farm } from '@gona/shared/farms';
import { Button, FormAlert } from '@/components/ui';
import { useSchemaForm } from '@/lib/use-schema-form';
import { createFarm } from '../api';
import { EMPTY_FARM_VALUES, FarmFields, farmInput } from './FarmFields';

type Props = { onCreated: (farm: Farm) => Promise<void> | void };

export function CreateFarmForm({ onCreated }: Props) {
  const { t } = useTranslation('farms');
  const { field, alert, pending, submit } = useSchemaForm(EMPTY_FARM_VALUES, {
    failed: (message) => t('farms.createFailed', { message }),
  });

  const onSubmit = submit(
    CreateFarmInputSchema,
    async (input) => {
      const farm = await createFarm(input);
      toast.success(t('farms.created', { name: farm.name }));
      await onCreated(farm);
    },
    (values) => farmInput(values, false),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormAlert>{alert}</FormAlert>
      <FarmFields field={field} />
      <Button type="submit" loading={pending} fullWidth>
        {t('farms.createSubmit')}
      </Button>
    </form>
  );
}
