import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { UserPen } from 'lucide-react';
import { can } from '@gona/shared/permissions';
import { EmptyState, PageHeader } from '@/components/ui';
import { DetailState } from '@/components/ui/DetailState';
import { isFull, useStaffMember, useWorkerCount } from '@/features/staff/api';
import { useShownMember } from '@/features/staff/mutations';
import { StaffForm, StaffStatusActions } from '@/features/staff/components';
import { TasksAbout } from '@/features/tasks/components/TasksAbout';
import { paths } from '@/lib/paths';
import { useSelectedFarm } from '../RequireFarm';
import { useStaffAccounts } from '../staff-accounts';

/** /dashboard/staff/edit/:id (the staff member's id): their record, whether they still work here, and deleting it. */
export default function EditStaffScreen() {
  const { t } = useTranslation('staff');
  const navigate = useNavigate();
  const { id: staffId = '' } = useParams();
  const { id: farmId, role } = useSelectedFarm();
  const accounts = useStaffAccounts(farmId, role);
  const query = useStaffMember(farmId, staffId);
  const shown = useShownMember(farmId);
  const count = useWorkerCount(farmId).data;

  if (!can(role, 'staff.manage')) {
    return <EmptyState icon={UserPen} title={t('form.notAllowedTitle')} description={t('form.notAllowed')} />;
  }
  if (!query.data) {
    return (
      <DetailState
        query={query}
        skeletonRows={6}
        icon={UserPen}
        notFoundTitle={t('form.loadFailed')}
        notFoundText={t('form.notFound')}
        errorTitle={t('form.loadFailed')}
      />
    );
  }

  const member = shown(query.data);
  return (
    <>
      <PageHeader title={t('form.editTitle', { name: member.name })} />
      <div className="flex flex-col gap-8">
        <StaffForm
          // A new version (saved, marked as left, or reloaded after someone else's change) starts the form afresh.
          // The listed copy shown first has no photo; the record's own answer starts it again with it.
          key={`${member.id}/${member.version}/${query.data.photos ? 'full' : 'listed'}`}
          farmId={farmId}
          member={member}
          accounts={accounts}
          photos={query.data.photos}
          showPay={can(role, 'money.read')}
          listPath={paths.staff}
          onDone={() => void navigate(paths.staff)}
          onReload={() => void query.refetch()}
        />
        <StaffStatusActions
          farmId={farmId}
          member={member}
          limitMessage={isFull(count) ? t('limit.message', { limit: count?.limit }) : null}
          choosePath={can(role, 'farm.billing') ? paths.subscription : null}
          onDeleted={() => void navigate(paths.staff, { replace: true })}
        />
        <TasksAbout farmId={farmId} about={{ staff_id: member.id }} tasksPath={paths.tasks} />
      </div>
    </>
  );
}
