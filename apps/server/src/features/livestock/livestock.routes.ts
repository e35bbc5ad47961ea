import { createRouter } from '../../lib/openapi';
import { animalsRoutes } from './animals.routes';
import { careRoutes } from './care.routes';
import { growthRoutes } from './growth.routes';
import { recordsRoutes } from './records.routes';

/**
 * Livestock under /api/farms/{farmId}: animals and groups, and their health records, weighings,
 * head-count events, production and timeline; care programmes and an animal's care plan; its growth
 * target. Every route: requireFarm(action) (401 / 404 / 403) → validate with the shared schema → one
 * service call → respond.
 */
export const livestockRoutes = createRouter()
  .route('/', careRoutes)
  .route('/', animalsRoutes)
  .route('/', recordsRoutes)
  .route('/', growthRoutes);
