import { Store } from 'lucide-react';
import { ComingSoon } from '../ComingSoon';

export default function MarketplaceScreen() {
  return <ComingSoon screen="marketplace" icon={Store} />;
}
