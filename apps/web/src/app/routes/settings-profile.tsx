import { useTranslation } from 'react-i18next';
import { Button, EmptyState, PageHeader, SkeletonRows } from '@/components/ui';
import { useMe } from '@/features/account/api';
import { ProfileForm } from '@/features/account/components/ProfileForm';
import { useErrorText } from '@/lib/error-text';
import { useSession } from '@/lib/session';

/** /dashboard/settings/profile: your name, phone and language. */
export default function ProfileScreen() {
  const { t } = useTranslation('account');
  const errorText = useErrorText();
  const { refresh } = useSession();
  const me = useMe();
  return (
    <>
      <PageHeader title={t('profile.title')} description={t('profile.subtitle')} />
      {me.isPending ? (
        <SkeletonRows rows={4} />
      ) : me.isError ? (
        <EmptyState
          title={t('profile.loadFailedTitle')}
          description={errorText(me.error)}
          action={<Button onClick={() => void me.refetch()}>{t('profile.tryAgain')}</Button>}
        />
      ) : (
        // A saved profile starts the form afresh from what the server kept.
        <ProfileForm key={JSON.stringify(me.data)} me={me.data} onSaved={refresh} />
      )}
    </>
  );
}
