import { describe, expect, it } from 'vitest';
import { EMPLOYMENT_WORDS, JOB_WORDS, PAY_PERIOD_WORDS, STATUS_WORDS } from '@gona/shared/staff';
import catalogue from '@/i18n/en/staff.json';

/** The CSV export (written by the server) and the screens use the same words. */
describe('staff words', () => {
  it('match the English catalogue', () => {
    expect(JOB_WORDS).toEqual(catalogue.jobs);
    expect(EMPLOYMENT_WORDS).toEqual(catalogue.employment);
    expect(STATUS_WORDS).toEqual(catalogue.statuses);
    expect(PAY_PERIOD_WORDS).toEqual(catalogue.payPeriods);
  });
});
