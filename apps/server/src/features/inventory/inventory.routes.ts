import { createRouter } from '../../lib/openapi';
import { alertsRoutes } from './alerts.routes';
import { exportRoutes } from './export.routes';
import { movementsRoutes } from './movements.routes';
import { suppliersRoutes } from './suppliers.routes';
import { suppliesRoutes } from './supplies.routes';

/**
 * Supply inventory under /api/farms/{farmId}: supplies, stock movements, low-stock alerts,
 * suppliers and CSV exports. Every route: requireFarm(action) (401 / 404 / 403) → validate with the
 * shared schema → one service call → respond.
 */
export const inventoryRoutes = createRouter()
  // Before supplies: /supplies/export.csv would otherwise be read as a {supplyId}.
  .route('/', exportRoutes)
  .route('/', suppliesRoutes)
  .route('/', movementsRoutes)
  .route('/', alertsRoutes)
  .route('/', suppliersRoutes);
