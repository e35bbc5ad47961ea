import { useTranslation } from 'react-i18next';
import { History } from 'lucide-react';
import { EmptyState, ResponsiveList, SkeletonRows, type ListColumn } from '@/components/ui';
import { formatDateTime } from '@/lib/format';
import { useMyActivity, type AuditLog } from '../api';

/** The signed-in user's audit log, newest first, in plain words. */
export function ActivityList() {
  const { t } = useTranslation('dashboard');
  const activity = useMyActivity();

  if (activity.isPending) return <SkeletonRows rows={4} />;
  if (activity.isError && !activity.data) {
    return <EmptyState icon={History} title={t('activity.emptyTitle')} description={t('activity.loadFailed')} />;
  }
  if (activity.data.length === 0) {
    return <EmptyState icon={History} title={t('activity.emptyTitle')} description={t('activity.emptyText')} />;
  }

  const what = (log: AuditLog) => {
    const action = t(`activity.actions.${log.action}`, { defaultValue: log.action });
    const table = t(`activity.tables.${log.table_name}`, { defaultValue: log.table_name.replace(/_/g, ' ') });
    return `${action} ${table}`;
  };

  const columns: ListColumn<AuditLog>[] = [
    { key: 'what', header: t('activity.what'), render: what },
    { key: 'record', header: t('activity.record'), render: (log) => <RecordLabel log={log} /> },
    { key: 'when', header: t('activity.when'), render: (log) => <time dateTime={log.created_at}>{formatDateTime(log.created_at)}</time> },
  ];

  return <ResponsiveList label={t('activity.listLabel')} items={activity.data} columns={columns} getKey={(log) => log.id} />;
}

/** The record's own name when the change carries one, else a short id. */
function RecordLabel({ log }: { log: AuditLog }) {
  const changes = log.changes;
  const name =
    typeof changes === 'object' && changes !== null && 'name' in changes && typeof changes.name === 'string' ? changes.name : null;
  return <span title={log.record_id}>{name ?? log.record_id.slice(0, 8)}</span>;
}
