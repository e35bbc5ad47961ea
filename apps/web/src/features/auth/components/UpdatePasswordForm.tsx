import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { fieldErrors } from '@gona/shared/errors';
import { UpdatePasswordInputSchema } from '@gona/shared/auth';
import { Button, TextField } from '@/components/ui';
import { ApiError } from '@/lib/http';
import { resetPassword } from '../api';

type Props = {
  token: string;
  onDone: () => void;
  onInvalidLink: () => void;
};

export function UpdatePasswordForm({ token, onDone, onInvalidLink }: Props) {
  const { t } = useTranslation('auth');
  const [values, setValues] = useState({ password: '', confirm: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = UpdatePasswordInputSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await resetPassword({ newPassword: parsed.data.password, token });
      toast.success(t('update.done'));
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && /token/i.test(error.code)) onInvalidLink();
      else toast.error(error instanceof ApiError && error.status !== 0 ? error.message : t('failed'));
    } finally {
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <TextField
        label={t('fields.newPassword')}
        type="password"
        name="password"
        autoComplete="new-password"
        hint={t('hints.password')}
        value={values.password}
        error={errors.password}
        onChange={(e) => setValues({ ...values, password: e.target.value })}
      />
      <TextField
        label={t('fields.confirmPassword')}
        type="password"
        name="confirm"
        autoComplete="new-password"
        value={values.confirm}
        error={errors.confirm}
        onChange={(e) => setValues({ ...values, confirm: e.target.value })}
      />
      <Button type="submit" loading={pending} fullWidth>
        {t('update.submit')}
      </Button>
    </form>
  );
}
