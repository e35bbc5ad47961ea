import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from '@/components/ui';

type FieldProps = Pick<TextFieldProps, 'name' | 'value' | 'error' | 'onChange'>;

/** The new password and its confirmation, as every password form asks for them. */
export function NewPasswordFields({ password, confirm }: { password: FieldProps; confirm: FieldProps }) {
  const { t } = useTranslation('auth');
  return (
    <>
      <TextField
        label={t('fields.newPassword')}
        type="password"
        autoComplete="new-password"
        hint={t('hints.password')}
        {...password}
      />
      <TextField
        label={t('fields.confirmPassword')}
        type="password"
        autoComplete="new-password"
        {...confirm}
      />
    </>
  );
}
