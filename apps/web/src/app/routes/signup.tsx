import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SignUpForm } from '@/features/auth/components/SignUpForm';
import { AuthFrame } from '../AuthFrame';

export default function SignUpScreen() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  // Coming from an invitation: sign-in from here goes back to it too.
  const redirect = params.get('redirect');
  const loginHref = redirect ? `/login?${new URLSearchParams({ redirect }).toString()}` : '/login';
  return (
    <AuthFrame
      title={t('signUp.title')}
      subtitle={t('signUp.subtitle')}
      footer={
        <>
          {t('signUp.haveAccount')}{' '}
          <Link to={loginHref} className="font-semibold text-green-800 underline">
            {t('signUp.logInLink')}
          </Link>
        </>
      }
    >
      <SignUpForm email={params.get('email') ?? ''} refCode={params.get('ref') ?? undefined} />
    </AuthFrame>
  );
}
