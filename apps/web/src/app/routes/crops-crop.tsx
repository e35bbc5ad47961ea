import { useParams } from 'react-router';
import { assistantPath } from '@/features/assistant/links';
import { CropDetail } from '@/features/crops/components/CropDetail';
import { TasksAbout } from '@/features/tasks/components/TasksAbout';
import { paths } from '@/lib/paths';
import { useSelectedFarm } from '../RequireFarm';

/** /dashboard/crops/:cropId: one planting with its records and its open tasks. */
export default function CropScreen() {
  const { cropId = '' } = useParams();
  const farm = useSelectedFarm();
  return (
    <>
      <CropDetail
        key={`${farm.id}/${cropId}`}
        farmId={farm.id}
        role={farm.role}
        cropId={cropId}
        listPath={paths.crops}
        askPath={assistantPath({ about: { kind: 'crop', id: cropId } })}
      />
      <TasksAbout farmId={farm.id} about={{ crop_id: cropId }} tasksPath={paths.tasks} />
    </>
  );
}
