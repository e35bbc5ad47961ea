import { useParams } from 'react-router';
import { SkeletonRows } from '@/components/ui';
import { useFarmSelection } from '@/features/farms/useFarmSelection';
import { SupplyDetail } from '@/features/inventory/components';

/** /dashboard/inventory/:supplyId: one supply with its stock history. */
export default function InventorySupplyScreen() {
  const { supplyId = '' } = useParams();
  const { selectedFarm } = useFarmSelection();
  if (!selectedFarm) return <SkeletonRows rows={4} />;
  return (
    <SupplyDetail
      key={`${selectedFarm.id}/${supplyId}`}
      farmId={selectedFarm.id}
      role={selectedFarm.role}
      supplyId={supplyId}
      listPath="/dashboard/inventory"
    />
  );
}
