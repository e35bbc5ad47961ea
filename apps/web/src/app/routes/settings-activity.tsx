import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui';
import { ActivityList } from '@/features/audit/components/ActivityList';

export default function ActivityScreen() {
  const { t } = useTranslation('dashboard');
  return (
    <>
      <PageHeader title={t('activity.title')} description={t('activity.subtitle')} />
      <ActivityList />
    </>
  );
}
