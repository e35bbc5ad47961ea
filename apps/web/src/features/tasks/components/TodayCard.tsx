import { useTranslation } from 'react-i18next';
import { CalendarCheck } from 'lucide-react';
import { DashboardCard } from '@/components/ui/DashboardCard';
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
    <DashboardCard
      id="today-tasks"
      icon={CalendarCheck}
      title={t('home.tasks.title')}
      summary={
        data
          ? t('home.tasks.summary', { today: data.due_today.total, overdue: data.overdue.total })
          : undefined
      }
      to={tasksPath}
    >
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
    </DashboardCard>
  );
}
