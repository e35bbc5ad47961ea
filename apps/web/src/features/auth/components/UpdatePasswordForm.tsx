import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { UpdatePasswordInputSchema } from '@gona/shared/auth';
import { Button } from '@/components/ui';
import { ApiError } from '@/lib/http';
import { authErrorText } from '../errors';
import { useSchemaForm } from '@/lib/use-schema-form';
import { NewPasswordFields } from './NewPasswordFields';
import { resetPassword } from '../api';

type Props = {
  token: string;
  onDone: () => void;
  onInvalidLink: () => void;
};

export function UpdatePasswordForm({ token, onDone, onInvalidLink }: Props) {
  const { t } = useTranslation('auth');
  const { field, pending, submit } = useSchemaForm({ password: '', confirm: '' });

  const onSubmit = submit(UpdatePasswordInputSchema, async ({ password }) => {
    try {
      await resetPassword({ newPassword: password, token });
      toast.success(t('update.done'));
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && /token/i.test(error.code)) onInvalidLink();
      else toast.error(authErrorText(error, t));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <NewPasswordFields password={field('password')} confirm={field('confirm')} />
      <Button type="submit" loading={pending} fullWidth>
        {t('update.submit')}
      </Button>
    </form>
  );
}
