import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SUPPORT_STATES, SUPPORT_TOPICS } from '@gona/shared/support';
import { Badge, PagedList, SelectField, optionsOf } from '@/components/ui';
import { CheckboxField } from '@/components/ui/CheckboxField';
import { FilterBar, NoMatch } from '@/components/ui/FilterBar';
import { formatDateTime } from '@/lib/format';
import { pageItems } from '@/lib/paged-query';
import { pathTo, paths } from '@/lib/paths';
import { useDebounced } from '@/lib/use-debounced';
import { SupportStateBadge } from '../components/SupportWords';
import { useSupportQueue, type QueueFilters } from './admin-api';

/**
 * Gona's support queue: priority (Pro) first, then the oldest; by topic, state, waiting for
 * support and assigned to me, and a search of the subject, the person and their farm.
 */
export function SupportQueue() {
  const { t } = useTranslation('support');
  const [topic, setTopic] = useState('');
  const [state, setState] = useState('');
  const [waiting, setWaiting] = useState(true);
  const [mine, setMine] = useState(false);
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const filters: QueueFilters = {
    topic: topic || undefined,
    state: state || undefined,
    waiting_for_support: waiting ? 'true' : undefined,
    mine: mine ? 'true' : undefined,
    q: q || undefined,
  };
  const query = useSupportQueue(filters);
  const items = pageItems(query.data);
  const filtered = Object.values(filters).some(Boolean);
  const clear = () => {
    setTopic('');
    setState('');
    setWaiting(false);
    setMine(false);
    setSearch('');
  };

  return (
    <main className="mx-auto flex w-full max-w-5xl flex-col gap-4 px-4 py-6">
      <h1 className="text-2xl font-bold text-stone-900">{t('admin.title')}</h1>
      <FilterBar search={{ label: t('admin.search'), value: search, onChange: setSearch }}>
        <SelectField
          label={t('admin.topic')}
          placeholder={t('admin.allTopics')}
          value={topic}
          onChange={(e) => setTopic(e.target.value)}
          options={optionsOf(SUPPORT_TOPICS, (v) => t(`topics.${v}`))}
        />
        <SelectField
          label={t('admin.state')}
          placeholder={t('admin.allStates')}
          value={state}
          onChange={(e) => setState(e.target.value)}
          options={optionsOf(SUPPORT_STATES, (v) => t(`states.${v}`))}
        />
        <CheckboxField
          label={t('admin.waitingForSupport')}
          checked={waiting}
          onChange={(e) => setWaiting(e.target.checked)}
        />
        <CheckboxField label={t('admin.mine')} checked={mine} onChange={(e) => setMine(e.target.checked)} />
      </FilterBar>
      <PagedList
        query={query}
        items={items}
        errorTitle={t('admin.error')}
        errorText={(message) => message}
        empty={
          filtered ? (
            <NoMatch
              title={t('admin.noMatch')}
              text={t('admin.noMatchText')}
              clearLabel={t('admin.clear')}
              onClear={clear}
            />
          ) : (
            <p className="text-stone-700">{t('admin.empty')}</p>
          )
        }
      >
        {(rows) => (
          <ul className="flex flex-col gap-2">
            {rows.map((r) => (
              <li key={r.id}>
                <Link
                  to={pathTo(paths.adminSupportRequest, { requestId: r.id })}
                  className="grid gap-1 rounded-xl border border-stone-200 bg-white p-4 hover:border-green-700 md:grid-cols-[1fr_auto]"
                >
                  <span className="flex flex-col gap-1">
                    <span className="font-semibold break-words text-stone-900">{r.subject}</span>
                    <span className="text-sm break-words text-stone-700">
                      {t('admin.who', {
                        name: r.person_name || r.email,
                        email: r.email,
                        farm: r.farm_name ?? t('admin.noFarm'),
                      })}
                    </span>
                    <span className="text-sm text-stone-700">
                      {t(`topics.${r.topic}`)} · {t('asked', { time: formatDateTime(r.created_at) })}
                      {r.assigned_to_name ? ` · ${t('admin.assignedTo', { name: r.assigned_to_name })}` : ''}
                    </span>
                  </span>
                  <span className="flex flex-wrap items-start gap-1 md:justify-end">
                    {r.priority && <Badge tone="green">{t('priority')}</Badge>}
                    {r.by_mail && <Badge tone="neutral">{t('admin.byMail')}</Badge>}
                    <SupportStateBadge state={r.state} />
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
