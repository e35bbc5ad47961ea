import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SignUpForm } from '@/features/auth/components/SignUpForm';
import { AuthFrame } from '../AuthFrame';

export default function SignUpScreen() {
  const { t } = useTranslation('auth');
  return (
    <AuthFrame
      title={t('signUp.title')}
      subtitle={t('signUp.subtitle')}
      footer={
        <>
          {t('signUp.haveAccount')}{' '}
          <Link to="/login" className="font-semibold text-green-800 underline">
            {t('signUp.logInLink')}
          </Link>
        </>
      }
    >
      <SignUpForm />
    </AuthFrame>
  );
}
