import { Users } from 'lucide-react';
import { ComingSoon } from '../ComingSoon';

export default function StaffScreen() {
  return <ComingSoon screen="staff" icon={Users} />;
}
