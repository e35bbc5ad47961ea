import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import type { Farm } from '@gona/shared/farms';
import { Button, TypeToConfirm } from '@/components/ui';
import { useErrorText } from '@/lib/error-text';
import { deleteFarm } from '../api';

type Props = { farm: Farm; onDeleted: () => Promise<void> | void };

/** Deleting a farm removes everything recorded on it, so the owner types its name to confirm. */
export function DeleteFarm({ farm, onDeleted }: Props) {
  const { t } = useTranslation('farms');
  const errorText = useErrorText();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    setOpen(false);
    setProblem(null);
  };

  const confirm = async () => {
    setPending(true);
    setProblem(null);
    try {
      await deleteFarm(farm.id);
      toast.success(t('farms.delete.deleted', { name: farm.name }));
      close();
      await onDeleted();
    } catch (error) {
      setProblem(t('farms.delete.failed', { message: errorText(error) }));
    } finally {
      setPending(false);
    }
  };

  return (
    <section
      className="rounded-2xl border border-red-200 bg-white p-5 sm:p-6"
      aria-labelledby="delete-farm-title"
    >
      <h2 id="delete-farm-title" className="text-lg font-semibold text-stone-900">
        {t('farms.delete.title')}
      </h2>
      <p className="mt-1 text-stone-700">{t('farms.delete.explain')}</p>
      <Button variant="danger" className="mt-4" onClick={() => setOpen(true)}>
        {t('farms.delete.button', { name: farm.name })}
      </Button>
      <TypeToConfirm
        open={open}
        onClose={close}
        title={t('farms.delete.confirmTitle', { name: farm.name })}
        description={t('farms.delete.explain')}
        expected={farm.name}
        label={t('farms.delete.typeName', { name: farm.name })}
        confirmLabel={t('farms.delete.confirm')}
        cancelLabel={t('farms.delete.cancel')}
        onConfirm={() => void confirm()}
        pending={pending}
        problem={problem}
      />
    </section>
  );
}
