import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { buttonClasses } from '@/components/ui';
import { paths } from '@/lib/paths';

/** The "Add a farm" button of the farm lists. */
export function AddFarmLink() {
  const { t } = useTranslation('dashboard');
  return (
    <Link to={paths.dashboardCreateFarm} className={buttonClasses('primary')}>
      <Plus aria-hidden="true" className="size-5" />
      {t('farms.addFarm')}
    </Link>
  );
}
