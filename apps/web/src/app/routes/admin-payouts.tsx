import { AdminPayouts } from '@/features/marketplace/admin/AdminPayouts';

/** /admin/payouts: Gona's back office, failed and held payouts. */
export default function AdminPayoutsScreen() {
  return <AdminPayouts />;
}
