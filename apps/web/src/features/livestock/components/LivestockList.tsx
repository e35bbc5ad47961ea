import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PawPrint } from 'lucide-react';
import { can, type FarmRole } from '@gona/shared/permissions';
import {
  LIVESTOCK_SPECIES,
  LIVESTOCK_STATUSES,
  type Livestock,
  type LivestockSpecies,
  type LivestockStatus,
} from '@gona/shared/livestock';
import {
  Badge,
  EmptyState,
  optionsOf,
  PagedList,
  ResponsiveList,
  SelectField,
  WaitingList,
  type ListColumn,
} from '@/components/ui';
import { FilterBar, NoMatch } from '@/components/ui/FilterBar';
import { pageItems } from '@/lib/paged-query';
import { useDebounced } from '@/lib/use-debounced';
import { useLivestockList } from '../api';
import type { LivestockFilters } from '../keys';
import { useWaitingLivestock } from '../mutations';
import { animalName, dayMonthYear, useHeadsText } from '../format';

type Props = {
  farmId: string;
  role: FarmRole;
  /** Where an animal's or group's page opens. */
  animalPath: (animalId: string) => string;
  /** The way to add one, for the empty list; absent when the caller may not. */
  addAction?: ReactNode;
};

const NO_FILTERS: LivestockFilters = { search: '', species: '', status: '' };

/**
 * The farm's animals and groups, newest first, with search (name, tag or breed) and species and
 * status filters; cards on phones, a table on wider screens.
 */
export function LivestockList({ farmId, role, animalPath, addAction }: Props) {
  const { t } = useTranslation('livestock');
  const headsText = useHeadsText();
  const [filters, setFilters] = useState<LivestockFilters>(NO_FILTERS);
  const search = useDebounced(filters.search, 300);
  const list = useLivestockList(farmId, { ...filters, search });
  const items = pageItems(list.data);
  const waiting = useWaitingLivestock(farmId);
  const filtered = filters.search !== '' || filters.species !== '' || filters.status !== '';

  const nameCell = (animal: Livestock) => (
    <div className="flex min-w-0 flex-col gap-1">
      <Link
        to={animalPath(animal.id)}
        className="font-semibold wrap-anywhere text-green-800 underline-offset-2 hover:underline"
      >
        {animalName(animal)}
      </Link>
      <span className="text-sm wrap-anywhere text-stone-700">
        {[t(`species.${animal.species}`), animal.breed, animal.kind === 'individual' ? animal.tag : null]
          .filter(Boolean)
          .join(' · ')}
      </span>
    </div>
  );
  const headsCell = (animal: Livestock) => headsText(animal.head_count, animal.species);
  const statusCell = (animal: Livestock) => (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Badge tone={animal.status === 'active' ? 'green' : 'neutral'}>{t(`statuses.${animal.status}`)}</Badge>
      {animal.withdrawal_until && (
        <Badge tone="amber">{t('withdrawal.short', { date: dayMonthYear(animal.withdrawal_until) })}</Badge>
      )}
    </span>
  );

  const columns: ListColumn<Livestock>[] = [
    { key: 'name', header: t('list.name'), render: nameCell },
    { key: 'heads', header: t('list.heads'), render: headsCell, numeric: true },
    { key: 'status', header: t('list.status'), render: statusCell },
  ];

  return (
    <section aria-label={t('list.label')} className="flex flex-col gap-4">
      <FilterBar
        search={{
          label: t('list.search'),
          placeholder: t('list.searchPlaceholder'),
          value: filters.search,
          onChange: (search) => setFilters((f) => ({ ...f, search })),
        }}
      >
        <SelectField
          label={t('list.species')}
          value={filters.species}
          onChange={(e) => setFilters((f) => ({ ...f, species: e.target.value as LivestockSpecies | '' }))}
          placeholder={t('list.allSpecies')}
          options={optionsOf(LIVESTOCK_SPECIES, (species) => t(`species.${species}`))}
        />
        <SelectField
          label={t('list.status')}
          value={filters.status}
          onChange={(e) => setFilters((f) => ({ ...f, status: e.target.value as LivestockStatus | '' }))}
          placeholder={t('list.allStatuses')}
          options={optionsOf(LIVESTOCK_STATUSES, (status) => t(`statuses.${status}`))}
        />
      </FilterBar>

      <WaitingList
        label={t('list.waitingLabel')}
        items={waiting.map((animal) => ({
          id: animal.id,
          name: animal.name ?? animal.tag ?? '',
          detail: `${t(`species.${animal.species}`)} · ${t('list.waiting')}`,
        }))}
      />

      <PagedList
        query={list}
        items={items}
        skeletonRows={4}
        errorTitle={t('list.errorTitle')}
        errorText={(message) => t('list.errorText', { message })}
        empty={
          filtered ? (
            <NoMatch
              title={t('list.noMatchTitle')}
              text={t('list.noMatchText')}
              clearLabel={t('list.clearFilters')}
              onClear={() => setFilters(NO_FILTERS)}
            />
          ) : (
            <EmptyState
              icon={PawPrint}
              title={t('list.emptyTitle')}
              description={can(role, 'records.write') ? t('list.emptyText') : t('list.emptyTextReader')}
              action={addAction}
            />
          )
        }
      >
        {(rows) => (
          <ResponsiveList
            label={t('list.label')}
            items={rows}
            columns={columns}
            getKey={(animal) => animal.id}
            renderCard={(animal) => (
              <div className="flex flex-col gap-2">
                <div className="flex items-start justify-between gap-3">
                  {nameCell(animal)}
                  <span className="max-w-[45%] shrink-0 text-right text-sm wrap-anywhere text-stone-800 tabular-nums">
                    {headsCell(animal)}
                  </span>
                </div>
                {statusCell(animal)}
              </div>
            )}
          />
        )}
      </PagedList>
    </section>
  );
}
