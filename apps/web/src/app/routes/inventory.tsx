import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Truck } from 'lucide-react';
import { can } from '@gona/shared/permissions';
import { Button, buttonClasses, PageHeader } from '@/components/ui';
import { AlertsPanel, ExportLinks, SupplyFormDialog, SupplyList } from '@/features/inventory/components';
import { paths, supplyPath } from '@/lib/paths';
import { useSelectedFarm } from '../RequireFarm';

/** /dashboard/inventory: low-stock alerts, the supply list with its filters, and the way to suppliers and exports. */
export default function InventoryScreen() {
  const { t } = useTranslation('inventory');
  const { id: farmId, role } = useSelectedFarm();
  const [adding, setAdding] = useState(false);

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        action={can(role, 'records.write') && <Button onClick={() => setAdding(true)}>{t('add')}</Button>}
      />
      <div className="flex flex-col gap-6">
        <AlertsPanel farmId={farmId} role={role} supplyPath={supplyPath} />
        <SupplyList farmId={farmId} role={role} onAdd={() => setAdding(true)} supplyPath={supplyPath} />
        <div className="flex flex-wrap gap-2 border-t border-stone-200 pt-4">
          <Link to={paths.suppliers} className={buttonClasses('secondary')}>
            <Truck aria-hidden="true" className="size-4" />
            {t('suppliers.manage')}
          </Link>
          <ExportLinks farmId={farmId} />
        </div>
      </div>
      {adding && <SupplyFormDialog farmId={farmId} onClose={() => setAdding(false)} />}
    </>
  );
}
