import { useTranslation } from 'react-i18next';
import { Button, EmptyState, PageHeader, SkeletonRows } from '@/components/ui';
import { useNotificationSettings } from '@/features/notifications/api';
import { NotificationSettingsForm } from '@/features/notifications/components/NotificationSettingsForm';
import { PushOnThisPhone } from '@/features/notifications/components/PushOnThisPhone';
import { useErrorText } from '@/lib/error-text';

/** Settings › Notifications. */
export default function NotificationSettingsScreen() {
  const { t } = useTranslation('notifications');
  const { t: common } = useTranslation('common');
  const errorText = useErrorText();
  const settings = useNotificationSettings();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-8">
      <PageHeader title={t('settings.title')} description={t('settings.subtitle')} />
      {settings.data ? (
        <>
          <PushOnThisPhone publicKey={settings.data.push_public_key} />
          <NotificationSettingsForm key={settings.data.version} settings={settings.data} />
        </>
      ) : settings.isError || settings.fetchStatus === 'paused' ? (
        <EmptyState
          title={t('settings.loadFailedTitle')}
          description={settings.isError ? errorText(settings.error) : common('errors.network')}
          action={<Button onClick={() => void settings.refetch()}>{common('errors.tryAgain')}</Button>}
        />
      ) : (
        <SkeletonRows rows={4} />
      )}
    </div>
  );
}
