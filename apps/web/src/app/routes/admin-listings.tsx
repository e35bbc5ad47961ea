import { AdminListings } from '@/features/marketplace/admin/AdminListings';

/** /admin/listings: Gona's back office, listings moderation. */
export default function AdminListingsScreen() {
  return <AdminListings />;
}
