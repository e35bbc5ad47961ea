import { useFarmSelection } from '@/features/farms/useFarmSelection';
import { MarketplaceTabs } from '@/features/marketplace/components/MarketplaceTabs';

/** /dashboard/marketplace: for everyone signed in, with or without a farm. */
export default function MarketplaceScreen() {
  const { selectedFarm } = useFarmSelection();
  return <MarketplaceTabs farm={selectedFarm ? { id: selectedFarm.id, role: selectedFarm.role } : null} />;
}
