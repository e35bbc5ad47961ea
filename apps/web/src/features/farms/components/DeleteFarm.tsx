import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Farm } from '@gona/shared/farms';
import { Button, Dialog, FormAlert, TextField } from '@/components/ui';
import { useErrorText } from '@/lib/error-text';
import { deleteFarm } from '../api';

type Props = { farm: Farm; onDeleted: () => Promise<void> | void };

/** Deleting a farm removes everything recorded on it, so the owner types its name to confirm. */
export function DeleteFarm({ farm, onDeleted }: Props) {
  const { t } = useTranslation('dashboard');
  const errorText = useErrorText();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const matches = typed.trim() === farm.name;

  const close = () => {
    setOpen(false);
    setTyped('');
    setProblem(null);
  };

  const confirm = async () => {
    if (!matches) return;
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
      <Dialog
        open={open}
        onClose={close}
        role="alertdialog"
        title={t('farms.delete.confirmTitle', { name: farm.name })}
        description={t('farms.delete.explain')}
        footer={
          <>
            <Button variant="secondary" onClick={close} disabled={pending}>
              {t('farms.delete.cancel')}
            </Button>
            <Button variant="danger" onClick={() => void confirm()} loading={pending} disabled={!matches}>
              {t('farms.delete.confirm')}
            </Button>
          </>
        }
      >
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void confirm();
          }}
          className="flex flex-col gap-3"
        >
          <FormAlert>{problem}</FormAlert>
          <TextField
            label={t('farms.delete.typeName', { name: farm.name })}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            data-autofocus
          />
        </form>
      </Dialog>
    </section>
  );
}
