import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Bell } from 'lucide-react';
import type { Notification } from '@gona/shared/notifications';
import { EmptyState, PagedList, cx } from '@/components/ui';
import { formatDateTime } from '@/lib/format';
import { pageItems } from '@/lib/paged-query';
import { useNotifications } from '../api';

export type NotificationWords = { title: string; body: string };

type Props = {
  /** The notification in the person's language, from the feature it is about. */
  describe: (notification: Notification) => NotificationWords;
  /** Tapped: mark it read, and switch to its farm before its link opens. */
  onOpen: (notification: Notification) => void;
};

/** The person's notifications, newest first; unread ones stand out. Tapping one opens what it is about. */
export function NotificationList({ describe, onOpen }: Props) {
  const { t } = useTranslation('notifications');
  const list = useNotifications();
  return (
    <PagedList
      query={list}
      items={pageItems(list.data)}
      skeletonRows={4}
      errorTitle={t('loadFailedTitle')}
      errorText={(message) => t('loadFailed', { message })}
      empty={<EmptyState icon={Bell} title={t('emptyTitle')} description={t('emptyText')} />}
    >
      {(items) => (
        <ul
          aria-label={t('listLabel')}
          className="mb-4 flex flex-col divide-y divide-stone-100 overflow-hidden rounded-2xl border border-stone-200 bg-white"
        >
          {items.map((notification) => (
            <li key={notification.id}>
              <Item
                notification={notification}
                words={describe(notification)}
                time={formatDateTime(notification.created_at, notification.farm_timezone ?? undefined)}
                onOpen={onOpen}
              />
            </li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}

function Item({
  notification,
  words,
  time,
  onOpen,
}: {
  notification: Notification;
  words: NotificationWords;
  time: string;
  onOpen: Props['onOpen'];
}) {
  const { t } = useTranslation('notifications');
  const unread = notification.read_at === null;
  const content = (
    <>
      <span
        aria-hidden="true"
        className={cx('mt-2 size-2.5 shrink-0 rounded-full', unread ? 'bg-green-700' : 'bg-transparent')}
      />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className={cx('wrap-anywhere text-stone-900', unread ? 'font-semibold' : 'font-normal')}>
          {unread && <span className="sr-only">{t('unread')}: </span>}
          {words.title}
        </span>
        <span className="wrap-anywhere text-sm text-stone-700">{words.body}</span>
        <time dateTime={notification.created_at} className="text-sm text-stone-700">
          {time}
        </time>
      </span>
    </>
  );
  const className = cx(
    'flex w-full min-h-16 items-start gap-3 px-4 py-3 text-left hover:bg-stone-50',
    unread && 'bg-green-50/60',
  );
  const open = (event: MouseEvent) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey) return;
    onOpen(notification);
  };
  return notification.link ? (
    <Link to={notification.link} onClick={open} className={className}>
      {content}
    </Link>
  ) : (
    <button type="button" onClick={open} className={className}>
      {content}
    </button>
  );
}
