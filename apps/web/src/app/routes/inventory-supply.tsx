import { useParams } from 'react-router';
import { assistantPath } from '@/features/assistant/links';
import { SupplyDetail } from '@/features/inventory/components';
import { TasksAbout } from '@/features/tasks/components/TasksAbout';
import { paths } from '@/lib/paths';
import { useSelectedFarm } from '../RequireFarm';

/** /dashboard/inventory/:supplyId: one supply with its stock history and its open tasks. */
export default function InventorySupplyScreen() {
  const { supplyId = '' } = useParams();
  const farm = useSelectedFarm();
  return (
    <>
      <SupplyDetail
        key={`${farm.id}/${supplyId}`}
        farmId={farm.id}
        role={farm.role}
        supplyId={supplyId}
        listPath={paths.inventory}
        askPath={assistantPath({ about: { kind: 'supply', id: supplyId } })}
      />
      <TasksAbout farmId={farm.id} about={{ supply_id: supplyId }} tasksPath={paths.tasks} />
    </>
  );
}
