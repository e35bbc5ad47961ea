import { Package } from 'lucide-react';
import { ComingSoon } from '../ComingSoon';

export default function InventoryScreen() {
  return <ComingSoon screen="inventory" icon={Package} />;
}
