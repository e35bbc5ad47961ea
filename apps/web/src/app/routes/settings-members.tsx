import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { can } from '@gona/shared/permissions';
import { Button, PageHeader } from '@/components/ui';
import { useFarmSelection } from '@/features/farms/useFarmSelection';
import { InvitationsPanel } from '@/features/members/components/InvitationsPanel';
import { InviteDialog } from '@/features/members/components/InviteDialog';
import { LeaveFarm } from '@/features/members/components/LeaveFarm';
import { MembersPanel } from '@/features/members/components/MembersPanel';
import { TransferOwnership } from '@/features/members/components/TransferOwnership';
import { paths } from '@/lib/paths';
import { useSelectedFarm } from '../RequireFarm';

/**
 * /dashboard/settings/members: who can sign in to the selected farm. Owners and managers invite,
 * change roles and remove; the owner hands the farm over; anyone may leave.
 */
export default function MembersScreen() {
  const { t } = useTranslation('members');
  const farm = useSelectedFarm();
  const navigate = useNavigate();
  const { farms, replaceFarm, removeFarm } = useFarmSelection();
  const [inviting, setInviting] = useState(false);
  const manages = can(farm.role, 'staff.manage');

  return (
    <>
      <PageHeader
        title={t('screen.title', { farm: farm.name })}
        description={t('screen.subtitle')}
        action={manages && <Button onClick={() => setInviting(true)}>{t('screen.invite')}</Button>}
      />
      <div className="flex flex-col gap-8">
        {manages ? (
          <>
            <MembersPanel farmId={farm.id} myRole={farm.role} />
            <InvitationsPanel farmId={farm.id} />
          </>
        ) : (
          <p className="text-stone-700">{t('screen.cannotManage')}</p>
        )}
        {can(farm.role, 'farm.billing') && (
          <TransferOwnership
            farmId={farm.id}
            farmName={farm.name}
            onTransferred={(changed) => replaceFarm({ ...farm, role: changed.role })}
          />
        )}
        <LeaveFarm
          farmId={farm.id}
          farmName={farm.name}
          onLeft={async () => {
            const others = farms.length - 1;
            removeFarm(farm.id);
            await navigate(others > 0 ? paths.selectFarm : paths.createFarm, { replace: true });
          }}
        />
      </div>
      {inviting && <InviteDialog farmId={farm.id} farmName={farm.name} onClose={() => setInviting(false)} />}
    </>
  );
}
