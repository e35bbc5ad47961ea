import { UserRound } from 'lucide-react';
import { ComingSoon } from '../ComingSoon';

export default function ProfileScreen() {
  return <ComingSoon screen="profile" icon={UserRound} />;
}
