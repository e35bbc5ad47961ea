import { PawPrint } from 'lucide-react';
import { ComingSoon } from '../ComingSoon';

export default function LivestockScreen() {
  return <ComingSoon screen="livestock" icon={PawPrint} />;
}
