import { useTranslation } from 'react-i18next';
import { can } from '@gona/shared/permissions';
import { PageHeader } from '@/components/ui';
import { ActivityList } from '@/features/audit/components/ActivityList';
import { useFarmSelection } from '@/features/farms/useFarmSelection';
import { useQuantityText } from '@/lib/quantity-text';

export default function ActivityScreen() {
  const { t } = useTranslation('activity');
  const { farms } = useFarmSelection();
  const quantityText = useQuantityText();
  const canSeeMoney = (farmId: string | null) =>
    can(farms.find((farm) => farm.id === farmId)?.role, 'money.read');
  return (
    <>
      <PageHeader title={t('activity.title')} description={t('activity.subtitle')} />
      <ActivityList quantityText={quantityText} canSeeMoney={canSeeMoney} />
    </>
  );
}
