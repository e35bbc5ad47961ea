import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { UpdateFarmInputSchema, type Farm } from '@gona/shared/farms';
import { Button, FormAlert } from '@/components/ui';
import { ApiError } from '@/lib/http';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useErrorText } from '@/lib/error-text';
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
  const { t } = useTranslation('dashboard');
  const errorText = useErrorText();
  const { field, setErrors, pending, submit } = useSchemaForm(() => farmValues(farm));
  /** 'stale' when someone else saved first; otherwise the words of what failed. */
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = submit(
    UpdateFarmInputSchema,
    async (input) => {
      setProblem(null);
      try {
        const saved = await updateFarm(farm.id, input);
        toast.success(t('farms.settings.saved', { name: saved.name }));
        onSaved(saved);
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) setProblem('stale');
        else if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields);
        else setProblem(t('farms.settings.failed', { message: errorText(error) }));
      }
    },
    (values) => ({ ...farmInput(values, true), version: farm.version }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormAlert>
        {problem === 'stale' ? (
          <span className="flex flex-col items-start gap-2">
            {t('farms.settings.stale')}
            <Button variant="secondary" onClick={() => void onReload()}>
              {t('farms.settings.reload')}
            </Button>
          </span>
        ) : (
          problem
        )}
      </FormAlert>
      <FarmFields field={field} complete />
      <Button type="submit" loading={pending} fullWidth>
        {t('farms.settings.save')}
      </Button>
    </form>
  );
}
