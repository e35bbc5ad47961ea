import { UNITS, type Unit } from '../units/index';

/** Supply categories that fit Nigerian farms. Labels live in the web catalogue (inventory.json). */
export const SUPPLY_CATEGORIES = [
  'seeds_seedlings',
  'fertilizer',
  'agrochemicals',
  'animal_feed',
  'veterinary',
  'fuel',
  'tools_equipment',
  'packaging',
  'other',
] as const;
export type SupplyCategory = (typeof SUPPLY_CATEGORIES)[number];

/** A supply may be counted in any of the farm's units (units/units.ts). */
export const SUPPLY_UNITS = UNITS;
export type SupplyUnit = Unit;

/**
 * What happened to the stock. `adjusted` carries the counted quantity (the new total), every other
 * kind carries the amount that moved.
 */
export const MOVEMENT_KINDS = ['received', 'used', 'sold', 'lost', 'expired', 'adjusted'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

export const SUPPLY_NAME_MAX = 120;
export const NOTES_MAX = 1000;
export const SEARCH_MAX = 100;
/** Photos a supply may keep (a bag's label, the delivery, the store room). */
export const SUPPLY_PHOTOS_MAX = 6;
