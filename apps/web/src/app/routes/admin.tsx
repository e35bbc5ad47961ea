import { DisputeQueue } from '@/features/marketplace/admin/DisputeQueue';

/** /admin: Gona's back office opens on the disputes queue. */
export default function AdminScreen() {
  return <DisputeQueue />;
}
