import { useSelectedFarm } from '../RequireFarm';
import { TasksScreen } from '@/features/tasks/components/TasksScreen';

/** /dashboard/tasks: reached from the dashboard's Today card (the spec's sidebar stays as it is). */
export default function TasksRoute() {
  const farm = useSelectedFarm();
  return <TasksScreen farmId={farm.id} role={farm.role} />;
}
