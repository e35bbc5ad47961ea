import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus, Trash2 } from 'lucide-react';
import {
  CARE_STEP_KINDS,
  CARE_STEPS_MAX,
  CareStepSchema,
  type CareProgramme,
  type CareStepKind,
} from '@gona/shared/livestock';
import { Button, Dialog, FormAlert, optionsOf, SelectField, TextareaField, TextField } from '@/components/ui';
import { useErrorText } from '@/lib/error-text';
import { toast } from '@/lib/toast';
import { useSaveCareProgramme } from '../api';

type StepDraft = {
  key: string;
  offset_days: string;
  kind: CareStepKind;
  title: string;
  notes: string;
  rrule: string | null;
};

const draftOf = (programme: CareProgramme): StepDraft[] =>
  programme.steps.map((step) => ({
    key: step.key,
    offset_days: String(step.offset_days),
    kind: step.kind,
    title: step.title,
    notes: step.notes ?? '',
    rrule: step.rrule ?? null,
  }));

/** A key for a step the farm adds, unlike the others. */
function newKey(steps: StepDraft[]): string {
  for (let n = 1; ; n += 1) if (!steps.some((step) => step.key === `farm_${n}`)) return `farm_${n}`;
}

type Props = { farmId: string; programme: CareProgramme; onClose: () => void };

/**
 * The farm's own copy of a programme: change a step's day, words or kind, remove steps, add the
 * farm's own (its vet's advice); or go back to the built-in steps. Other farms keep theirs.
 */
export function CareProgrammeEditor({ farmId, programme, onClose }: Props) {
  const { t } = useTranslation('livestock');
  const errorText = useErrorText();
  const save = useSaveCareProgramme(farmId, programme.key);
  const [steps, setSteps] = useState(() => draftOf(programme));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const dirty = JSON.stringify(steps) !== JSON.stringify(draftOf(programme));

  const change = (index: number, patch: Partial<StepDraft>) =>
    setSteps((current) => current.map((step, i) => (i === index ? { ...step, ...patch } : step)));

  async function onSave() {
    const found: Record<string, string> = {};
    const parsed = steps.map((step, index) => {
      const result = CareStepSchema.safeParse({
        ...step,
        offset_days: step.offset_days.trim() === '' ? Number.NaN : Number(step.offset_days),
        notes: step.notes,
      });
      if (!result.success)
        for (const issue of result.error.issues) found[`${index}.${String(issue.path[0])}`] ??= issue.message;
      return result.success ? result.data : null;
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await save.mutateAsync({ steps: parsed.filter((step) => step !== null), version: programme.version });
      toast.success(t('care.edit.saved', { name: programme.name }));
      onClose();
    } catch (error) {
      setFailure(errorText(error));
    }
  }

  async function onRestore() {
    try {
      await save.mutateAsync(null);
      toast.success(t('care.edit.restored', { name: programme.name }));
      onClose();
    } catch (error) {
      setFailure(errorText(error));
    }
  }

  return (
    <Dialog
      open
      dirty={dirty}
      onClose={onClose}
      title={t('care.edit.title', { name: programme.name })}
      description={t('care.edit.description')}
      footer={
        <div className="flex flex-col gap-2 sm:flex-row-reverse">
          <Button loading={save.isPending} onClick={() => void onSave()}>
            {t('care.edit.save')}
          </Button>
          {programme.customised && (
            <Button variant="secondary" disabled={save.isPending} onClick={() => void onRestore()}>
              {t('care.edit.restore')}
            </Button>
          )}
        </div>
      }
    >
      <div className="flex flex-col gap-4">
        <FormAlert>{failure}</FormAlert>
        <ol className="flex flex-col gap-4">
          {steps.map((step, index) => (
            <li key={step.key} className="rounded-xl border border-stone-200 p-3">
              <fieldset className="flex flex-col gap-3">
                <legend className="sr-only">{t('care.edit.step', { number: index + 1 })}</legend>
                <TextField
                  label={t('care.edit.what')}
                  value={step.title}
                  error={errors[`${index}.title`]}
                  onChange={(e) => change(index, { title: e.target.value })}
                />
                <div className="grid grid-cols-2 gap-3">
                  <TextField
                    label={
                      programme.counts_from === 'arrival'
                        ? t('care.edit.dayArrived')
                        : t('care.edit.dayOfAge')
                    }
                    inputMode="numeric"
                    value={step.offset_days}
                    error={errors[`${index}.offset_days`]}
                    onChange={(e) => change(index, { offset_days: e.target.value })}
                  />
                  <SelectField
                    label={t('care.edit.kind')}
                    value={step.kind}
                    onChange={(e) => change(index, { kind: e.target.value as CareStepKind })}
                    options={optionsOf(CARE_STEP_KINDS, (kind) => t(`care.kinds.${kind}`))}
                  />
                </div>
                <TextareaField
                  label={t('care.edit.notes')}
                  rows={2}
                  value={step.notes}
                  error={errors[`${index}.notes`]}
                  onChange={(e) => change(index, { notes: e.target.value })}
                />
                {step.rrule && <p className="text-sm text-stone-700">{t('care.repeats')}</p>}
                <Button
                  variant="ghost"
                  disabled={steps.length === 1}
                  onClick={() => setSteps((current) => current.filter((_, i) => i !== index))}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  {t('care.edit.remove', { number: index + 1 })}
                </Button>
              </fieldset>
            </li>
          ))}
        </ol>
        {steps.length < CARE_STEPS_MAX && (
          <Button
            variant="secondary"
            onClick={() =>
              setSteps((current) => [
                ...current,
                {
                  key: newKey(current),
                  offset_days: '',
                  kind: 'vaccination',
                  title: '',
                  notes: '',
                  rrule: null,
                },
              ])
            }
          >
            <Plus aria-hidden="true" className="size-4" />
            {t('care.edit.add')}
          </Button>
        )}
      </div>
    </Dialog>
  );
}
