import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { UpdatePasswordForm } from '@/features/auth/components/UpdatePasswordForm';
import { buttonClasses } from '@/components/ui';
import { leaveLoginNotice } from '@/lib/login-notice';
import { AuthFrame } from '../AuthFrame';

/** The reset mail's link lands here with ?token= (or ?error= when the token was refused). */
export default function UpdatePasswordScreen() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [invalid, setInvalid] = useState(!token || params.has('error'));

  return (
    <AuthFrame title={t('update.title')}>
      {invalid || !token ? (
        <div className="flex flex-col gap-4">
          <p role="alert" className="rounded-lg bg-amber-50 p-4 text-amber-900">
            {t('update.invalidLink')}
          </p>
          <Link to="/forgot-password" className={buttonClasses('primary', true)}>
            {t('update.requestNew')}
          </Link>
        </div>
      ) : (
        <UpdatePasswordForm
          token={token}
          onDone={() => {
            // /login is a page of its own: the confirmation goes with the person to it.
            leaveLoginNotice({ text: t('update.done'), tone: 'success' });
            void navigate('/login', { replace: true });
          }}
          onInvalidLink={() => setInvalid(true)}
        />
      )}
    </AuthFrame>
  );
}
