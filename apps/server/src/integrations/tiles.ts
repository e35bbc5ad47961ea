import sharp from 'sharp';

export const TILE_LAYERS = ['street', 'satellite'] as const;

export type Tile = { bytes: Uint8Array; contentType: string };

/** The basemap server took too long or answered something that is not a picture. */
export class TileUnavailableError extends Error {}

const TIMEOUT_MS = 10_000;

/**
 * A tile from an XYZ tile server (OpenStreetMap-style `{z}/{x}/{y}` templates), fetched by the
 * server so the web app's pages only ever load from their own origin.
 */
export async function fetchTile(template: string, z: number, x: number, y: number): Promise<Tile> {
  const url = template.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y));
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { 'user-agent': 'Gona farm management (map tiles for signed-in farmers)' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new TileUnavailableError('The map server did not answer');
  }
  const contentType = response.headers.get('content-type') ?? '';
  if (!response.ok || !contentType.startsWith('image/'))
    throw new TileUnavailableError(`The map server answered ${response.status} ${contentType}`);
  return { bytes: new Uint8Array(await response.arrayBuffer()), contentType };
}

let grid: Promise<Tile> | null = null;

/**
 * The tile of a layer with no basemap configured: a plain light grid, so a field can still be
 * drawn and measured where no map server is set up (development, tests, a farm's own install).
 */
export function gridTile(): Promise<Tile> {
  grid ??= sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
        <rect width="256" height="256" fill="#eef3ea"/>
        <path d="M0 0.5H256M0.5 0V256M0 128.5H256M128.5 0V256" stroke="#c9d6c2" stroke-width="1"/>
      </svg>`,
    ),
  )
    .png()
    .toBuffer()
    .then((bytes) => ({ bytes: new Uint8Array(bytes), contentType: 'image/png' }));
  return grid;
}
