import { describe, expect, it } from 'vitest';
import { CATEGORY_WORDS, METHOD_WORDS, PAYMENT_STATUS_WORDS, SALE_UNIT_WORDS } from '@gona/shared/finance';
import catalogue from '@/i18n/en/money.json';
import { koboInput, nairaText } from './format';

/** The CSV exports (written by the server) and the screens use the same words. */
describe('money words', () => {
  it('match the English catalogue', () => {
    expect(CATEGORY_WORDS).toEqual(catalogue.categories);
    expect(METHOD_WORDS).toEqual(catalogue.methods);
    expect(SALE_UNIT_WORDS).toEqual(catalogue.units);
    expect(PAYMENT_STATUS_WORDS).toEqual(catalogue.paymentStatus);
  });

  it('reads naira as typed into kobo, and writes kobo back the same way', () => {
    expect(koboInput('₦45,000')).toBe(4_500_000);
    expect(koboInput('1500.5')).toBe(150_050);
    expect(koboInput('')).toBeUndefined();
    expect(koboInput('12.345')).toBe('12.345');
    expect(nairaText(150_050)).toBe('1500.50');
    expect(nairaText(4_500_000)).toBe('45000');
  });
});
