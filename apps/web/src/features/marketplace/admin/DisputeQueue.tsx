import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNaira } from '@gona/shared/money';
import { Badge, PagedList } from '@/components/ui';
import { formatDateTime } from '@/lib/format';
import { useAdminDisputes } from '../disputes-api';

/** Gona's queue: disputes waiting for a decision first, oldest first, each a link to its page. */
export function DisputeQueue() {
  const { t } = useTranslation('marketplace');
  const query = useAdminDisputes();
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6">
      <h1 className="text-2xl font-bold text-stone-900">{t('disputes.admin.title')}</h1>
      <PagedList
        query={query}
        items={items}
        errorTitle={t('disputes.admin.error')}
        errorText={(message) => message}
        empty={<p className="text-stone-700">{t('disputes.admin.empty')}</p>}
      >
        {(rows) => (
          <ul className="flex flex-col gap-2">
            {rows.map((d) => (
              <li key={d.id}>
                <Link
                  to={`/admin/disputes/${d.id}`}
                  className="flex flex-col gap-1 rounded-xl border border-stone-200 bg-white p-4 hover:border-green-700"
                >
                  <span className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-semibold break-words text-stone-900">{d.listing_title}</span>
                    <Badge tone={d.status === 'resolved' ? 'neutral' : 'amber'}>
                      {d.unanswered
                        ? t('disputes.admin.unanswered')
                        : t(`disputes.admin.statuses.${d.status}`)}
                    </Badge>
                  </span>
                  <span className="text-stone-800">{t(`disputes.reasons.${d.reason}`)}</span>
                  <span className="text-sm break-words text-stone-700">
                    {t('disputes.admin.between', {
                      buyer: d.buyer_name,
                      farm: d.farm_name,
                      total: formatNaira(d.total_kobo),
                      time: formatDateTime(d.created_at),
                    })}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </main>
  );
}
