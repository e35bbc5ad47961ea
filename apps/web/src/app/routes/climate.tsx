import { CloudSun } from 'lucide-react';
import { ComingSoon } from '../ComingSoon';

export default function ClimateScreen() {
  return <ComingSoon screen="climate" icon={CloudSun} />;
}
