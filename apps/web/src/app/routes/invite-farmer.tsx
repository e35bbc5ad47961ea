import { UserPlus } from 'lucide-react';
import { ComingSoon } from '../ComingSoon';

export default function InviteFarmerScreen() {
  return <ComingSoon screen="inviteFarmer" icon={UserPlus} />;
}
