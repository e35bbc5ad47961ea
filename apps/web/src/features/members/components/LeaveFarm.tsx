import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Button, ConfirmDialog, FormAlert } from '@/components/ui';
import { useErrorText } from '@/lib/error-text';
import { leaveFarm } from '../api';

type Props = { farmId: string; farmName: string; onLeft: () => Promise<void> | void };

/** Any member may leave a farm; its last owner is told to hand it over or delete it first. */
export function LeaveFarm({ farmId, farmName, onLeft }: Props) {
  const { t } = useTranslation('members');
  const errorText = useErrorText();
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const leave = async () => {
    setPending(true);
    setProblem(null);
    try {
      await leaveFarm(farmId);
      toast.success(t('leave.done', { farm: farmName }));
      setAsking(false);
      await onLeft();
    } catch (error) {
      setAsking(false);
      setProblem(t('leave.failed', { message: errorText(error) }));
    } finally {
      setPending(false);
    }
  };

  return (
    <section aria-labelledby="leave-title" className="rounded-2xl border border-red-200 bg-white p-5 sm:p-6">
      <h2 id="leave-title" className="text-lg font-semibold text-stone-900">
        {t('leave.title')}
      </h2>
      <p className="mt-1 text-stone-700">{t('leave.explain', { farm: farmName })}</p>
      <div className="mt-3">
        <FormAlert>{problem}</FormAlert>
      </div>
      <Button variant="danger" className="mt-3" onClick={() => setAsking(true)}>
        {t('leave.button', { farm: farmName })}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t('leave.confirmTitle', { farm: farmName })}
        message={t('leave.explain', { farm: farmName })}
        confirmLabel={t('leave.confirm')}
        cancelLabel={t('leave.stay')}
        confirmVariant="danger"
        pending={pending}
        onConfirm={() => void leave()}
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}
