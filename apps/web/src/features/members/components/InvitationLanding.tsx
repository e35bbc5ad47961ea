import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MailWarning } from 'lucide-react';
import type { Farm } from '@gona/shared/farms';
import type { InvitationPreview } from '@gona/shared/members';
import { Button, buttonClasses, EmptyState, FormAlert, SkeletonRows } from '@/components/ui';
import { useErrorText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format';
import { useInvitationPreview, useJoin } from '../api';
import { InvitationSummary } from './roles';

type Props = {
  token: string;
  /** The signed-in person's address, or null for a visitor. */
  signedInAs: string | null;
  /** Sign-up (for the invited address), sign-in and sign-out, each coming back to this screen. */
  links: { signUp: (email: string) => string; signIn: string; signOut: string };
  onJoined: (farm: Farm) => Promise<void> | void;
};

/**
 * The screen an invitation link opens: which farm, as what, from whom; then Join for the person it
 * was sent to, a way to sign up or sign in for a visitor, and plain words when the link is past
 * its days, withdrawn or used.
 */
export function InvitationLanding({ token, signedInAs, links, onJoined }: Props) {
  const { t } = useTranslation('members');
  const errorText = useErrorText();
  const query = useInvitationPreview(token);
  if (query.isPending) return <SkeletonRows rows={3} />;
  if (query.isError)
    return (
      <EmptyState
        icon={MailWarning}
        title={t('landing.notValidTitle')}
        description={errorText(query.error)}
      />
    );
  const invitation = query.data;
  return (
    <div className="flex flex-col gap-4">
      <InvitationSummary invitation={invitation} />
      <p className="text-sm text-stone-700">{t(`roles.${invitation.role}.hint`)}</p>
      {invitation.status === 'pending' ? (
        <Pending
          invitation={invitation}
          signedInAs={signedInAs}
          links={links}
          onJoined={onJoined}
          token={token}
        />
      ) : (
        <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 font-medium text-amber-900">
          {t(`landing.${invitation.status}`, {
            farm: invitation.farm_name,
            date: formatDateTime(invitation.expires_at),
          })}
        </p>
      )}
    </div>
  );
}

function Pending({
  invitation,
  signedInAs,
  links,
  onJoined,
  token,
}: Omit<Props, 'token'> & { invitation: InvitationPreview; token: string }) {
  const { t } = useTranslation('members');
  const { join, joining, problem } = useJoin(onJoined, (message) => t('landing.failed', { message }));

  if (!signedInAs) {
    return (
      <div className="flex flex-col gap-3">
        <p className="text-stone-800">{t('landing.newHere', { email: invitation.email })}</p>
        <Link to={links.signUp(invitation.email)} className={buttonClasses('primary', true)}>
          {t('landing.signUp')}
        </Link>
        <p className="text-stone-800">{t('landing.haveAccount')}</p>
        <Link to={links.signIn} className={buttonClasses('secondary', true)}>
          {t('landing.signIn')}
        </Link>
      </div>
    );
  }
  if (signedInAs.toLowerCase() !== invitation.email) {
    return (
      <div className="flex flex-col gap-3">
        <p
          role="status"
          className="rounded-lg bg-amber-50 px-3 py-2 font-medium wrap-anywhere text-amber-900"
        >
          {t('landing.otherAccount', { email: invitation.email, signedInAs })}
        </p>
        <Link to={links.signOut} className={buttonClasses('secondary', true)}>
          {t('landing.signOut')}
        </Link>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <FormAlert>{problem}</FormAlert>
      <p className="text-sm text-stone-700">
        {t('landing.worksUntil', { date: formatDateTime(invitation.expires_at) })}
      </p>
      <Button fullWidth loading={joining !== null} onClick={() => void join({ token })}>
        {t('landing.join', { farm: invitation.farm_name })}
      </Button>
    </div>
  );
}
