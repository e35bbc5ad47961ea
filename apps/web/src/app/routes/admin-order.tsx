import { useParams } from 'react-router';
import { AdminOrder } from '@/features/marketplace/admin/AdminOrder';

/** /admin/orders/:orderId: one order and every naira of its history. */
export default function AdminOrderScreen() {
  const { orderId = '' } = useParams();
  return <AdminOrder orderId={orderId} />;
}
