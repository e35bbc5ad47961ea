import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Map as MapIcon } from 'lucide-react';
import type { Field } from '@gona/shared/crops';
import { can, type FarmRole } from '@gona/shared/permissions';
import { EmptyState, PagedList, ResponsiveList, SkeletonRows, type ListColumn } from '@/components/ui';
import { useFieldList } from '../fields-api';
import type { FarmPoint } from './FieldMap';

/** The map of all fields loads only when the farm has fields (about 70 KB). */
const FieldsMap = lazy(() => import('./FieldMap').then((module) => ({ default: module.FieldsMap })));

type Props = {
  farmId: string;
  role: FarmRole;
  fieldPath: (fieldId: string) => string;
  addAction: React.ReactNode;
  farmPoint: FarmPoint;
};

/** The farm's fields: name, area, how it is held, soil and its latest pH. */
export function FieldsList({ farmId, role, fieldPath, addAction, farmPoint }: Props) {
  const { t } = useTranslation('crops');
  const list = useFieldList(farmId);
  const items = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const nameCell = (field: Field) => (
    <Link
      to={fieldPath(field.id)}
      className="font-semibold wrap-anywhere text-green-800 underline-offset-2 hover:underline"
    >
      {field.name}
    </Link>
  );
  const areaCell = (field: Field) =>
    field.area_ha ? t('list.area', { area: field.area_ha }) : t('fields.noArea');
  const soilCell = (field: Field) =>
    [
      field.tenure ? t(`fields.tenures.${field.tenure}`) : null,
      field.soil_type ? t(`fields.soilTypes.${field.soil_type}`) : null,
      field.latest_ph !== null ? t('fields.ph', { ph: field.latest_ph }) : null,
    ]
      .filter(Boolean)
      .join(' · ');
  const columns: ListColumn<Field>[] = [
    { key: 'name', header: t('fields.name'), render: nameCell },
    { key: 'area', header: t('fields.area'), render: areaCell, numeric: true },
    { key: 'soil', header: t('fields.about'), render: soilCell },
  ];
  return (
    <PagedList
      query={list}
      items={items}
      skeletonRows={3}
      errorTitle={t('fields.errorTitle')}
      errorText={(message) => message}
      empty={
        <EmptyState
          icon={MapIcon}
          title={t('fields.emptyTitle')}
          description={can(role, 'records.write') ? t('fields.emptyText') : t('list.emptyTextReader')}
          action={addAction}
        />
      }
    >
      {(rows) => (
        <div className="flex flex-col gap-6">
          <Suspense fallback={<SkeletonRows rows={4} />}>
            <FieldsMap fields={rows} farmPoint={farmPoint} fieldPath={fieldPath} />
          </Suspense>
          <ResponsiveList
            label={t('fields.title')}
            items={rows}
            columns={columns}
            getKey={(field) => field.id}
            renderCard={(field) => (
              <div className="flex flex-col gap-1">
                <div className="flex items-start justify-between gap-3">
                  {nameCell(field)}
                  <span className="shrink-0 text-sm text-stone-800 tabular-nums">{areaCell(field)}</span>
                </div>
                <span className="text-sm wrap-anywhere text-stone-700">{soilCell(field)}</span>
              </div>
            )}
          />
        </div>
      )}
    </PagedList>
  );
}
