import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button, ConfirmDialog, TextField } from '@/components/ui';
import { ApiError } from '@/lib/http';
import { authErrorText } from '../errors';
import { useSchemaForm } from '@/lib/use-schema-form';
import { resendConfirmation, signIn } from '../api';
import { SignInCheck } from '../sign-in-check';

/** The spec's pause between the "not confirmed" toast and the resend question. */
export const RESEND_PROMPT_DELAY_MS = 1000;

type Props = {
  /** Called once the server accepted the credentials (the session cookie is set). */
  onSignedIn: () => Promise<void>;
};

export function SignInForm({ onSignedIn }: Props) {
  const { t } = useTranslation('auth');
  const { field, setErrors, pending, submit } = useSchemaForm({ email: '', password: '' });
  const [resendEmail, setResendEmail] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const promptTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(promptTimer.current), []);

  const onSubmit = submit(SignInCheck, async (credentials) => {
    try {
      await signIn(credentials);
      await onSignedIn();
    } catch (error) {
      handleSignInError(error, credentials.email);
    }
  });

  function handleSignInError(error: unknown, email: string) {
    if (!(error instanceof ApiError)) {
      toast.error(t('failed'));
      return;
    }
    if (error.code === 'EMAIL_NOT_VERIFIED') {
      toast.warning(t('signIn.emailNotConfirmed'));
      window.clearTimeout(promptTimer.current);
      promptTimer.current = window.setTimeout(() => setResendEmail(email), RESEND_PROMPT_DELAY_MS);
    } else if (error.code === 'INVALID_EMAIL_OR_PASSWORD' || error.status === 401) {
      toast.error(t('signIn.invalid'));
    } else if (error.code === 'VALIDATION' && Object.keys(error.fields).length > 0) {
      setErrors(error.fields);
    } else {
      toast.error(authErrorText(error, t));
    }
  }

  async function onResend() {
    if (!resendEmail) return;
    setResending(true);
    try {
      await resendConfirmation(resendEmail);
      toast.success(t('resend.sent'));
    } catch {
      toast.error(t('resend.failed'));
    } finally {
      setResending(false);
      setResendEmail(null);
    }
  }

  return (
    <>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          {...field('email')}
        />
        <TextField
          label={t('fields.password')}
          type="password"
          autoComplete="current-password"
          {...field('password')}
        />
        <div className="-mt-2 text-right">
          <Link
            to="/forgot-password"
            className="inline-flex min-h-11 items-center font-medium text-green-800 underline-offset-2 hover:underline"
          >
            {t('signIn.forgot')}
          </Link>
        </div>
        <Button type="submit" loading={pending} fullWidth>
          {t('signIn.submit')}
        </Button>
      </form>
      <ConfirmDialog
        open={resendEmail !== null}
        title={t('signIn.resendPrompt')}
        confirmLabel={t('yes', { ns: 'common' })}
        cancelLabel={t('no', { ns: 'common' })}
        onConfirm={() => void onResend()}
        onCancel={() => setResendEmail(null)}
        pending={resending}
      />
    </>
  );
}
