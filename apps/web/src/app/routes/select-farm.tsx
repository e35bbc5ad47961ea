import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Tractor } from 'lucide-react';
import { EmptyState, PageHeader, SkeletonRows } from '@/components/ui';
import { AddFarmLink } from '@/features/farms/components/AddFarmLink';
import { FarmPicker } from '@/features/farms/components/FarmPicker';
import { useFarmSelection } from '@/features/farms/useFarmSelection';
import { paths } from '@/lib/paths';

export default function SelectFarmScreen() {
  const { t } = useTranslation('farms');
  const navigate = useNavigate();
  const { farms, ready } = useFarmSelection();
  const addFarm = <AddFarmLink />;
  return (
    <>
      <PageHeader title={t('farms.selectTitle')} description={t('farms.selectSubtitle')} action={addFarm} />
      {farms.length > 0 ? (
        <FarmPicker onPicked={() => void navigate(paths.dashboard)} />
      ) : ready ? (
        <EmptyState
          icon={Tractor}
          title={t('farms.emptyTitle')}
          description={t('farms.emptyText')}
          action={addFarm}
        />
      ) : (
        <SkeletonRows rows={2} />
      )}
    </>
  );
}
