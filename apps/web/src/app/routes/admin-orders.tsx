import { AdminOrders } from '@/features/marketplace/admin/AdminOrders';

/** /admin/orders: Gona's back office, orders search. */
export default function AdminOrdersScreen() {
  return <AdminOrders />;
}
