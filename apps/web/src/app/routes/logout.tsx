import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { signOut } from '@/features/auth/api';
import { stopPush } from '@/features/notifications/push';
import { LoadingScreen } from '@/components/errors/LoadingScreen';
import { safeReturnPath } from '@/lib/format';
import { useSession } from '@/lib/session';

/**
 * Ends the session on the server, clears selected_farm_id, user_farms and the auth entry, then
 * /login (carrying ?redirect= on, so that signing in as someone else comes back, e.g. to an invitation).
 */
export default function LogoutScreen() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { clear } = useSession();
  const [params] = useSearchParams();
  const back = safeReturnPath(params.get('redirect'));
  const to = back ? `/login?${new URLSearchParams({ redirect: back }).toString()}` : '/login';

  useEffect(() => {
    let active = true;
    // Local state is cleared even when the server cannot be reached: the user asked to leave.
    // This phone stops getting their notifications first, while the session can still say whose they were.
    void stopPush()
      .catch(() => undefined)
      .then(signOut)
      .catch(() => undefined)
      .finally(() => {
        clear();
        if (active) void navigate(to, { replace: true });
      });
    return () => {
      active = false;
    };
  }, [clear, navigate, to]);

  return (
    <div aria-label={t('logout.signingOut')}>
      <LoadingScreen />
    </div>
  );
}
