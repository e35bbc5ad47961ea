/**
 * Livestock kept on Nigerian farms, one by one or in groups. Labels live in the web catalogue
 * (livestock.json); the English the server writes (exports, refusals) is in words.ts.
 */

/** Chickens are kept by what they are raised for: broilers, layers, Noilers and cockerels. */
export const LIVESTOCK_SPECIES = [
  'chicken_broiler',
  'chicken_layer',
  'chicken_noiler',
  'chicken_cockerel',
  'turkey',
  'duck',
  'guinea_fowl',
  'rabbit',
  'catfish',
  'tilapia',
  'cattle',
  'goat',
  'sheep',
  'pig',
  'other',
] as const;
export type LivestockSpecies = (typeof LIVESTOCK_SPECIES)[number];

/** Species that lay eggs, for the egg records and the hen-day rate. */
export const LAYING_SPECIES: readonly LivestockSpecies[] = [
  'chicken_layer',
  'chicken_noiler',
  'turkey',
  'duck',
  'guinea_fowl',
];
export const FISH_SPECIES: readonly LivestockSpecies[] = ['catfish', 'tilapia'];
/** Birds, for the weather's heat warnings. */
export const POULTRY_SPECIES: readonly LivestockSpecies[] = [
  'chicken_broiler',
  'chicken_layer',
  'chicken_noiler',
  'chicken_cockerel',
  'turkey',
  'duck',
  'guinea_fowl',
];
export const MILKING_SPECIES: readonly LivestockSpecies[] = ['cattle', 'goat', 'sheep'];

/** One animal with a tag, or a group (a flock, a pond batch, a herd) counted by head. */
export const LIVESTOCK_KINDS = ['individual', 'group'] as const;
export type LivestockKind = (typeof LIVESTOCK_KINDS)[number];

export const LIVESTOCK_SEXES = ['female', 'male', 'unknown'] as const;
export type LivestockSex = (typeof LIVESTOCK_SEXES)[number];

export const LIVESTOCK_PURPOSES = ['meat', 'eggs', 'milk', 'breeding', 'fingerlings', 'other'] as const;
export type LivestockPurpose = (typeof LIVESTOCK_PURPOSES)[number];

/** Where it is kept; the place's own name (House 2, Pond B) goes in `location`. */
export const LIVESTOCK_HOUSINGS = [
  'pen',
  'house',
  'cage',
  'pond',
  'tank',
  'paddock',
  'free_range',
  'other',
] as const;
export type LivestockHousing = (typeof LIVESTOCK_HOUSINGS)[number];

export const ACQUISITIONS = ['born_on_farm', 'bought'] as const;
export type Acquisition = (typeof ACQUISITIONS)[number];

/** The unit of an age when acquired: day-old chicks, 8-week pullets, a 2-year-old cow. */
export const AGE_UNITS = ['days', 'weeks', 'months', 'years'] as const;
export type AgeUnit = (typeof AGE_UNITS)[number];

export const LIVESTOCK_STATUSES = ['active', 'sold', 'died', 'slaughtered', 'culled'] as const;
export type LivestockStatus = (typeof LIVESTOCK_STATUSES)[number];

export const HEALTH_RECORD_KINDS = ['vaccination', 'treatment', 'deworming', 'illness', 'checkup'] as const;
export type HealthRecordKind = (typeof HEALTH_RECORD_KINDS)[number];

/** How a product is given. */
export const ADMINISTRATION_ROUTES = [
  'drinking_water',
  'eye_drop',
  'nasal',
  'oral',
  'in_feed',
  'injection_im',
  'injection_sc',
  'wing_web',
  'spray',
  'topical',
  'other',
] as const;
export type AdministrationRoute = (typeof ADMINISTRATION_ROUTES)[number];

/**
 * What changed a head count. Counts change only through events, so the history explains them.
 * A transfer is recorded on the group it leaves (`transfer_out`, naming the other group) and the
 * server writes the matching `transfer_in` on the group it joins.
 */
export const EVENT_KINDS = [
  'mortality',
  'birth',
  'purchase',
  'sale',
  'slaughter',
  'cull',
  'transfer_out',
  'transfer_in',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** The kinds a person records (a `transfer_in` is written by the server with its `transfer_out`). */
export const RECORDED_EVENT_KINDS = [
  'mortality',
  'birth',
  'purchase',
  'sale',
  'slaughter',
  'cull',
  'transfer_out',
] as const satisfies readonly EventKind[];
export type RecordedEventKind = (typeof RECORDED_EVENT_KINDS)[number];

/** Events that add heads; every other kind takes them away. */
export const INCREASING_EVENTS: readonly EventKind[] = ['birth', 'purchase', 'transfer_in'];

/** The status a record takes when an event takes its last head away. */
export const STATUS_AT_ZERO: Partial<Record<EventKind, LivestockStatus>> = {
  mortality: 'died',
  sale: 'sold',
  slaughter: 'slaughtered',
  cull: 'culled',
};

/** Body condition score, 1 (very thin) to 5 (very fat). */
export const BODY_CONDITION_MIN = 1;
export const BODY_CONDITION_MAX = 5;

export const EGGS_PER_CRATE = 30;

export const LIVESTOCK_NAME_MAX = 120;
export const LIVESTOCK_TEXT_MAX = 120;
export const LIVESTOCK_NOTES_MAX = 1000;
export const LIVESTOCK_SEARCH_MAX = 100;
/** Photos a record may keep. */
export const LIVESTOCK_PHOTOS_MAX = 6;
/** The most heads one group or one event counts (an int4 column). */
export const HEAD_COUNT_MAX = 10_000_000;
/** The longest withdrawal period a product label gives, with room to spare. */
export const WITHDRAWAL_DAYS_MAX = 730;
