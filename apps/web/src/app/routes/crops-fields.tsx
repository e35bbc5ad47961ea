import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { can } from '@gona/shared/permissions';
import { Button, PageHeader } from '@/components/ui';
import { FieldFormDialog } from '@/features/crops/components/FieldFormDialog';
import { FieldsList } from '@/features/crops/components/FieldsList';
import { useFarmPoint } from '@/features/farms/api';
import { fieldPath, paths } from '@/lib/paths';
import { useSelectedFarm } from '../RequireFarm';

/** /dashboard/crops/fields: the farm's fields (plots), with their soil. */
export default function FieldsScreen() {
  const { t } = useTranslation('crops');
  const { id: farmId, role } = useSelectedFarm();
  const [adding, setAdding] = useState(false);
  const farmPoint = useFarmPoint(farmId);
  const addButton = can(role, 'records.write') && (
    <Button onClick={() => setAdding(true)}>{t('fields.add')}</Button>
  );
  return (
    <>
      <Link
        to={paths.crops}
        className="mb-4 inline-flex min-h-11 items-center gap-2 font-medium text-green-800"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('detail.back')}
      </Link>
      <PageHeader title={t('fields.title')} description={t('fields.description')} action={addButton} />
      <FieldsList
        farmId={farmId}
        role={role}
        fieldPath={fieldPath}
        addAction={addButton}
        farmPoint={farmPoint}
      />
      {adding && <FieldFormDialog farmId={farmId} onClose={() => setAdding(false)} />}
    </>
  );
}
