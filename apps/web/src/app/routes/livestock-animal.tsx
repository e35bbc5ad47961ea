import { useParams } from 'react-router';
import { assistantPath } from '@/features/assistant/links';
import { AnimalDetail } from '@/features/livestock/components/AnimalDetail';
import { TasksAbout } from '@/features/tasks/components/TasksAbout';
import { paths } from '@/lib/paths';
import { useSelectedFarm } from '../RequireFarm';

/** /dashboard/livestock/:animalId: one animal or group with its records and its open tasks. */
export default function LivestockAnimalScreen() {
  const { animalId = '' } = useParams();
  const farm = useSelectedFarm();
  return (
    <>
      <AnimalDetail
        key={`${farm.id}/${animalId}`}
        farmId={farm.id}
        role={farm.role}
        animalId={animalId}
        listPath={paths.livestock}
        askPath={assistantPath({ about: { kind: 'animal', id: animalId } })}
      />
      <TasksAbout farmId={farm.id} about={{ livestock_id: animalId }} tasksPath={paths.tasks} />
    </>
  );
}
