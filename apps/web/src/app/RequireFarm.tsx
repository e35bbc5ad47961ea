import { createContext, useContext } from 'react';
import { Navigate, Outlet } from 'react-router';
import type { FarmSummary } from '@gona/shared/farms';
import { SkeletonRows } from '@/components/ui/Skeleton';
import { useFarmSelection } from '@/features/farms/useFarmSelection';
import { paths } from '@/lib/paths';

const SelectedFarmContext = createContext<FarmSummary | null>(null);

/**
 * Layout route of the screens about one farm: they show once a farm is selected. Until the farm
 * list has answered, placeholder rows; with no farm chosen, the farmer picks one.
 */
export function RequireFarm() {
  const { selectedFarm, selectedFarmId, ready } = useFarmSelection();
  if (selectedFarm) {
    return (
      <SelectedFarmContext.Provider value={selectedFarm}>
        <Outlet />
      </SelectedFarmContext.Provider>
    );
  }
  if (ready && !selectedFarmId) return <Navigate to={paths.selectFarm} replace />;
  return <SkeletonRows rows={4} />;
}

/** The selected farm, inside a RequireFarm route (where there always is one). */
export function useSelectedFarm(): FarmSummary {
  const farm = useContext(SelectedFarmContext);
  if (!farm) throw new Error('useSelectedFarm must be used inside a RequireFarm route');
  return farm;
}
