import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, TextField } from '@/components/ui';
import { cx } from '@/components/ui/cx';
import { useErrorText } from '@/lib/error-text';
import { toast } from '@/lib/toast';
import { useActiveStaff } from '@/lib/pickers';
import { useSchedulePlan } from '../api';

/** The farm-general plans the server offers (`GET /tasks/templates`), named in the catalogue. */
const PLANS = ['equipment_care', 'pen_hygiene', 'stock_take'] as const;

type Props = { farmId: string; today: string; onClose: () => void };

/** Puts a routine plan into the tasks from a start day; planning the same again adds nothing. */
export function PlanDialog({ farmId, today, onClose }: Props) {
  const { t } = useTranslation('tasks');
  const errorText = useErrorText();
  const formId = useId();
  const staff = useActiveStaff(farmId);
  const [plan, setPlan] = useState<(typeof PLANS)[number]>('equipment_care');
  const [anchor, setAnchor] = useState(today);
  const [people, setPeople] = useState<string[]>([]);
  const schedule = useSchedulePlan(farmId);

  async function save() {
    try {
      const result = await schedule.mutateAsync({ template: plan, anchor, assignee_ids: people });
      if (result.created > 0) toast.success(t('plan.added', { count: result.created }));
      else toast(t('plan.already'));
      onClose();
    } catch (err) {
      toast.error(errorText(err));
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('plan.title')}
      footer={
        <Button type="submit" form={formId} loading={schedule.isPending} fullWidth>
          {t('plan.save')}
        </Button>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
        className="flex flex-col gap-4"
      >
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-stone-800">{t('plan.which')}</legend>
          <div className="flex flex-col gap-2">
            {PLANS.map((key) => (
              <label
                key={key}
                className={cx(
                  'flex min-h-11 cursor-pointer gap-3 rounded-lg border p-3',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-green-700',
                  plan === key ? 'border-green-700 bg-green-50' : 'border-stone-300 bg-white',
                )}
              >
                <input
                  type="radio"
                  name="plan"
                  className="mt-1 size-4 accent-green-700"
                  checked={plan === key}
                  onChange={() => setPlan(key)}
                />
                <span>
                  <span className="block font-medium text-stone-900">{t(`plan.templates.${key}.name`)}</span>
                  <span className="block text-sm text-stone-700">{t(`plan.templates.${key}.hint`)}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          label={t('plan.start')}
          type="date"
          value={anchor}
          onChange={(e) => setAnchor(e.target.value)}
        />
        {staff.data && staff.data.length > 0 && (
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-stone-800">{t('plan.people')}</legend>
            <ul className="flex flex-col gap-1">
              {staff.data.map((person) => (
                <li key={person.id}>
                  <label className="flex min-h-11 items-center gap-3 px-1">
                    <input
                      type="checkbox"
                      className="size-5 accent-green-700"
                      checked={people.includes(person.id)}
                      onChange={() =>
                        setPeople((current) =>
                          current.includes(person.id)
                            ? current.filter((id) => id !== person.id)
                            : [...current, person.id],
                        )
                      }
                    />
                    <span className="break-words text-stone-900">{person.name}</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
      </form>
    </Dialog>
  );
}
