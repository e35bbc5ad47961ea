import { AdminPayments } from '@/features/marketplace/admin/AdminPayments';

/** /admin/payments: Gona's back office, payments in suspense that need a refund by staff. */
export default function AdminPaymentsScreen() {
  return <AdminPayments />;
}
