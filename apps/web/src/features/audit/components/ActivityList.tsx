import { useTranslation } from 'react-i18next';
import { History } from 'lucide-react';
import type { AuditLog } from '@gona/shared/audit';
import { EmptyState, PagedList, ResponsiveList, type ListColumn } from '@/components/ui';
import { formatDateTime } from '@/lib/format';
import { pageItems } from '@/lib/paged-query';
import { useMyActivity } from '../api';
import { activitySentence, type SentenceTools } from '../sentence';

type Props = Pick<SentenceTools, 'quantityText'> & {
  /** Whether the user's role on that farm may see money; costs are left out otherwise. */
  canSeeMoney: (farmId: string | null) => boolean;
};

/** The signed-in user's audit log, newest first, one plain sentence per entry, like a farm diary. */
export function ActivityList({ quantityText, canSeeMoney }: Props) {
  const { t, i18n } = useTranslation('activity');
  const activity = useMyActivity();

  const sentence = (log: AuditLog) =>
    activitySentence(log, { t, language: i18n.language, quantityText, showMoney: canSeeMoney(log.farm_id) });
  const who = (log: AuditLog) => log.user_first_name ?? t('activity.someone');
  const time = (log: AuditLog) => formatDateTime(log.created_at, log.farm_timezone ?? undefined);
  const when = (log: AuditLog) => <time dateTime={log.created_at}>{time(log)}</time>;

  const columns: ListColumn<AuditLog>[] = [
    {
      key: 'what',
      header: t('activity.what'),
      render: (log) => <span className="wrap-anywhere">{sentence(log)}</span>,
    },
    { key: 'who', header: t('activity.who'), render: who },
    { key: 'when', header: t('activity.when'), render: when },
  ];

  return (
    <PagedList
      query={activity}
      items={pageItems(activity.data)}
      skeletonRows={4}
      errorTitle={t('activity.loadFailedTitle')}
      errorText={() => t('activity.loadFailed')}
      empty={
        <EmptyState icon={History} title={t('activity.emptyTitle')} description={t('activity.emptyText')} />
      }
    >
      {(items) => (
        <ResponsiveList
          label={t('activity.listLabel')}
          items={items}
          columns={columns}
          getKey={(log) => log.id}
          renderCard={(log) => (
            <div className="flex min-w-0 flex-col gap-1">
              <p className="wrap-anywhere text-stone-900">{sentence(log)}</p>
              <p className="text-sm text-stone-700">
                {t('activity.byAt', { name: who(log), time: time(log) })}
              </p>
            </div>
          )}
        />
      )}
    </PagedList>
  );
}
