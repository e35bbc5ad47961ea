import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import { PageHeader, SkeletonRows } from '@/components/ui';
import { useFarmSelection } from '@/features/farms/useFarmSelection';
import { SuppliersManager } from '@/features/inventory/components';

/** /dashboard/inventory/suppliers: the farm's active suppliers. */
export default function InventorySuppliersScreen() {
  const { t } = useTranslation('inventory');
  const { selectedFarm } = useFarmSelection();
  return (
    <div className="flex flex-col gap-4">
      <Link
        to="/dashboard/inventory"
        className="inline-flex min-h-11 items-center gap-2 font-medium text-green-800"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('suppliers.back')}
      </Link>
      <PageHeader title={t('suppliers.title')} description={t('suppliers.description')} />
      {selectedFarm ? (
        <SuppliersManager farmId={selectedFarm.id} role={selectedFarm.role} />
      ) : (
        <SkeletonRows rows={3} />
      )}
    </div>
  );
}
