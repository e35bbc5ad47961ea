import { useParams } from 'react-router';
import { useFarmSelection } from '@/features/farms/useFarmSelection';
import { ListingDetail } from '@/features/marketplace/components/ListingDetail';
import { OrderPanel } from '@/features/marketplace/components/OrderPanel';
import { useSession } from '@/lib/session';

/** /dashboard/marketplace/listings/:id: one listing, with the place where a buyer orders. */
export default function MarketplaceListingScreen() {
  const { id = '' } = useParams();
  const { farms } = useFarmSelection();
  const { user } = useSession();
  return (
    <ListingDetail
      listingId={id}
      orderPanel={(listing) => (
        <OrderPanel
          listing={listing}
          phone={user?.phone ?? null}
          ownFarm={farms.some((farm) => farm.id === listing.farm_id)}
        />
      )}
    />
  );
}
