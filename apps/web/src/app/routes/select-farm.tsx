import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Plus, Tractor } from 'lucide-react';
import { buttonClasses, EmptyState, PageHeader, SkeletonRows } from '@/components/ui';
import { FarmPicker } from '@/features/farms/components/FarmPicker';
import { useFarmSelection } from '@/features/farms/useFarmSelection';
import { paths } from '@/lib/paths';

export default function SelectFarmScreen() {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  const { farms, ready } = useFarmSelection();
  const addFarm = (
    <Link to={paths.dashboardCreateFarm} className={buttonClasses('primary')}>
      <Plus aria-hidden="true" className="size-5" />
      {t('farms.addFarm')}
    </Link>
  );
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
