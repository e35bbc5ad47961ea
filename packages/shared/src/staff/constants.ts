/** The jobs people do on Nigerian farms. Labels live in the web catalogue (staff.json). */
export const STAFF_JOBS = [
  'farm_manager',
  'supervisor',
  'herdsman',
  'poultry_attendant',
  'fish_farm_attendant',
  'tractor_operator',
  'security',
  'casual_labourer',
  'other',
] as const;
export type StaffJob = (typeof STAFF_JOBS)[number];

/** `casual` is casual or daily-paid work. */
export const EMPLOYMENT_TYPES = ['permanent', 'seasonal', 'casual'] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];

/**
 * Only active staff count toward a plan's worker limit; people who left stay on record. Inactive
 * staff still work for the farm but are past the Free plan's limit after Pro ended (docs/decisions/063):
 * listed, not counted, not offered for tasks, until the owner chooses them or the farm is Pro again.
 */
export const STAFF_STATUSES = ['active', 'inactive', 'left'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

export const PAY_PERIODS = ['day', 'week', 'month'] as const;
export type PayPeriod = (typeof PAY_PERIODS)[number];

export const STAFF_NAME_MAX = 60;
export const STAFF_NOTES_MAX = 1000;
export const STAFF_SEARCH_MAX = 100;
