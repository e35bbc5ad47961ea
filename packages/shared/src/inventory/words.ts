import type { MovementKind, SupplyCategory, SupplyUnit } from './constants';

/**
 * English words for inventory values where the server writes for people (CSV exports). The web app
 * says the same through its catalogue; a web test keeps the two the same.
 */
export const CATEGORY_WORDS: Record<SupplyCategory, string> = {
  seeds_seedlings: 'Seeds and seedlings',
  fertilizer: 'Fertilizer',
  agrochemicals: 'Agrochemicals',
  animal_feed: 'Animal feed',
  veterinary: 'Veterinary drugs and vaccines',
  fuel: 'Fuel',
  tools_equipment: 'Tools and equipment',
  packaging: 'Packaging',
  other: 'Other',
};

/** The plural unit, as a column of quantities reads ("bags (50 kg)"). */
export const UNIT_WORDS: Record<SupplyUnit, string> = {
  kg: 'kg',
  g: 'g',
  t: 'tonnes',
  litre: 'litres',
  ml: 'ml',
  bag_25kg: 'bags (25 kg)',
  bag_50kg: 'bags (50 kg)',
  bag_100kg: 'bags (100 kg)',
  crate_30: 'crates (30)',
  basket: 'baskets',
  mudu: 'mudu',
  piece: 'pieces',
  sachet: 'sachets',
  bottle: 'bottles',
  carton: 'cartons',
  tuber: 'tubers',
  head: 'head',
};

export const KIND_WORDS: Record<MovementKind, string> = {
  received: 'Received',
  used: 'Used',
  sold: 'Sold',
  lost: 'Lost',
  expired: 'Expired',
  adjusted: 'Counted',
};
