import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { cx } from '@/components/ui';
import { useInactiveStaff } from '@/lib/pickers';
import { AttendanceRegister } from './AttendanceRegister';
import { PayRunList } from './PayRunList';

const PARTS = ['attendance', 'pay-runs'] as const;
type Part = (typeof PARTS)[number];

type Props = { farmId: string; writer: boolean };

/**
 * Wages: the day's register and casual labour (kept daily, often on a phone in the field), and the
 * pay runs that turn them into each person's pay and the farm's labour expenses (a sit-down task).
 */
export function WagesView({ farmId, writer }: Props) {
  const { t } = useTranslation('money');
  const [params, setParams] = useSearchParams();
  const part: Part = PARTS.find((p) => p === params.get('part')) ?? 'attendance';
  const choose = (next: Part) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'attendance') updated.delete('part');
        else updated.set('part', next);
        return updated;
      },
      { replace: true },
    );

  return (
    <div className="flex flex-col gap-4">
      <div role="group" aria-label={t('wages.parts.label')} className="flex flex-wrap gap-2">
        {PARTS.map((p) => (
          <button
            key={p}
            type="button"
            aria-pressed={part === p}
            onClick={() => choose(p)}
            className={cx(
              'min-h-11 rounded-full border px-4 text-base font-medium',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700',
              part === p
                ? 'border-green-700 bg-green-50 text-green-900'
                : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-100',
            )}
          >
            {t(p === 'attendance' ? 'wages.parts.attendance' : 'wages.parts.payRuns')}
          </button>
        ))}
      </div>
      <InactiveWorkersNote farmId={farmId} />
      {part === 'attendance' ? (
        <AttendanceRegister farmId={farmId} writer={writer} />
      ) : (
        <PayRunList farmId={farmId} writer={writer} />
      )}
    </div>
  );
}

/**
 * Workers kept inactive after Pro ended are not on the register and not paid by pay runs: said
 * here with their names, so a missing worker is not a mystery. Nothing shows when there are none.
 */
function InactiveWorkersNote({ farmId }: { farmId: string }) {
  const { t } = useTranslation('money');
  const inactive = useInactiveStaff(farmId).data ?? [];
  if (inactive.length === 0) return null;
  return (
    <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-stone-900">
      {t('wages.inactive', {
        count: inactive.length,
        names: inactive.map((member) => member.name).join(', '),
      })}
    </p>
  );
}
