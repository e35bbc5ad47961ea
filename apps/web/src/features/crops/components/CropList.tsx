import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Sprout } from 'lucide-react';
import { CROP_STATUSES, type Crop, type CropStatus } from '@gona/shared/crops';
import { can, type FarmRole } from '@gona/shared/permissions';
import {
  Badge,
  EmptyState,
  optionsOf,
  PagedList,
  ResponsiveList,
  SelectField,
  type ListColumn,
} from '@/components/ui';
import { FilterBar } from '@/components/ui/FilterBar';
import { dayMonthYear } from '@/lib/format';
import { useCropList } from '../api';

type Props = {
  farmId: string;
  role: FarmRole;
  cropPath: (cropId: string) => string;
  addAction: React.ReactNode;
};

const STATUS_TONE: Record<CropStatus, 'green' | 'amber' | 'neutral' | 'red'> = {
  planned: 'neutral',
  planted: 'green',
  growing: 'green',
  harvested: 'amber',
  failed: 'red',
};

/** The farm's plantings, newest first: crop and variety, field, where it is now, when it comes in. */
export function CropList({ farmId, role, cropPath, addAction }: Props) {
  const { t } = useTranslation('crops');
  const [status, setStatus] = useState<CropStatus | ''>('');
  const list = useCropList(farmId, status);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  const nameCell = (crop: Crop) => (
    <div className="flex min-w-0 flex-col">
      <Link
        to={cropPath(crop.id)}
        className="font-semibold wrap-anywhere text-green-800 underline-offset-2 hover:underline"
      >
        {crop.crop_name}
      </Link>
      <span className="text-sm wrap-anywhere text-stone-700">
        {[crop.variety_name, crop.field?.name, t('list.area', { area: crop.area_planted })]
          .filter(Boolean)
          .join(' · ')}
      </span>
    </div>
  );
  const nowCell = (crop: Crop) => (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Badge tone={STATUS_TONE[crop.status]}>{t(`statuses.${crop.status}`)}</Badge>
      {crop.current_stage && <span className="text-sm text-stone-800">{crop.current_stage.name}</span>}
    </span>
  );
  const datesCell = (crop: Crop) => (
    <span className="text-sm text-stone-800">
      {t('list.dates', {
        planted: dayMonthYear(crop.planting_date),
        harvest: dayMonthYear(crop.expected_harvest),
      })}
    </span>
  );
  const columns: ListColumn<Crop>[] = [
    { key: 'crop', header: t('list.crop'), render: nameCell },
    { key: 'now', header: t('list.now'), render: nowCell },
    { key: 'dates', header: t('list.when'), render: datesCell },
  ];

  return (
    <section aria-label={t('list.label')} className="flex flex-col gap-4">
      <FilterBar>
        <SelectField
          label={t('list.status')}
          value={status}
          onChange={(e) => setStatus(e.target.value as CropStatus | '')}
          placeholder={t('list.allStatuses')}
          options={optionsOf(CROP_STATUSES, (value) => t(`statuses.${value}`))}
        />
      </FilterBar>
      <PagedList
        query={list}
        items={items}
        skeletonRows={4}
        errorTitle={t('list.errorTitle')}
        errorText={(message) => t('list.errorText', { message })}
        empty={
          <EmptyState
            icon={Sprout}
            title={status ? t('list.noMatchTitle') : t('list.emptyTitle')}
            description={can(role, 'records.write') ? t('list.emptyText') : t('list.emptyTextReader')}
            action={status ? undefined : addAction}
          />
        }
      >
        {(rows) => (
          <ResponsiveList
            label={t('list.label')}
            items={rows}
            columns={columns}
            getKey={(crop) => crop.id}
            renderCard={(crop) => (
              <div className="flex flex-col gap-2">
                {nameCell(crop)}
                {nowCell(crop)}
                {datesCell(crop)}
              </div>
            )}
          />
        )}
      </PagedList>
    </section>
  );
}
