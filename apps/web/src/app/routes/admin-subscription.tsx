import { useParams } from 'react-router';
import { AdminSubscriptionDetail } from '@/features/billing/admin/AdminSubscriptionDetail';

/** /admin/subscriptions/:farmId: one farm's Gona Pro for Gona's staff, where support grants Pro. */
export default function AdminSubscriptionScreen() {
  const { farmId = '' } = useParams();
  return <AdminSubscriptionDetail key={farmId} farmId={farmId} />;
}
