import { UserPlus } from 'lucide-react';
import { ComingSoon } from '../ComingSoon';

export default function AddStaffScreen() {
  return <ComingSoon screen="addStaff" icon={UserPlus} />;
}
