import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { fieldErrors } from '@gona/shared/errors';
import { ForgotPasswordInputSchema } from '@gona/shared/auth';
import { Button, TextField } from '@/components/ui';
import { ApiError } from '@/lib/http';
import { requestPasswordReset } from '../api';

export function ForgotPasswordForm() {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ForgotPasswordInputSchema.safeParse({ email });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error).email);
      return;
    }
    setError(undefined);
    setPending(true);
    try {
      await requestPasswordReset(parsed.data.email);
      setSentTo(parsed.data.email);
    } catch (err) {
      toast.error(err instanceof ApiError && err.status !== 0 ? err.message : t('failed'));
    } finally {
      setPending(false);
    }
  }

  if (sentTo) {
    return (
      <p role="status" className="rounded-lg bg-green-50 p-4 text-green-900">
        {t('forgot.sent', { email: sentTo })}
      </p>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <TextField
        label={t('fields.email')}
        type="email"
        name="email"
        inputMode="email"
        autoComplete="email"
        value={email}
        error={error}
        onChange={(e) => setEmail(e.target.value)}
      />
      <Button type="submit" loading={pending} fullWidth>
        {t('forgot.submit')}
      </Button>
    </form>
  );
}
