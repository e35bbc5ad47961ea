import { createRoute, z } from '@hono/zod-openapi';
import { requireSession } from '../../lib/auth-guard';
import { AppError } from '../../lib/errors';
import { ErrorResponses, createRouter, jsonContent } from '../../lib/openapi';
import { TILE_LAYERS, TileUnavailableError, fetchTile, gridTile } from '../../integrations/tiles';

const MAX_ZOOM = 19;
const whole = (message: string) => z.coerce.number().int(message).min(0, message);
const TileParams = z.object({
  layer: z.enum(TILE_LAYERS, { error: 'Choose the street or satellite map' }),
  z: whole('Zoom is a whole number').max(MAX_ZOOM, `Zoom is at most ${MAX_ZOOM}`),
  x: whole('x is a whole number'),
  y: z
    .string()
    .regex(/^\d+\.png$/, 'Ask for a tile as y.png')
    .transform((value) => Number(value.slice(0, -4))),
});

/**
 * Map tiles at /api/tiles/{layer}/{z}/{x}/{y}.png for signed-in people: fetched from the configured
 * XYZ server (TILES_STREET_URL, TILES_SATELLITE_URL) so the app's pages load only from Gona, and kept
 * by the phone (the service worker) once viewed. Nothing is fetched ahead: tile servers' terms
 * forbid bulk download.
 */
export const tilesRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/tiles/attribution',
      tags: ['Crops'],
      summary: 'Who made the map, shown on it as the map server’s terms require (TILES_ATTRIBUTION)',
      middleware: [requireSession] as const,
      responses: {
        200: jsonContent(z.object({ attribution: z.string() }), 'The attribution, plain text'),
        ...ErrorResponses,
      },
    }),
    (c) => c.json({ attribution: c.var.deps.config.tiles.attribution }, 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/tiles/{layer}/{z}/{x}/{y}',
      tags: ['Crops'],
      summary: 'A map tile (PNG or the map server’s image), for the fields map',
      middleware: [requireSession] as const,
      request: { params: TileParams },
      responses: {
        200: {
          description: 'The tile',
          content: { 'image/png': { schema: { type: 'string', format: 'binary' } } },
        },
        ...ErrorResponses,
      },
    }),
    async (c) => {
      const { layer, z: zoom, x, y } = c.req.valid('param');
      const size = 2 ** zoom;
      if (x >= size || y >= size) throw new AppError('NOT_FOUND', 'No such tile');
      const template = c.var.deps.config.tiles[layer];
      let tile;
      try {
        tile = template ? await fetchTile(template, zoom, x, y) : await gridTile();
      } catch (error) {
        if (error instanceof TileUnavailableError) {
          c.var.deps.logger.warn('Map tile unavailable', { layer, zoom, x, y, reason: error.message });
          throw new AppError('UNAVAILABLE', 'The map could not be loaded. Your fields are still here.');
        }
        throw error;
      }
      return new Response(tile.bytes, {
        status: 200,
        headers: { 'content-type': tile.contentType, 'cache-control': 'private, max-age=604800' },
      });
    },
  );
