import { useParams } from 'react-router';
import { SellerProfile } from '@/features/marketplace/components/SellerProfile';

/** /dashboard/marketplace/sellers/:farmId: a seller's public page. */
export default function MarketplaceSellerScreen() {
  const { farmId = '' } = useParams();
  return <SellerProfile farmId={farmId} />;
}
