import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Syringe } from 'lucide-react';
import { can, type FarmRole } from '@gona/shared/permissions';
import type { CarePlan, CarePlanStep } from '@gona/shared/livestock';
import { Badge, Button, Dialog, SkeletonRows } from '@/components/ui';
import { useErrorText } from '@/lib/error-text';
import { toast } from '@/lib/toast';
import { useAcceptCarePlan, useCarePlan, useCareProgrammes } from '../api';
import { dayMonthYear } from '../format';
import { CareProgrammeEditor } from './CareProgrammeEditor';

type Animal = { id: string; name: string };

/** Steps the farm can still plan: from today on and not yet among its tasks. */
const toPlan = (plan: CarePlan | undefined) =>
  plan?.steps.filter((step) => !step.past && !step.planned) ?? [];

/**
 * An animal's care programme (vaccinations, dewormings, checks) on its page: the next steps with
 * their days and, for the owner and managers, the way to plan them into the farm's tasks.
 */
export function CareSection({ farmId, role, animal }: { farmId: string; role: FarmRole; animal: Animal }) {
  const { t } = useTranslation('livestock');
  const plan = useCarePlan(farmId, animal.id);
  const [open, setOpen] = useState<'plan' | 'edit' | null>(null);
  if (!plan.data?.programme) return null;
  const { programme } = plan.data;
  const upcoming = plan.data.steps.filter((step) => !step.past).slice(0, 3);
  const left = toPlan(plan.data).length;
  return (
    <section aria-labelledby="care-title" className="rounded-xl border border-stone-200 bg-white p-4">
      <h2 id="care-title" className="flex items-center gap-2 text-lg font-semibold text-stone-900">
        <Syringe aria-hidden="true" className="size-5 text-green-800" />
        {programme.name}
      </h2>
      {programme.customised && <Badge tone="green">{t('care.customised')}</Badge>}
      {plan.data.anchor_date === null ? (
        <p className="mt-1 text-stone-800">{t('care.needsAge')}</p>
      ) : (
        <StepList steps={upcoming} />
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {can(role, 'records.write') && left > 0 && (
          <Button onClick={() => setOpen('plan')}>{t('care.plan', { count: left })}</Button>
        )}
        {plan.data.anchor_date !== null && (
          <Button variant="secondary" onClick={() => setOpen('plan')}>
            {t('care.all')}
          </Button>
        )}
        {can(role, 'records.write') && (
          <Button variant="ghost" onClick={() => setOpen('edit')}>
            {t('care.change')}
          </Button>
        )}
      </div>
      {open === 'plan' && (
        <CarePlanDialog farmId={farmId} role={role} animal={animal} onClose={() => setOpen(null)} />
      )}
      {open === 'edit' && (
        <ProgrammeEditorLoader farmId={farmId} programmeKey={programme.key} onClose={() => setOpen(null)} />
      )}
    </section>
  );
}

/** The editor once the programme's steps (the farm's or the built-in ones) have loaded. */
function ProgrammeEditorLoader({
  farmId,
  programmeKey,
  onClose,
}: {
  farmId: string;
  programmeKey: string;
  onClose: () => void;
}) {
  const programmes = useCareProgrammes(farmId);
  const programme = programmes.data?.items.find((candidate) => candidate.key === programmeKey);
  if (!programme) return null;
  return <CareProgrammeEditor farmId={farmId} programme={programme} onClose={onClose} />;
}

type DialogProps = {
  farmId: string;
  role: FarmRole;
  animal: Animal;
  /** Offered right after adding the animal: closes itself when there is nothing to plan. */
  offer?: boolean;
  onClose: () => void;
};

/** The whole programme laid on the animal's age, its source, and "Plan N tasks". */
export function CarePlanDialog({ farmId, role, animal, offer = false, onClose }: DialogProps) {
  const { t } = useTranslation('livestock');
  const errorText = useErrorText();
  const plan = useCarePlan(farmId, animal.id);
  const accept = useAcceptCarePlan(farmId, animal.id);
  const steps = toPlan(plan.data);
  const nothingToOffer =
    offer && (plan.isError || (plan.data && (steps.length === 0 || !can(role, 'records.write'))));
  useEffect(() => {
    if (nothingToOffer) onClose();
  }, [nothingToOffer, onClose]);
  if (nothingToOffer) return null;
  const programme = plan.data?.programme;

  async function onPlan() {
    if (!programme) return;
    try {
      const result = await accept.mutateAsync(programme.key);
      toast.success(t('care.planned', { count: result.created, name: animal.name }));
      onClose();
    } catch (error) {
      toast.error(t('care.failed', { message: errorText(error) }));
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={programme ? programme.name : t('care.title')}
      description={offer ? t('care.offer', { name: animal.name }) : undefined}
      footer={
        programme &&
        can(role, 'records.write') &&
        steps.length > 0 && (
          <div className="flex flex-col gap-2 sm:flex-row-reverse">
            <Button loading={accept.isPending} onClick={() => void onPlan()}>
              {t('care.plan', { count: steps.length })}
            </Button>
            <Button variant="secondary" onClick={onClose}>
              {t('care.notNow')}
            </Button>
          </div>
        )
      }
    >
      {!plan.data ? (
        <SkeletonRows rows={4} />
      ) : !programme ? (
        <p className="text-stone-800">{t('care.none')}</p>
      ) : (
        <div className="flex flex-col gap-3">
          <p className="text-stone-800">{programme.note}</p>
          {plan.data.anchor_date === null ? (
            <p className="text-stone-800">{t('care.needsAge')}</p>
          ) : (
            <StepList steps={plan.data.steps} />
          )}
          <p className="text-sm text-stone-700">
            {t('care.source', {
              source: [programme.source.organisation, programme.source.title, programme.source.year]
                .filter(Boolean)
                .join(', '),
            })}
          </p>
        </div>
      )}
    </Dialog>
  );
}

function StepList({ steps }: { steps: CarePlanStep[] }) {
  const { t } = useTranslation('livestock');
  return (
    <ol className="mt-2 divide-y divide-stone-100">
      {steps.map((step) => (
        <li key={step.key} className="flex flex-col gap-1 py-2">
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-medium text-stone-900 tabular-nums">{dayMonthYear(step.due_date)}</span>
            {step.planned && <Badge tone="green">{t('care.isPlanned')}</Badge>}
            {step.past && <Badge>{t('care.isPast')}</Badge>}
          </span>
          <span className="wrap-anywhere text-stone-900">{step.title}</span>
          {step.rrule && <span className="text-sm text-stone-700">{t('care.repeats')}</span>}
          {step.notes && <span className="wrap-anywhere text-sm text-stone-700">{step.notes}</span>}
        </li>
      ))}
    </ol>
  );
}
