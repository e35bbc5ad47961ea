import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, UserPlus } from 'lucide-react';
import { can } from '@gona/shared/permissions';
import { buttonClasses, EmptyState, PageHeader, SkeletonRows } from '@/components/ui';
import { HelpLink } from '@/components/ui/HelpLink';
import { isFull, useWorkerCount } from '@/features/staff/api';
import { StaffForm, WorkerCountLine, WorkerLimitNotice } from '@/features/staff/components';
import { paths } from '@/lib/paths';
import { useSelectedFarm } from '../RequireFarm';
import { useStaffAccounts } from '../staff-accounts';

/**
 * /dashboard/add-staff: the form for someone new. A farm whose plan is full is told so before the
 * form opens (the server refuses the add in any case).
 */
export default function AddStaffScreen() {
  const { t } = useTranslation('staff');
  const navigate = useNavigate();
  const { id: farmId, role } = useSelectedFarm();
  const accounts = useStaffAccounts(farmId, role);
  const count = useWorkerCount(farmId);

  if (!can(role, 'staff.manage')) {
    return (
      <EmptyState icon={UserPlus} title={t('form.notAllowedTitle')} description={t('form.notAllowed')} />
    );
  }
  // Offline with no count saved, the form opens: the server checks the limit when the add is sent.
  if (count.isPending && count.fetchStatus !== 'paused') return <SkeletonRows rows={6} />;

  return (
    <>
      <PageHeader
        title={t('form.addTitle')}
        action={<HelpLink slug="add-a-worker">{t('form.help')}</HelpLink>}
      />
      {isFull(count.data) ? (
        <div className="flex max-w-2xl flex-col gap-4">
          <WorkerLimitNotice message={t('limit.message', { limit: count.data?.limit })} />
          <Link to={paths.staff} className={`${buttonClasses('secondary')} self-start`}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t('form.back')}
          </Link>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          {count.data && <WorkerCountLine count={count.data} />}
          <StaffForm
            accounts={accounts}
            farmId={farmId}
            showPay={can(role, 'money.read')}
            listPath={paths.staff}
            onDone={() => void navigate(paths.staff)}
          />
        </div>
      )}
    </>
  );
}
