import { useParams } from 'react-router';
import { ListingDetail } from '@/features/marketplace/components/ListingDetail';

/** /dashboard/marketplace/listings/:id: one listing, with the place where a buyer orders. */
export default function MarketplaceListingScreen() {
  const { id = '' } = useParams();
  return <ListingDetail listingId={id} />;
}
