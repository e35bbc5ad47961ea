import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import { PageHeader } from '@/components/ui';
import { SuppliersManager } from '@/features/inventory/components';
import { paths } from '@/lib/paths';
import { useSelectedFarm } from '../RequireFarm';

/** /dashboard/inventory/suppliers: the farm's active suppliers. */
export default function InventorySuppliersScreen() {
  const { t } = useTranslation('inventory');
  const farm = useSelectedFarm();
  return (
    <div className="flex flex-col gap-4">
      <Link
        to={paths.inventory}
        className="inline-flex min-h-11 items-center gap-2 font-medium text-green-800"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('suppliers.back')}
      </Link>
      <PageHeader title={t('suppliers.title')} description={t('suppliers.description')} />
      <SuppliersManager farmId={farm.id} role={farm.role} />
    </div>
  );
}
