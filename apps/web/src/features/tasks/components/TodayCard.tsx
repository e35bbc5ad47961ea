import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CalendarCheck, ChevronRight } from 'lucide-react';
import { useTodayTasks } from '../api';

type Props = { farmId: string; mine: boolean; tasksPath: string };

/**
 * The first card of /dashboard: how many tasks are due today and overdue, the first few, and the
 * way to the Tasks screen (the spec's sidebar has no Tasks item).
 */
export default function TodayCard({ farmId, mine, tasksPath }: Props) {
  const { t } = useTranslation('dashboard');
  const today = useTodayTasks(farmId, mine);
  const data = today.data;
  const first = data
    ? [...data.overdue.items, ...data.due_today.items.filter((task) => task.status === 'open')]
    : [];
  return (
    <section
      aria-labelledby="today-tasks"
      className="mb-4 rounded-2xl border border-stone-200 bg-white p-4 sm:p-6"
    >
      <Link to={tasksPath} className="flex min-h-11 items-center gap-3">
        <CalendarCheck aria-hidden="true" className="size-6 shrink-0 text-green-700" />
        <span className="flex-1">
          <h2 id="today-tasks" className="text-lg font-semibold text-stone-900">
            {t('home.tasks.title')}
          </h2>
          {data && (
            <span className="text-sm text-stone-700">
              {t('home.tasks.summary', { today: data.due_today.total, overdue: data.overdue.total })}
            </span>
          )}
        </span>
        <ChevronRight aria-hidden="true" className="size-5 text-stone-500" />
      </Link>
      {data && first.length === 0 && <p className="mt-2 text-stone-700">{t('home.tasks.nothing')}</p>}
      {first.length > 0 && (
        <ul className="mt-2 divide-y divide-stone-100">
          {first.slice(0, 3).map((task) => (
            <li key={task.id} className="py-2 break-words text-stone-900">
              {task.title}
            </li>
          ))}
        </ul>
      )}
      {first.length > 3 && (
        <p className="text-sm text-stone-700">{t('home.tasks.more', { count: first.length - 3 })}</p>
      )}
    </section>
  );
}
