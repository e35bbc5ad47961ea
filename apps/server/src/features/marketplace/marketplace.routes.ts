import { createRouter } from '../../lib/openapi';
import { adminOrdersRoutes } from './admin-orders.routes';
import { adminPayoutsRoutes } from './admin-payouts.routes';
import { disputesRoutes } from './disputes.routes';
import { listingsRoutes } from './listings.routes';
import { moderationRoutes } from './moderation.routes';
import { ordersRoutes } from './orders.routes';
import { payoutsRoutes } from './payouts.routes';
import { ratingsRoutes } from './ratings.routes';
import { webhooksRoutes } from './webhooks.routes';

/**
 * The marketplace under /api: a buyer's orders (/marketplace/orders), the farm's orders, payouts
 * and disputes (/farms/{farmId}/…), Gona's back office (/admin/…), ratings, Paystack's webhook and
 * the listings (browse and the farm's own). Listings go last, as they always have: their paths
 * are matched after every other marketplace path.
 */
export const marketplaceRoutes = createRouter()
  .route('/', ordersRoutes)
  .route('/', payoutsRoutes)
  .route('/', disputesRoutes)
  .route('/', moderationRoutes)
  .route('/', adminPayoutsRoutes)
  .route('/', adminOrdersRoutes)
  .route('/', ratingsRoutes)
  .route('/', webhooksRoutes)
  .route('/', listingsRoutes);
