import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LifeBuoy } from 'lucide-react';
import { Badge, buttonClasses, EmptyState, PagedList } from '@/components/ui';
import { formatDateTime } from '@/lib/format';
import { pageItems } from '@/lib/paged-query';
import { pathTo, paths } from '@/lib/paths';
import { useMySupportRequests } from '../api';
import { SupportStateBadge } from './SupportWords';

/** The person's requests, newest first: what each is about, where it stands and when support answered. */
export function SupportRequestList() {
  const { t } = useTranslation('support');
  const query = useMySupportRequests();
  const items = pageItems(query.data);
  return (
    <section aria-label={t('list.label')}>
      <PagedList
        query={query}
        items={items}
        errorTitle={t('list.error')}
        errorText={(message) => message}
        empty={
          <EmptyState
            icon={LifeBuoy}
            title={t('list.emptyTitle')}
            description={t('list.emptyText')}
            action={
              <Link to={paths.supportNew} className={buttonClasses('primary')}>
                {t('new')}
              </Link>
            }
          />
        }
      >
        {(rows) => (
          <ul className="flex flex-col gap-2">
            {rows.map((r) => (
              <li key={r.id}>
                <Link
                  to={pathTo(paths.supportRequest, { requestId: r.id })}
                  className="flex flex-col gap-1 rounded-xl border border-stone-200 bg-white p-4 hover:border-green-700"
                >
                  <span className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-semibold break-words text-stone-900">{r.subject}</span>
                    <span className="flex gap-1">
                      {r.priority && <Badge tone="green">{t('priority')}</Badge>}
                      <SupportStateBadge state={r.state} />
                    </span>
                  </span>
                  <span className="text-stone-800">{t(`topics.${r.topic}`)}</span>
                  <span className="text-sm text-stone-700">
                    {t('asked', { time: formatDateTime(r.created_at) })}
                    {' · '}
                    {r.last_reply_at
                      ? t('answered', { time: formatDateTime(r.last_reply_at) })
                      : t('expected', { time: formatDateTime(r.reply_due_at) })}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}
