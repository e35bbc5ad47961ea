import { pathTo, paths } from '@/lib/paths';

export const listingPath = (listingId: string) => pathTo(paths.marketplaceListing, { id: listingId });
export const sellerPath = (farmId: string) => pathTo(paths.marketplaceSeller, { farmId });
export const orderPath = (orderId: string) => pathTo(paths.marketplaceOrder, { orderId });
