import { useParams } from 'react-router';
import { SupplyDetail } from '@/features/inventory/components';
import { paths } from '@/lib/paths';
import { useSelectedFarm } from '../RequireFarm';

/** /dashboard/inventory/:supplyId: one supply with its stock history. */
export default function InventorySupplyScreen() {
  const { supplyId = '' } = useParams();
  const farm = useSelectedFarm();
  return (
    <SupplyDetail
      key={`${farm.id}/${supplyId}`}
      farmId={farm.id}
      role={farm.role}
      supplyId={supplyId}
      listPath={paths.inventory}
    />
  );
}
