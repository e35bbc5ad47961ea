import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { ChangePasswordInputSchema } from '@gona/shared/auth';
import { Button, FormAlert, TextField } from '@/components/ui';
import { ApiError } from '@/lib/http';
import { authErrorText } from '../errors';
import { useSchemaForm } from '@/lib/use-schema-form';
import { NewPasswordFields } from './NewPasswordFields';
import { changePassword } from '../api';

const EMPTY = { current_password: '', password: '', confirm: '' };

/** Settings › Account: a new password for a signed-in person, who stays signed in here only. */
export function ChangePasswordForm() {
  const { t } = useTranslation('auth');
  const { field, pending, submit, setErrors, setField } = useSchemaForm(EMPTY);
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = submit(ChangePasswordInputSchema, async (input) => {
    setFailure(null);
    try {
      await changePassword(input);
      for (const name of Object.keys(EMPTY) as (keyof typeof EMPTY)[]) setField(name, '');
      toast.success(t('change.done'));
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length) setErrors(error.fields);
      else setFailure(t('change.failed', { message: authErrorText(error, t) }));
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="change-password-title"
      className="flex max-w-md flex-col gap-4"
    >
      <h2 id="change-password-title" className="text-lg font-semibold text-stone-900">
        {t('change.title')}
      </h2>
      <p className="text-stone-700">{t('change.intro')}</p>
      <FormAlert>{failure}</FormAlert>
      <TextField
        label={t('fields.currentPassword')}
        type="password"
        autoComplete="current-password"
        {...field('current_password')}
      />
      <NewPasswordFields password={field('password')} confirm={field('confirm')} />
      <Button type="submit" loading={pending}>
        {t('change.submit')}
      </Button>
    </form>
  );
}
