import { Sprout } from 'lucide-react';
import { ComingSoon } from '../ComingSoon';

export default function CropsScreen() {
  return <ComingSoon screen="crops" icon={Sprout} />;
}
