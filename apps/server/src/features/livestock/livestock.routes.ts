import { createRouter } from '../../lib/openapi';
import { animalsRoutes } from './animals.routes';
import { recordsRoutes } from './records.routes';

/**
 * Livestock under /api/farms/{farmId}: animals and groups, and their health records, weighings,
 * head-count events, production and timeline. Every route: requireFarm(action) (401 / 404 / 403)
 * → validate with the shared schema → one service call → respond.
 */
export const livestockRoutes = createRouter().route('/', animalsRoutes).route('/', recordsRoutes);
