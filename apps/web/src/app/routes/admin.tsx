import { AdminOnly } from '@/features/marketplace/admin/AdminOnly';
import { DisputeQueue } from '@/features/marketplace/admin/DisputeQueue';

/** /admin: Gona's back office (platform admins only), starting with the disputes queue. */
export default function AdminScreen() {
  return (
    <AdminOnly>
      <DisputeQueue />
    </AdminOnly>
  );
}
