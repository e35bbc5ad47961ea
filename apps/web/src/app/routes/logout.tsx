import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { signOut } from '@/features/auth/api';
import { LoadingScreen } from '@/components/errors/LoadingScreen';
import { useSession } from '@/lib/session';

/** Ends the session on the server, clears selected_farm_id, user_farms and the auth entry, then /login. */
export default function LogoutScreen() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { clear } = useSession();

  useEffect(() => {
    let active = true;
    // Local state is cleared even when the server cannot be reached: the user asked to leave.
    void signOut()
      .catch(() => undefined)
      .finally(() => {
        clear();
        if (active) void navigate('/login', { replace: true });
      });
    return () => {
      active = false;
    };
  }, [clear, navigate]);

  return (
    <div aria-label={t('logout.signingOut')}>
      <LoadingScreen />
    </div>
  );
}
