import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronLeft, ChevronRight, Users } from 'lucide-react';
import { ATTENDANCE_STATUSES, type AttendanceRow, type AttendanceStatus } from '@gona/shared/finance';
import {
  Badge,
  Button,
  buttonClasses,
  ConfirmDialog,
  cx,
  EmptyState,
  FormAlert,
  LeaveGuard,
  SkeletonRows,
  TextField,
} from '@/components/ui';
import { useErrorText } from '@/lib/error-text';
import { dayMonthYear, todayOnFarm } from '@/lib/format';
import { paths } from '@/lib/paths';
import { addDays } from '../wages-dates';
import { isOffline, useAttendanceDay, useSaveAttendance } from '../wages-api';
import { CasualLabourList } from './CasualLabourList';

type Props = { farmId: string; writer: boolean };

/**
 * One day's register: each person's mark (present, half day, absent) and the day's casual labour.
 * Marks are changed on the screen and sent together with one Save; until then they stay here, even
 * when the save fails or there is no connection.
 */
export function AttendanceRegister({ farmId, writer }: Props) {
  const { t } = useTranslation('money');
  const errorText = useErrorText();
  const today = todayOnFarm();
  const [date, setDate] = useState(today);
  const [changes, setChanges] = useState<Record<string, AttendanceStatus>>({});
  const [leavingFor, setLeavingFor] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const day = useAttendanceDay(farmId, date);
  const save = useSaveAttendance(farmId);
  const staff = day.data?.staff ?? [];
  const markOf = (row: AttendanceRow) => changes[row.staff_id] ?? row.status;
  const changed = staff.filter((row) => changes[row.staff_id] && changes[row.staff_id] !== row.status);
  const dirty = changed.length > 0;

  function show(next: string) {
    setDate(next);
    setChanges({});
    setSaved(false);
    setProblem(null);
  }
  function goTo(next: string) {
    if (!next || next === date) return;
    if (dirty) setLeavingFor(next);
    else show(next);
  }
  function mark(staffId: string, status: AttendanceStatus) {
    setChanges((current) => ({ ...current, [staffId]: status }));
    setSaved(false);
  }
  function markEveryonePresent() {
    const unmarked = staff.filter((row) => !markOf(row));
    setChanges((current) => ({
      ...current,
      ...Object.fromEntries(unmarked.map((row) => [row.staff_id, 'present' as const])),
    }));
    setSaved(false);
  }
  function onSave() {
    setProblem(null);
    save.mutate(
      { date, marks: changed.map((row) => ({ staff_id: row.staff_id, status: changes[row.staff_id]! })) },
      {
        onSuccess: () => {
          setChanges({});
          setSaved(true);
        },
        onError: (error) =>
          setProblem(
            isOffline(error)
              ? t('wages.register.offline')
              : t('wages.register.failed', { message: errorText(error) }),
          ),
      },
    );
  }

  const counts = { present: 0, half: 0, absent: 0, unmarked: 0 };
  for (const row of staff) {
    const status = markOf(row);
    if (status === 'present') counts.present++;
    else if (status === 'half_day') counts.half++;
    else if (status === 'absent') counts.absent++;
    else counts.unmarked++;
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-end gap-2">
        <Button
          variant="secondary"
          aria-label={t('wages.register.previous')}
          disabled={save.isPending}
          onClick={() => goTo(addDays(date, -1))}
        >
          <ChevronLeft aria-hidden="true" className="size-5" />
        </Button>
        <div className="min-w-0 flex-1">
          <TextField
            label={t('wages.register.day')}
            type="date"
            value={date}
            max={today}
            disabled={save.isPending}
            onChange={(e) => goTo(e.target.value)}
          />
        </div>
        <Button
          variant="secondary"
          aria-label={t('wages.register.next')}
          disabled={save.isPending || date >= today}
          onClick={() => goTo(addDays(date, 1))}
        >
          <ChevronRight aria-hidden="true" className="size-5" />
        </Button>
      </div>

      {day.isPending ? (
        day.fetchStatus === 'paused' ? (
          <EmptyState title={t('wages.register.errorTitle')} description={t('common:errors.network')} />
        ) : (
          <SkeletonRows rows={3} />
        )
      ) : day.isError ? (
        <EmptyState
          title={t('wages.register.errorTitle')}
          description={errorText(day.error)}
          action={<Button onClick={() => void day.refetch()}>{t('common:errors.tryAgain')}</Button>}
        />
      ) : (
        <>
          {staff.length === 0 ? (
            <EmptyState
              icon={Users}
              title={t('wages.register.empty')}
              description={t('wages.register.emptyHint')}
              action={
                writer ? (
                  <Link to={paths.staff} className={buttonClasses('secondary')}>
                    {t('wages.register.staffLink')}
                  </Link>
                ) : undefined
              }
            />
          ) : (
            <section aria-label={t('wages.parts.attendance')} className="flex flex-col gap-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="text-sm text-stone-700" data-testid="attendance-summary">
                  {t('wages.register.summary', counts)}
                </p>
                {writer && (
                  <Button variant="secondary" disabled={counts.unmarked === 0} onClick={markEveryonePresent}>
                    {t('wages.register.markAll')}
                  </Button>
                )}
              </div>
              <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
                {staff.map((row) => (
                  <RegisterRow
                    key={row.staff_id}
                    row={row}
                    status={markOf(row)}
                    unsaved={changed.includes(row)}
                    onMark={writer ? (status) => mark(row.staff_id, status) : null}
                  />
                ))}
              </ul>
              <p className="text-sm text-stone-600">{t('wages.register.hint')}</p>
              {writer && (
                <div className="sticky bottom-0 z-10 flex flex-col gap-2 rounded-lg border border-stone-200 bg-white p-3 shadow-sm">
                  <FormAlert>{problem}</FormAlert>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p role="status" className="text-sm font-medium text-stone-700">
                      {dirty
                        ? t('wages.register.unsaved', { count: changed.length })
                        : saved
                          ? t('wages.register.saved')
                          : ''}
                    </p>
                    <Button onClick={onSave} disabled={!dirty} loading={save.isPending}>
                      {t('wages.register.save')}
                    </Button>
                  </div>
                </div>
              )}
            </section>
          )}
          <CasualLabourList farmId={farmId} date={date} items={day.data.casual} writer={writer} />
        </>
      )}

      <LeaveGuard when={() => dirty} />
      {leavingFor && (
        <ConfirmDialog
          open
          title={t('wages.register.leaveTitle')}
          message={t('wages.register.leaveBody', { date: dayMonthYear(date) })}
          confirmLabel={t('wages.register.leave')}
          cancelLabel={t('wages.register.stay')}
          confirmVariant="danger"
          onCancel={() => setLeavingFor(null)}
          onConfirm={() => {
            show(leavingFor);
            setLeavingFor(null);
          }}
        />
      )}
    </div>
  );
}

const CHOSEN: Record<AttendanceStatus, string> = {
  present: 'border-green-700 bg-green-700 text-white',
  half_day: 'border-amber-700 bg-amber-700 text-white',
  absent: 'border-stone-700 bg-stone-700 text-white',
};
const TONE = { present: 'green', half_day: 'amber', absent: 'neutral' } as const;

type RowProps = {
  row: AttendanceRow;
  status: AttendanceStatus | null;
  unsaved: boolean;
  /** Null for someone who may only read the register. */
  onMark: ((status: AttendanceStatus) => void) | null;
};

/** A person and their mark: three large choices for a writer, the mark alone for a reader. */
function RegisterRow({ row, status, unsaved, onMark }: RowProps) {
  const { t } = useTranslation('money');
  const nameId = `attendance-name-${row.staff_id}`;
  return (
    <li
      data-testid={`attendance-${row.staff_id}`}
      className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:gap-4"
    >
      <div className="min-w-0 flex-1">
        <p id={nameId} className="font-medium wrap-anywhere text-stone-900">
          {row.name}
        </p>
        <p className="text-sm wrap-anywhere text-stone-600">
          {t(`wages.jobs.${row.job}`, { defaultValue: row.job })}
          {unsaved && <span className="font-medium text-amber-800"> · {t('wages.register.notSaved')}</span>}
        </p>
      </div>
      {onMark ? (
        <div
          role="radiogroup"
          aria-labelledby={nameId}
          className="grid grid-cols-3 gap-1 sm:w-80 sm:shrink-0"
        >
          {ATTENDANCE_STATUSES.map((option) => (
            <label
              key={option}
              className={cx(
                'flex min-h-11 min-w-0 cursor-pointer items-center justify-center rounded-lg border px-1 text-center text-sm font-medium',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-green-700',
                status === option ? CHOSEN[option] : 'border-stone-300 bg-white text-stone-900',
              )}
            >
              <input
                type="radio"
                name={`mark-${row.staff_id}`}
                value={option}
                checked={status === option}
                onChange={() => onMark(option)}
                className="sr-only"
              />
              {t(`wages.statuses.${option}`)}
            </label>
          ))}
        </div>
      ) : (
        <Badge tone={status ? TONE[status] : 'neutral'} className="self-start sm:self-center">
          {t(`wages.statuses.${status ?? 'none'}`)}
        </Badge>
      )}
    </li>
  );
}
