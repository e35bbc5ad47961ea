import { useTranslation } from 'react-i18next';
import type { InvitationPreview } from '@gona/shared/members';
import { FARM_ROLES, type FarmRole } from '@gona/shared/permissions';
import { Badge } from '@/components/ui';

/** The roles a person may give: an owner any, a manager any but owner. */
export function roleOptions(scope: 'all' | 'below-owner'): readonly FarmRole[] {
  return scope === 'all' ? FARM_ROLES : FARM_ROLES.filter((role) => role !== 'owner');
}

export function RoleBadge({ role }: { role: FarmRole }) {
  const { t } = useTranslation('members');
  return (
    <Badge tone={role === 'owner' || role === 'manager' ? 'green' : 'neutral'}>
      {t(`roles.${role}.name`)}
    </Badge>
  );
}

/** Who invited the person to which farm, and as what. */
export function InvitationSummary({ invitation }: { invitation: InvitationPreview }) {
  const { t } = useTranslation('members');
  return (
    <>
      <p className="text-stone-900">
        {t('landing.invitedBy', {
          who: invitation.invited_by_name ?? t('landing.someone'),
          farm: invitation.farm_name,
        })}
      </p>
      <p className="flex flex-wrap items-center gap-2 text-stone-800">
        {t('landing.as')} <RoleBadge role={invitation.role} />
      </p>
    </>
  );
}
