import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { ForgotPasswordInputSchema } from '@gona/shared/auth';
import { Button, TextField } from '@/components/ui';
import { authErrorText } from '../errors';
import { useSchemaForm } from '@/lib/use-schema-form';
import { requestPasswordReset } from '../api';

export function ForgotPasswordForm() {
  const { t } = useTranslation('auth');
  const { field, pending, submit } = useSchemaForm({ email: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = submit(ForgotPasswordInputSchema, async ({ email }) => {
    try {
      await requestPasswordReset(email);
      setSentTo(email);
    } catch (err) {
      toast.error(authErrorText(err, t));
    }
  });

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
        inputMode="email"
        autoComplete="email"
        {...field('email')}
      />
      <Button type="submit" loading={pending} fullWidth>
        {t('forgot.submit')}
      </Button>
    </form>
  );
}
