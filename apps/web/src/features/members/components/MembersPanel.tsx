import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Users } from 'lucide-react';
import type { FarmRole } from '@gona/shared/permissions';
import type { Member } from '@gona/shared/members';
import {
  Badge,
  Button,
  ConfirmDialog,
  Dialog,
  EmptyState,
  FormAlert,
  optionsOf,
  PagedList,
  ResponsiveList,
  SelectField,
} from '@/components/ui';
import { useErrorText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format';
import { pageItems } from '@/lib/paged-query';
import { useChangeRole, useMembers, useRemoveMember } from '../api';
import { RoleBadge, roleOptions } from './roles';

type Props = {
  farmId: string;
  /** The signed-in person's role here: only an owner touches owners. */
  myRole: FarmRole;
};

/** Who can sign in to the farm, with a Manage button per person (change role, remove). */
export function MembersPanel({ farmId, myRole }: Props) {
  const { t } = useTranslation('members');
  const query = useMembers(farmId);
  const members = pageItems(query.data);
  const [managing, setManaging] = useState<Member | null>(null);
  const name = (m: Member) => t('fullName', { first: m.first_name, last: m.last_name });

  const who = (m: Member) => (
    <span className="flex min-w-0 flex-col">
      <span className="font-semibold wrap-anywhere text-stone-900">
        {name(m)}
        {m.is_you && (
          <Badge tone="neutral" className="ms-2">
            {t('you')}
          </Badge>
        )}
      </span>
      <span className="text-sm wrap-anywhere text-stone-700">{m.email}</span>
    </span>
  );
  const role = (m: Member) => (
    <span className="flex flex-wrap gap-1">
      <RoleBadge role={m.role} />
      {m.is_farm_owner && <Badge tone="amber">{t('namedOwner')}</Badge>}
    </span>
  );
  const manage = (m: Member) =>
    mayManage(myRole, m) ? (
      <Button
        variant="secondary"
        onClick={() => setManaging(m)}
        aria-label={t('manageNamed', { name: name(m) })}
      >
        {t('manage')}
      </Button>
    ) : null;

  return (
    <section aria-labelledby="members-title" className="flex flex-col gap-3">
      <h2 id="members-title" className="text-lg font-semibold text-stone-900">
        {t('list.title')}
      </h2>
      <PagedList
        query={query}
        items={members}
        errorTitle={t('list.loadFailedTitle')}
        errorText={(message) => t('list.loadFailed', { message })}
        empty={<EmptyState icon={Users} title={t('list.emptyTitle')} description={t('list.empty')} />}
      >
        {(items) => (
          <ResponsiveList
            label={t('list.label')}
            items={items}
            getKey={(m) => m.user_id}
            columns={[
              { key: 'who', header: t('list.who'), render: who },
              { key: 'role', header: t('list.role'), render: role },
              { key: 'joined', header: t('list.joined'), render: (m) => formatDateTime(m.joined_at) },
              { key: 'manage', header: t('list.actions'), render: manage },
            ]}
            renderCard={(m) => (
              <div className="flex flex-col gap-3">
                {who(m)}
                <div className="flex flex-wrap items-center justify-between gap-2">
                  {role(m)}
                  {manage(m)}
                </div>
              </div>
            )}
          />
        )}
      </PagedList>
      {managing && (
        <ManageMember
          key={managing.user_id}
          farmId={farmId}
          member={managing}
          myRole={myRole}
          onClose={() => setManaging(null)}
        />
      )}
    </section>
  );
}

/** Owners may manage anyone; a manager anyone but an owner. */
function mayManage(myRole: FarmRole, member: Member): boolean {
  if (myRole === 'owner') return true;
  return myRole === 'manager' && member.role !== 'owner';
}

function ManageMember({
  farmId,
  member,
  myRole,
  onClose,
}: {
  farmId: string;
  member: Member;
  myRole: FarmRole;
  onClose: () => void;
}) {
  const { t } = useTranslation('members');
  const errorText = useErrorText();
  const changeRole = useChangeRole(farmId);
  const remove = useRemoveMember(farmId);
  const [role, setRole] = useState<FarmRole>(member.role);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const name = t('fullName', { first: member.first_name, last: member.last_name });

  const save = async () => {
    setProblem(null);
    try {
      await changeRole.mutateAsync({ userId: member.user_id, role });
      toast.success(t('manageDialog.roleChanged', { name, role: t(`roles.${role}.name`) }));
      onClose();
    } catch (error) {
      setProblem(t('manageDialog.failed', { message: errorText(error) }));
    }
  };

  const confirmRemove = async () => {
    setProblem(null);
    try {
      await remove.mutateAsync(member.user_id);
      toast.success(t('manageDialog.removed', { name }));
      onClose();
    } catch (error) {
      setConfirming(false);
      setProblem(t('manageDialog.failed', { message: errorText(error) }));
    }
  };

  return (
    <>
      <Dialog
        open
        onClose={onClose}
        title={t('manageDialog.title', { name })}
        dirty={role !== member.role}
        footer={
          <>
            <Button variant="secondary" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button
              onClick={() => void save()}
              loading={changeRole.isPending}
              disabled={role === member.role}
            >
              {t('manageDialog.saveRole')}
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-4">
          <FormAlert>{problem}</FormAlert>
          <SelectField
            label={t('manageDialog.role')}
            value={role}
            onChange={(e) => setRole(e.target.value as FarmRole)}
            hint={t(`roles.${role}.hint`)}
            options={optionsOf(roleOptions(myRole === 'owner' ? 'all' : 'below-owner'), (value) =>
              t(`roles.${value}.name`),
            )}
          />
          <div className="border-t border-stone-200 pt-4">
            <p className="text-stone-700">{t('manageDialog.removeExplain', { name })}</p>
            <Button variant="danger" className="mt-3" onClick={() => setConfirming(true)}>
              {t('manageDialog.remove')}
            </Button>
          </div>
        </div>
      </Dialog>
      <ConfirmDialog
        open={confirming}
        title={t('manageDialog.removeConfirmTitle', { name })}
        message={t('manageDialog.removeExplain', { name })}
        confirmLabel={t('manageDialog.remove')}
        cancelLabel={t('manageDialog.keep')}
        confirmVariant="danger"
        pending={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
