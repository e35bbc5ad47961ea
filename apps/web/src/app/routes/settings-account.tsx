import { KeyRound } from 'lucide-react';
import { ComingSoon } from '../ComingSoon';

export default function AccountScreen() {
  return <ComingSoon screen="account" icon={KeyRound} />;
}
