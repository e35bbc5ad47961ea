/**
 * Crops and fields. The crops themselves (names, stages, varieties, calendars, practices, yields)
 * are knowledge-base rows (server features/knowledge/data), not constants; these are the fixed
 * words around them.
 */

/** Nigeria's agro-ecological zones, north to south (the rainforest includes the mangrove and swamp belt). */
export const AGRO_ZONES = [
  'sahel',
  'sudan_savanna',
  'northern_guinea_savanna',
  'southern_guinea_savanna',
  'derived_savanna',
  'rainforest',
] as const;
export type AgroZone = (typeof AGRO_ZONES)[number];

export const CROP_CATEGORIES = ['cereal', 'legume', 'root_tuber', 'vegetable', 'fruit', 'oilseed'] as const;
export type CropCategory = (typeof CROP_CATEGORIES)[number];

/** Early (first) and late (second) rains in the bimodal south; the main season in the north; irrigated dry season. */
export const CROP_SEASONS = ['main', 'early', 'late', 'dry'] as const;
export type CropSeason = (typeof CROP_SEASONS)[number];

/** How a harvest is counted on Nigerian farms; each has a kg equivalent where it is a fixed size. */
export const HARVEST_UNITS = [
  'kg',
  'bag_50kg',
  'bag_100kg',
  'tonne',
  'tuber',
  'bunch',
  'basket',
  'crate',
] as const;
export type HarvestUnit = (typeof HARVEST_UNITS)[number];

/** How the farm holds a field. */
export const LAND_TENURES = ['owned', 'rented', 'family', 'communal'] as const;
export type LandTenure = (typeof LAND_TENURES)[number];

export const IRRIGATIONS = ['rainfed', 'irrigated', 'partly_irrigated'] as const;
export type Irrigation = (typeof IRRIGATIONS)[number];

export const SOIL_TYPES = ['sandy', 'sandy_loam', 'loam', 'clay_loam', 'clay', 'silt', 'other'] as const;
export type SoilType = (typeof SOIL_TYPES)[number];

/** How a field's area was found: typed by the farmer, or computed from the boundary drawn on the map. */
export const AREA_SOURCES = ['typed', 'drawn'] as const;
export type AreaSource = (typeof AREA_SOURCES)[number];
