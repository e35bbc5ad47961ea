import { useTranslation } from 'react-i18next';
import { Check, Repeat } from 'lucide-react';
import type { Task } from '@gona/shared/tasks';
import { Badge } from '@/components/ui/Badge';
import { cx } from '@/components/ui/cx';
import { dayMonthYear } from '@/lib/format';

type Props = {
  task: Pick<
    Task,
    'id' | 'title' | 'type' | 'due_date' | 'due_time' | 'priority' | 'status' | 'series_id'
  > & {
    assignees?: Task['assignees'];
    livestock?: Task['livestock'];
    /** In the next days, the open days of its series there, this one included (the row stands for them all). */
    series_days?: number;
  };
  /** The worker may tick it (their own or nobody's; any for owners and managers). */
  canTick: boolean;
  waiting?: boolean;
  onTick: () => void;
  onOpen: () => void;
};

/**
 * One task as a worker meets it on a phone: a big tick button (done in one tap), the title, when
 * it is due and who it is given to. Tapping the words opens the task.
 */
export function TaskRow({ task, canTick, waiting = false, onTick, onOpen }: Props) {
  const { t } = useTranslation('tasks');
  const done = task.status === 'done';
  const when = task.due_time
    ? t('row.dueAt', { date: dayMonthYear(task.due_date), time: task.due_time })
    : t('row.due', { date: dayMonthYear(task.due_date) });
  const moreDays = (task.series_days ?? 1) - 1;
  const people = task.assignees?.length
    ? task.assignees.map((person) => person.name).join(', ')
    : t('row.nobody');
  return (
    <li className="flex items-start gap-3 py-3">
      <button
        type="button"
        onClick={onTick}
        disabled={!canTick || done || task.status === 'skipped'}
        aria-label={t('row.done', { title: task.title })}
        aria-pressed={done}
        className={cx(
          'flex size-12 shrink-0 items-center justify-center rounded-full border-2',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700',
          done ? 'border-green-700 bg-green-700 text-white' : 'border-stone-400 bg-white text-transparent',
          canTick && !done && 'hover:border-green-700 hover:text-green-700',
          !canTick && !done && 'opacity-50',
        )}
      >
        <Check aria-hidden="true" className="size-6" />
      </button>
      <button type="button" onClick={onOpen} className="min-w-0 flex-1 text-left">
        <span
          className={cx(
            'block font-medium break-words text-stone-900',
            (done || task.status === 'skipped') && 'text-stone-500 line-through',
          )}
        >
          {task.title}
        </span>
        <span className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-700">
          <span>{when}</span>
          {task.livestock && <span className="break-words">· {task.livestock.name}</span>}
          <span className="break-words">· {people}</span>
          {task.series_id && (
            <span className="inline-flex items-center gap-1">
              <Repeat aria-hidden="true" className="size-3.5" />
              {moreDays > 0 ? t('row.repeatsMore', { count: moreDays }) : t('row.repeats')}
            </span>
          )}
          {task.priority === 'high' && <Badge tone="red">{t('priority.high')}</Badge>}
          {task.status === 'skipped' && <Badge tone="neutral">{t('row.skipped')}</Badge>}
          {waiting && <Badge tone="amber">{t('row.waiting')}</Badge>}
        </span>
      </button>
    </li>
  );
}
