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

/** Where a crop is in its life; the current growth stage is estimated from days after planting. */
export const CROP_STATUSES = ['planned', 'planted', 'growing', 'harvested', 'failed'] as const;
export type CropStatus = (typeof CROP_STATUSES)[number];

/** Where a harvest went; stored harvest is the farm's produce stock (the marketplace sells from it). */
export const HARVEST_DESTINATIONS = ['stored', 'sold', 'eaten', 'lost'] as const;
export type HarvestDestination = (typeof HARVEST_DESTINATIONS)[number];

/** Kilograms in one harvest unit where the unit has a fixed size; the others say their weight when weighed. */
export const HARVEST_UNIT_KG: Partial<Record<HarvestUnit, number>> = {
  kg: 1,
  bag_50kg: 50,
  bag_100kg: 100,
  tonne: 1000,
};

/** The spec's yield per unit of area when the knowledge base has no typical yield for a crop. */
export const DEFAULT_YIELD_PER_AREA = 2.5;
/** The spec's confidence, for a prediction whose three factors are all known. */
export const FULL_CONFIDENCE = 0.85;
export const PREDICTION_FACTORS = ['weather', 'soil_quality', 'historical_data'] as const;
export type PredictionFactor = (typeof PREDICTION_FACTORS)[number];
