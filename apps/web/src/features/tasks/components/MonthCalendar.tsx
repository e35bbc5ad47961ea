import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { CalendarDay, Task } from '@gona/shared/tasks';
import { Button } from '@/components/ui';
import { cx } from '@/components/ui/cx';
import { SkeletonRows } from '@/components/ui/Skeleton';
import { dayMonthYear } from '@/lib/format';
import { useCalendar, useDayTasks } from '../api';
import { TaskRow } from './TaskRow';

type Props = {
  farmId: string;
  today: string;
  mine: boolean;
  canTick: (task: Task) => boolean;
  onTick: (task: Task) => void;
  onOpen: (taskId: string) => void;
};

/** yyyy-mm-dd plus days, on calendar days. */
function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The six weeks (Monday first) that show a month, and the month's name. */
function monthGrid(month: string) {
  const first = `${month}-01`;
  const weekday = (new Date(`${first}T00:00:00Z`).getUTCDay() + 6) % 7;
  const from = addDays(first, -weekday);
  return { from, to: addDays(from, 41), days: Array.from({ length: 42 }, (_, i) => addDays(from, i)) };
}

function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + by, 1)).toISOString().slice(0, 7);
}

/** A month of the farm's tasks: a count on each day; tapping a day lists its tasks below. */
export function MonthCalendar({ farmId, today, mine, canTick, onTick, onOpen }: Props) {
  const { t } = useTranslation('tasks');
  const [month, setMonth] = useState(today.slice(0, 7));
  const [chosen, setChosen] = useState(today);
  const grid = monthGrid(month);
  const calendar = useCalendar(farmId, grid, mine);
  const dayTasks = useDayTasks(farmId, chosen, mine);
  const byDay = new Map<string, CalendarDay>((calendar.data?.days ?? []).map((day) => [day.date, day]));
  const monthName = new Intl.DateTimeFormat('en-NG', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${month}-01T00:00:00Z`));
  const weekdays = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
  const chosenTasks = dayTasks.data?.items ?? [];

  return (
    <section aria-label={monthName} className="rounded-2xl border border-stone-200 bg-white p-3 sm:p-4">
      <div className="mb-3 flex items-center justify-between gap-2">
        <Button
          variant="ghost"
          aria-label={t('calendar.previous')}
          onClick={() => setMonth(shiftMonth(month, -1))}
        >
          <ChevronLeft aria-hidden="true" className="size-5" />
        </Button>
        <h2 className="text-lg font-semibold text-stone-900">{monthName}</h2>
        <Button
          variant="ghost"
          aria-label={t('calendar.next')}
          onClick={() => setMonth(shiftMonth(month, 1))}
        >
          <ChevronRight aria-hidden="true" className="size-5" />
        </Button>
      </div>
      <div
        className="grid grid-cols-7 gap-1 text-center text-xs font-medium text-stone-600"
        aria-hidden="true"
      >
        {weekdays.map((day) => (
          <span key={day}>{t(`form.weekdays.${day}`)}</span>
        ))}
      </div>
      <div className="mt-1 grid grid-cols-7 gap-1">
        {grid.days.map((day) => {
          const counts = byDay.get(day);
          const total = counts ? counts.open + counts.done + counts.skipped : 0;
          const open = counts?.open ?? 0;
          return (
            <button
              key={day}
              type="button"
              onClick={() => setChosen(day)}
              aria-label={t('calendar.day', { date: dayMonthYear(day), count: total })}
              aria-pressed={day === chosen}
              className={cx(
                'flex min-h-11 flex-col items-center justify-center rounded-lg text-sm tabular-nums',
                day.slice(0, 7) !== month && 'text-stone-400',
                day === today && 'font-bold text-green-800',
                day === chosen ? 'bg-green-700 text-white' : 'hover:bg-stone-100',
              )}
            >
              {Number(day.slice(8))}
              {total > 0 && (
                <span
                  className={cx(
                    'mt-0.5 size-1.5 rounded-full',
                    day === chosen
                      ? 'bg-white'
                      : open > 0 && day < today
                        ? 'bg-red-600'
                        : open > 0
                          ? 'bg-green-700'
                          : 'bg-stone-400',
                  )}
                />
              )}
            </button>
          );
        })}
      </div>
      <h3 className="mt-4 text-base font-semibold text-stone-900">{dayMonthYear(chosen)}</h3>
      {dayTasks.isPending ? (
        <SkeletonRows rows={2} />
      ) : chosenTasks.length === 0 ? (
        <p className="py-2 text-stone-700">{t('calendar.none')}</p>
      ) : (
        <ul className="divide-y divide-stone-100">
          {chosenTasks.map((task) => (
            <TaskRow
              key={task.id}
              task={task}
              canTick={canTick(task)}
              onTick={() => onTick(task)}
              onOpen={() => onOpen(task.id)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
