import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Task } from '@gona/shared/tasks';
import { dayMonthYear } from '@/lib/format';
import { apiFetch } from '@/lib/http';
import { taskKeys, tasksPath } from '../keys';

/** The soonest few; a flock's programme alone may hold twenty. */
const SHOWN = 5;

type Props = {
  farmId: string;
  /** The record the tasks are about. */
  about: { supply_id: string } | { livestock_id: string } | { crop_id: string } | { staff_id: string };
  tasksPath: string;
};

/** A record's open tasks (a supply's, an animal's, a person's), each with its day, and the way to the Tasks screen. */
export function TasksAbout({ farmId, about, tasksPath: screenPath }: Props) {
  const { t } = useTranslation('tasks');
  const [key, id] = Object.entries(about)[0] as [string, string];
  const tasks = useQuery({
    queryKey: [...taskKeys.all(farmId), 'about', key, id],
    queryFn: () =>
      apiFetch<{ open: Task[]; closed: Task[] }>(
        `${tasksPath(farmId)}/about?${key}=${encodeURIComponent(id)}`,
      ),
  });
  const open = tasks.data?.open ?? [];
  const shown = open.slice(0, SHOWN);
  return (
    <section aria-labelledby="record-tasks" className="mt-6 rounded-2xl border border-stone-200 bg-white p-4">
      <h2 id="record-tasks" className="text-lg font-semibold text-stone-900">
        {t('about.title')}
      </h2>
      {tasks.data && open.length === 0 && <p className="mt-1 text-stone-700">{t('about.none')}</p>}
      {open.length > 0 && (
        <ul className="mt-2 divide-y divide-stone-100">
          {shown.map((task) => (
            <li key={task.id} className="py-2">
              <span className="block break-words text-stone-900">{task.title}</span>
              <span className="text-sm text-stone-700">
                {t('row.due', { date: dayMonthYear(task.due_date) })}
                {task.assignees.length > 0 && ` · ${task.assignees.map((person) => person.name).join(', ')}`}
              </span>
            </li>
          ))}
        </ul>
      )}
      {open.length > shown.length && <p className="mt-1 text-sm text-stone-700">{t('about.more')}</p>}
      <Link
        to={screenPath}
        className="mt-2 inline-flex min-h-11 items-center font-medium text-green-800 underline-offset-2 hover:underline"
      >
        {t('about.open')}
      </Link>
    </section>
  );
}
