import { useParams } from 'react-router';
import { DisputeReview } from '@/features/marketplace/admin/DisputeReview';

/** /admin/disputes/:disputeId: one dispute and the decision. */
export default function AdminDisputeScreen() {
  const { disputeId = '' } = useParams();
  return <DisputeReview disputeId={disputeId} />;
}
