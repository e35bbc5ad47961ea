/** The WGS 84 mean earth radius in metres (the sphere the area is measured on). */
const EARTH_RADIUS_M = 6_371_008.8;
const SQUARE_METRES_PER_HECTARE = 10_000;

/** A ring of [longitude, latitude] points in degrees (GeoJSON order); closed or not. */
export type Ring = readonly (readonly [number, number])[];

/**
 * A polygon's area in hectares on the sphere (spherical excess by the trapezoid rule over each
 * edge): exact enough for a farm plot, the same on the server and the phone. Holes are not
 * subtracted: a field is one outer ring.
 */
export function ringAreaHa(ring: Ring): number {
  const points = ring.length > 1 && sameSpot(ring[0]!, ring.at(-1)!) ? ring.slice(0, -1) : ring;
  if (points.length < 3) return 0;
  let sum = 0;
  for (let i = 0; i < points.length; i += 1) {
    const [lng1, lat1] = points[i]!;
    const [lng2, lat2] = points[(i + 1) % points.length]!;
    sum += radians(lng2 - lng1) * (2 + Math.sin(radians(lat1)) + Math.sin(radians(lat2)));
  }
  return Math.abs((sum * EARTH_RADIUS_M * EARTH_RADIUS_M) / 2) / SQUARE_METRES_PER_HECTARE;
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;
const sameSpot = (a: readonly [number, number], b: readonly [number, number]) =>
  a[0] === b[0] && a[1] === b[1];
