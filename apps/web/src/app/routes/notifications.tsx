import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Settings } from 'lucide-react';
import type { Notification } from '@gona/shared/notifications';
import { Button, PageHeader } from '@/components/ui';
import { useFarmSelection } from '@/features/farms/useFarmSelection';
import { useMarkAllRead, useMarkRead } from '@/features/notifications/api';
import { NotificationList } from '@/features/notifications/components/NotificationList';
import { useUnreadCount } from '@/features/notifications/unread';
import { useErrorText } from '@/lib/error-text';
import { paths } from '@/lib/paths';
import { useNotificationWords } from '../notification-words';

/** /dashboard/notifications: every farm's notifications for the signed-in person. */
export default function NotificationsScreen() {
  const { t } = useTranslation('notifications');
  const errorText = useErrorText();
  const describe = useNotificationWords();
  const { farms, selectedFarmId, selectFarm } = useFarmSelection();
  const unread = useUnreadCount() ?? 0;
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const navigate = useNavigate();

  const open = (notification: Notification) => {
    if (!notification.read_at) markRead.mutate(notification.id);
    // A notification about another of the person's farms opens on that farm.
    const farmId = notification.farm_id;
    if (farmId && farmId !== selectedFarmId && farms.some((farm) => farm.id === farmId)) selectFarm(farmId);
    if (!notification.link) void navigate(paths.notifications);
  };

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('subtitle')}
        action={
          <Button
            variant="secondary"
            disabled={unread === 0}
            loading={markAllRead.isPending}
            onClick={() =>
              markAllRead.mutate(undefined, {
                onSuccess: () => toast.success(t('allRead')),
                onError: (error) => toast.error(t('markFailed', { message: errorText(error) })),
              })
            }
          >
            {t('markAllRead')}
          </Button>
        }
      />
      <NotificationList describe={describe} onOpen={open} />
      <Link
        to={paths.settingsNotifications}
        className="inline-flex min-h-11 items-center gap-2 font-medium text-green-800 underline-offset-4 hover:underline"
      >
        <Settings aria-hidden="true" className="size-5" />
        {t('settingsLink')}
      </Link>
    </>
  );
}
