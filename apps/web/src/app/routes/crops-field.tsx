import { useParams } from 'react-router';
import { FieldDetail } from '@/features/crops/components/FieldDetail';
import { useFarmPoint } from '@/features/farms/api';
import { paths } from '@/lib/paths';
import { useSelectedFarm } from '../RequireFarm';

/** /dashboard/crops/fields/:fieldId: one field with its soil tests. */
export default function FieldScreen() {
  const { fieldId = '' } = useParams();
  const farm = useSelectedFarm();
  const farmPoint = useFarmPoint(farm.id);
  return (
    <FieldDetail
      key={`${farm.id}/${fieldId}`}
      farmId={farm.id}
      role={farm.role}
      fieldId={fieldId}
      listPath={paths.fields}
      farmPoint={farmPoint}
    />
  );
}
