import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '@/components/errors/LoadingScreen';
import { InvitationLanding } from '@/features/members/components/InvitationLanding';
import { useFarmSelection } from '@/features/farms/useFarmSelection';
import { useSession } from '@/lib/session';
import { invitePath, paths } from '@/lib/paths';
import { AuthFrame } from '../AuthFrame';

/**
 * /invite/:token, where an invitation mail leads: the farm and the role; Join for the person it was
 * sent to, who then lands on that farm; sign-up or sign-in (and back here) for a visitor.
 */
export default function InviteScreen() {
  const { t } = useTranslation('members');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { status, user } = useSession();
  const { addFarm } = useFarmSelection();
  if (status === 'loading') return <LoadingScreen />;
  const back = encodeURIComponent(invitePath(token));
  return (
    <AuthFrame title={t('landing.title')}>
      <InvitationLanding
        token={token}
        signedInAs={user?.email ?? null}
        links={{
          signUp: (email) => `${paths.signup}?redirect=${back}&email=${encodeURIComponent(email)}`,
          signIn: `${paths.login}?redirect=${back}`,
          signOut: `${paths.logout}?redirect=${back}`,
        }}
        onJoined={async (farm) => {
          addFarm(farm);
          await navigate(paths.dashboard, { replace: true });
        }}
      />
    </AuthFrame>
  );
}
