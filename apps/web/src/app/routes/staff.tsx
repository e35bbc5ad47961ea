import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import { can } from '@gona/shared/permissions';
import { buttonClasses, PageHeader } from '@/components/ui';
import { isFull, useWorkerCount } from '@/features/staff/api';
import { staffExportUrl } from '@/features/staff/keys';
import { StaffList, WorkerCountLine, WorkerLimitNotice } from '@/features/staff/components';
import { paths, staffEditPath } from '@/lib/paths';
import { useSelectedFarm } from '../RequireFarm';

/**
 * /dashboard/staff: the people who work on the farm, active first, with "8 of 10 workers" against
 * the plan; when the plan is full, its words and the way to Pro take the place of Add staff.
 */
export default function StaffScreen() {
  const { t } = useTranslation('staff');
  const { id: farmId, role } = useSelectedFarm();
  const count = useWorkerCount(farmId).data;
  const canManage = can(role, 'staff.manage');
  const full = isFull(count);
  const addLink = (
    <Link to={paths.addStaff} className={buttonClasses('primary')}>
      {t('add')}
    </Link>
  );

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} action={canManage && !full && addLink} />
      <div className="flex flex-col gap-6">
        {count && <WorkerCountLine count={count} />}
        {canManage && full && <WorkerLimitNotice message={t('limit.message', { limit: count?.limit })} />}
        <StaffList
          farmId={farmId}
          role={role}
          editPath={staffEditPath}
          addAction={canManage && !full ? addLink : undefined}
        />
        <div className="flex flex-wrap gap-2 border-t border-stone-200 pt-4">
          <a href={staffExportUrl(farmId)} download className={buttonClasses('secondary')}>
            <Download aria-hidden="true" className="size-4" />
            {t('export')}
          </a>
        </div>
      </div>
    </>
  );
}
