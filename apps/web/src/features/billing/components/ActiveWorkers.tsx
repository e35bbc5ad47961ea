import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FREE_WORKER_LIMIT } from '@gona/shared/plans';
import type { Subscription } from '@gona/shared/billing';
import { Button } from '@/components/ui/Button';
import { CheckboxField } from '@/components/ui/CheckboxField';
import { Dialog } from '@/components/ui/Dialog';
import { FormAlert } from '@/components/ui/FormAlert';
import { SkeletonRows } from '@/components/ui/Skeleton';
import { useErrorText } from '@/lib/error-text';
import { useKeptStaff } from '@/lib/pickers';
import { toast } from '@/lib/toast';
import { useChooseActiveWorkers } from '../api';

/**
 * Back on Free with more than 10 workers, the ones past the 10th were kept but made inactive: the
 * owner sees how many and chooses, in a checklist, which 10 stay active. Managers see the notice only.
 */
export function ActiveWorkers({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation('billing');
  const [choosing, setChoosing] = useState(false);
  if (subscription.inactive_workers === 0) return null;
  return (
    <section
      aria-labelledby="inactive-workers"
      className="rounded-2xl border border-amber-300 bg-amber-50 p-4 sm:p-6"
    >
      <h2 id="inactive-workers" className="text-lg font-semibold text-stone-900">
        {t('workers.title')}
      </h2>
      <p className="mt-1 text-stone-800">
        {t('workers.text', { count: subscription.inactive_workers, limit: FREE_WORKER_LIMIT })}
      </p>
      {subscription.can_manage && (
        <Button className="mt-3" onClick={() => setChoosing(true)}>
          {t('workers.choose')}
        </Button>
      )}
      {choosing && <ChooseWorkersDialog farmId={subscription.farm_id} onClose={() => setChoosing(false)} />}
    </section>
  );
}

function ChooseWorkersDialog({ farmId, onClose }: { farmId: string; onClose: () => void }) {
  const { t } = useTranslation('billing');
  const errorText = useErrorText();
  const list = useKeptStaff(farmId);
  const choose = useChooseActiveWorkers(farmId);
  const workers = list.data ?? [];
  const loaded = list.isSuccess;
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  // Until the owner ticks anything, those active now are ticked.
  const ticked =
    chosen ?? new Set(workers.filter((worker) => worker.status === 'active').map((worker) => worker.id));
  const tooMany = ticked.size > FREE_WORKER_LIMIT;

  const toggle = (id: string) => {
    const next = new Set(ticked);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setChosen(next);
  };

  return (
    <Dialog
      open
      onClose={onClose}
      dirty={chosen !== null}
      title={t('workers.dialogTitle', { limit: FREE_WORKER_LIMIT })}
      description={t('workers.dialogIntro')}
      footer={
        <Button
          fullWidth
          disabled={!loaded || tooMany}
          loading={choose.isPending}
          onClick={() =>
            choose.mutate(
              { staff_ids: workers.filter((worker) => ticked.has(worker.id)).map((worker) => worker.id) },
              {
                onSuccess: () => {
                  toast.success(t('workers.saved'));
                  onClose();
                },
              },
            )
          }
        >
          {t('workers.save')}
        </Button>
      }
    >
      <FormAlert>
        {choose.error ? errorText(choose.error) : list.error ? errorText(list.error) : null}
      </FormAlert>
      <p
        aria-live="polite"
        className={tooMany ? 'font-semibold text-red-800' : 'font-medium tabular-nums text-stone-800'}
      >
        {tooMany
          ? t('workers.tooMany', { limit: FREE_WORKER_LIMIT })
          : t('workers.chosen', { count: ticked.size, limit: FREE_WORKER_LIMIT })}
      </p>
      {!loaded && !list.error ? (
        <div aria-label={t('workers.loading')}>
          <SkeletonRows rows={4} />
        </div>
      ) : (
        <ul aria-label={t('workers.listLabel')} className="mt-2 flex flex-col">
          {workers.map((worker) => (
            <li key={worker.id}>
              <CheckboxField
                label={worker.name}
                checked={ticked.has(worker.id)}
                onChange={() => toggle(worker.id)}
                {...(worker.status === 'active' ? {} : { hint: t('workers.inactive') })}
              />
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
