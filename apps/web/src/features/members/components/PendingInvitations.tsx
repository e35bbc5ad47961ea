import { useTranslation } from 'react-i18next';
import type { Farm } from '@gona/shared/farms';
import { Button, FormAlert } from '@/components/ui';
import { useJoin, useMyInvitations } from '../api';
import { InvitationSummary } from './roles';

type Props = { onJoined: (farm: Farm) => Promise<void> | void };

/**
 * Where a newcomer would create a first farm: the farms that invited them, one tap to join. Someone
 * who signed up from an invitation lands here after confirming their email, and joins the farm
 * instead of making one. Shows nothing when there are none.
 */
export function PendingInvitations({ onJoined }: Props) {
  const { t } = useTranslation('members');
  const query = useMyInvitations();
  const { join, joining, problem } = useJoin(onJoined, (message) => t('landing.failed', { message }));
  const items = query.data?.items ?? [];
  if (items.length === 0) return null;

  return (
    <section aria-labelledby="pending-invitations-title" className="flex flex-col gap-3">
      <h2 id="pending-invitations-title" className="text-lg font-semibold text-stone-900">
        {t('pending.title')}
      </h2>
      <FormAlert>{problem}</FormAlert>
      <ul className="flex flex-col gap-3">
        {items.map((invitation) => (
          <li
            key={invitation.id}
            className="flex flex-col gap-3 rounded-xl border border-green-200 bg-green-50 p-4"
          >
            <InvitationSummary invitation={invitation} />
            <Button
              fullWidth
              loading={joining === invitation.id}
              disabled={joining !== null}
              onClick={() => void join({ id: invitation.id })}
            >
              {t('landing.join', { farm: invitation.farm_name })}
            </Button>
          </li>
        ))}
      </ul>
      <p className="text-stone-700">{t('pending.orCreate')}</p>
    </section>
  );
}
