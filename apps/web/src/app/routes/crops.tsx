import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '@gona/shared/permissions';
import { Link } from 'react-router';
import { Map as MapIcon } from 'lucide-react';
import { Button, buttonClasses, PageHeader } from '@/components/ui';
import { CropFormDialog } from '@/features/crops/components/CropFormDialog';
import { CropList } from '@/features/crops/components/CropList';
import { PlanSeasonDialog } from '@/features/crops/components/PlanSeasonDialog';
import { cropPath, paths } from '@/lib/paths';
import { useSelectedFarm } from '../RequireFarm';

/** /dashboard/crops: the farm's plantings, planning a season, adding one crop. */
export default function CropsScreen() {
  const { t } = useTranslation('crops');
  const { id: farmId, role } = useSelectedFarm();
  const [open, setOpen] = useState<'add' | 'plan' | null>(null);
  const writer = can(role, 'records.write');
  const addButton = writer && (
    <Button variant="secondary" onClick={() => setOpen('add')}>
      {t('add')}
    </Button>
  );
  const fieldsLink = (
    <Link to={paths.fields} className={buttonClasses('ghost')}>
      <MapIcon aria-hidden="true" className="size-4" />
      {t('fields.title')}
    </Link>
  );
  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        action={
          writer ? (
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => setOpen('plan')}>{t('planSeason')}</Button>
              {addButton}
              {fieldsLink}
            </div>
          ) : (
            fieldsLink
          )
        }
      />
      <CropList farmId={farmId} role={role} cropPath={cropPath} addAction={addButton} />
      {open === 'add' && <CropFormDialog farmId={farmId} onClose={() => setOpen(null)} />}
      {open === 'plan' && <PlanSeasonDialog farmId={farmId} onClose={() => setOpen(null)} />}
    </>
  );
}
