import type { EmploymentType, PayPeriod, StaffJob, StaffStatus } from './constants';

/**
 * English words for staff values where the server writes for people (CSV exports). The web app
 * says the same through its catalogue; a web test keeps the two the same.
 */
export const JOB_WORDS: Record<StaffJob, string> = {
  farm_manager: 'Farm manager',
  supervisor: 'Supervisor',
  herdsman: 'Herdsman',
  poultry_attendant: 'Poultry attendant',
  fish_farm_attendant: 'Fish farm attendant',
  tractor_operator: 'Tractor operator',
  security: 'Security',
  casual_labourer: 'Casual labourer',
  other: 'Other',
};

export const EMPLOYMENT_WORDS: Record<EmploymentType, string> = {
  permanent: 'Permanent',
  seasonal: 'Seasonal',
  casual: 'Casual (daily)',
};

export const STATUS_WORDS: Record<StaffStatus, string> = {
  active: 'Active',
  inactive: 'Inactive (over the Free plan)',
  left: 'Left',
};

export const PAY_PERIOD_WORDS: Record<PayPeriod, string> = {
  day: 'Per day',
  week: 'Per week',
  month: 'Per month',
};
