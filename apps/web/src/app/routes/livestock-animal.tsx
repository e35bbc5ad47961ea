import { useParams } from 'react-router';
import { AnimalDetail } from '@/features/livestock/components/AnimalDetail';
import { paths } from '@/lib/paths';
import { useSelectedFarm } from '../RequireFarm';

/** /dashboard/livestock/:animalId: one animal or group with its records. */
export default function LivestockAnimalScreen() {
  const { animalId = '' } = useParams();
  const farm = useSelectedFarm();
  return (
    <AnimalDetail
      key={`${farm.id}/${animalId}`}
      farmId={farm.id}
      role={farm.role}
      animalId={animalId}
      listPath={paths.livestock}
    />
  );
}
