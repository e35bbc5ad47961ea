import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '@gona/shared/permissions';
import { Button, PageHeader } from '@/components/ui';
import { CarePlanDialog } from '@/features/livestock/components/CarePlan';
import { LivestockFormDialog } from '@/features/livestock/components/LivestockFormDialog';
import { animalName } from '@/features/livestock/format';
import { LivestockList } from '@/features/livestock/components/LivestockList';
import { LivestockSummaryCards } from '@/features/livestock/components/LivestockSummaryCards';
import { livestockAnimalPath } from '@/lib/paths';
import { useSelectedFarm } from '../RequireFarm';

/** /dashboard/livestock: the summary, and the farm's animals and groups with their filters. */
export default function LivestockScreen() {
  const { t } = useTranslation('livestock');
  const { id: farmId, role } = useSelectedFarm();
  const [adding, setAdding] = useState(false);
  // Just added: its vaccination and care programme is offered, where one fits.
  const [added, setAdded] = useState<{ id: string; name: string } | null>(null);
  const closeOffer = useCallback(() => setAdded(null), []);
  const addButton = can(role, 'records.write') && <Button onClick={() => setAdding(true)}>{t('add')}</Button>;
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} action={addButton} />
      <div className="flex flex-col gap-6">
        <LivestockSummaryCards farmId={farmId} />
        <LivestockList farmId={farmId} role={role} animalPath={livestockAnimalPath} addAction={addButton} />
      </div>
      {adding && (
        <LivestockFormDialog
          farmId={farmId}
          role={role}
          onClose={() => setAdding(false)}
          onSaved={(animal) => setAdded({ id: animal.id, name: animalName(animal) })}
        />
      )}
      {added && <CarePlanDialog farmId={farmId} role={role} animal={added} offer onClose={closeOffer} />}
    </>
  );
}
