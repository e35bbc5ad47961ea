import type { MovementKind, SupplyCategory } from './constants';

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

export const KIND_WORDS: Record<MovementKind, string> = {
  received: 'Received',
  used: 'Used',
  sold: 'Sold',
  lost: 'Lost',
  expired: 'Expired',
  adjusted: 'Counted',
};
