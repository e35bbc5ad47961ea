import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ForgotPasswordForm } from '@/features/auth/components/ForgotPasswordForm';
import { AuthFrame } from '../AuthFrame';

export default function ForgotPasswordScreen() {
  const { t } = useTranslation('auth');
  return (
    <AuthFrame
      title={t('forgot.title')}
      subtitle={t('forgot.subtitle')}
      footer={
        <Link to="/login" className="font-semibold text-green-800 underline">
          {t('forgot.backToLogin')}
        </Link>
      }
    >
      <ForgotPasswordForm />
    </AuthFrame>
  );
}
