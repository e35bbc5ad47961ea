import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Bell } from 'lucide-react';
import { paths } from '@/lib/paths';
import { useUnreadCount } from '../unread';

/** The bell in the dashboard header: the unread count, and the way to the list. */
export function NotificationBell() {
  const { t } = useTranslation('dashboard');
  const count = useUnreadCount() ?? 0;
  return (
    <Link
      to={paths.notifications}
      aria-label={count > 0 ? t('bell.unread', { count }) : t('bell.label')}
      className="relative inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-green-700"
    >
      <Bell aria-hidden="true" className="size-6" />
      {count > 0 && (
        <span
          aria-hidden="true"
          className="absolute right-0.5 top-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-semibold leading-5 text-white tabular-nums"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
