/**
 * Units a farm counts in, including local ones (50 kg bags, crates of 30, tubers, mudu): supplies
 * today, and livestock, crops, harvests and listings as they come. Labels live in the web's common
 * catalogue (common.json, units.*).
 */
export const UNITS = [
  'kg',
  'g',
  't',
  'litre',
  'ml',
  'bag_25kg',
  'bag_50kg',
  'bag_100kg',
  'crate_30',
  'basket',
  'mudu',
  'piece',
  'sachet',
  'bottle',
  'carton',
  'tuber',
  'head',
] as const;
export type Unit = (typeof UNITS)[number];

/**
 * The plural unit, as a column of quantities reads ("bags (50 kg)"), where the server writes for
 * people (CSV exports, messages). The web says the same through common.json; a web test keeps them equal.
 */
export const UNIT_WORDS: Record<Unit, string> = {
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
