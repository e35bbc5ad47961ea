import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from '@/features/auth/components/ChangePasswordForm';
import { PageHeader } from '@/components/ui';

export default function AccountScreen() {
  const { t } = useTranslation('dashboard');
  return (
    <>
      <PageHeader title={t('screens.account.title')} />
      <ChangePasswordForm />
    </>
  );
}
