import { useParams } from 'react-router';
import { AdminOnly } from '@/features/marketplace/admin/AdminOnly';
import { DisputeReview } from '@/features/marketplace/admin/DisputeReview';

/** /admin/disputes/:disputeId: one dispute and the decision (platform admins only). */
export default function AdminDisputeScreen() {
  const { disputeId = '' } = useParams();
  return (
    <AdminOnly>
      <DisputeReview disputeId={disputeId} />
    </AdminOnly>
  );
}
