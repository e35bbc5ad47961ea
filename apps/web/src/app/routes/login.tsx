import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SignInForm } from '@/features/auth/components/SignInForm';
import { useSession } from '@/lib/session';
import { AuthFrame } from '../AuthFrame';

/** After sign-in the GuestOnly guard sends the user on (to ?redirect= or the dashboard). */
export default function LoginScreen() {
  const { t } = useTranslation('auth');
  const { refresh } = useSession();
  const [params] = useSearchParams();
  const signupHref = params.has('redirect') ? `/signup?${params.toString()}` : '/signup';
  return (
    <AuthFrame
      title={t('signIn.title')}
      subtitle={t('signIn.subtitle')}
      footer={
        <>
          {t('signIn.noAccount')}{' '}
          <Link to={signupHref} className="font-semibold text-green-800 underline">
            {t('signIn.signUpLink')}
          </Link>
        </>
      }
    >
      <SignInForm onSignedIn={refresh} />
    </AuthFrame>
  );
}
