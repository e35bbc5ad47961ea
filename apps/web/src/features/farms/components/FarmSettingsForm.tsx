import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { UpdateFarmInputSchema, type Farm } from '@gona/shared/farms';
import { Button, FormAlert } from '@/components/ui';
import { useSchemaForm } from '@/lib/use-schema-form';
import { updateFarm } from '../api';
import { FarmFields, farmInput, farmValues } from './FarmFields';

type Props = {
  farm: Farm;
  onSaved: (farm: Farm) => void;
  /** Reads the farm again after someone else changed it. */
  onReload: () => Promise<void>;
};

/** Every field of a farm, saved with the version the form was opened on (a stale save is refused). */
export function FarmSettingsForm({ farm, onSaved, onReload }: Props) {
  const { t } = useTranslation('farms');
  const { field, alert, pending, submit } = useSchemaForm(() => farmValues(farm), {
    failed: (message) => t('farms.settings.failed', { message }),
    stale: (
      <span className="flex flex-col items-start gap-2">
        {t('farms.settings.stale')}
        <Button variant="secondary" onClick={() => void onReload()}>
          {t('farms.settings.reload')}
        </Button>
      </span>
    ),
  });

  const onSubmit = submit(
    UpdateFarmInputSchema,
    async (input) => {
      const saved = await updateFarm(farm.id, input);
      toast.success(t('farms.settings.saved', { name: saved.name }));
      onSaved(saved);
    },
    (values) => ({ ...farmInput(values, true), version: farm.version }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormAlert>{alert}</FormAlert>
      <FarmFields field={field} complete />
      <Button type="submit" loading={pending} fullWidth>
        {t('farms.settings.save')}
      </Button>
    </form>
  );
}
