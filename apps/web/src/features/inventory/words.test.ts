import { describe, expect, it } from 'vitest';
import { CATEGORY_WORDS as EXPENSE_CATEGORY_WORDS, METHOD_WORDS } from '@gona/shared/finance';
import { CATEGORY_WORDS, KIND_WORDS, SUPPLY_UNITS } from '@gona/shared/inventory';
import { UNIT_WORDS } from '@gona/shared/units';
import common from '@/i18n/en/common.json';
import catalogue from '@/i18n/en/inventory.json';

/** The CSV exports (written by the server) and the screens use the same words. */
describe('inventory words', () => {
  it('match the English catalogue', () => {
    expect(CATEGORY_WORDS).toEqual(catalogue.categories);
    expect(KIND_WORDS).toEqual(catalogue.kinds);
    const units = common.units as Record<string, string>;
    expect(UNIT_WORDS).toEqual(Object.fromEntries(SUPPLY_UNITS.map((u) => [u, units[`${u}_other`]])));
  });

  it('name an expense offered for a receipt as the money screens do', () => {
    expect(catalogue.receiptExpense.categories).toEqual(EXPENSE_CATEGORY_WORDS);
    expect(catalogue.receiptExpense.methods).toEqual(METHOD_WORDS);
  });
});
