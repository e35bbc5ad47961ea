import { UserPen } from 'lucide-react';
import { ComingSoon } from '../ComingSoon';

export default function EditStaffScreen() {
  return <ComingSoon screen="editStaff" icon={UserPen} />;
}
