import { afterAll, describe, expect, it } from 'vitest';
import { showLanguage } from '@/i18n';
import { decimalText, moneyText, shownLanguage } from './language-format';

describe('money and numbers on the screens', () => {
  afterAll(() => showLanguage('en'));

  it('follow the language shown: French patterns in French, Nigerian English in the others', async () => {
    expect(moneyText(125_000_050)).toBe('₦1,250,000.50');
    await showLanguage('fr');
    expect(shownLanguage()).toBe('fr');
    // French groups with a narrow no-break space and puts the naira sign after a no-break space.
    expect(moneyText(125_000_000)).toBe('1\u202f250\u202f000\u00a0₦');
    expect(moneyText(-150)).toBe('-1,50\u00a0₦');
    expect(decimalText('2500.75')).toBe('2\u202f500,75');
    await showLanguage('ha');
    expect(moneyText(125_000_000)).toBe('₦1,250,000');
    expect(decimalText('2500.75')).toBe('2,500.75');
  });

  it('are English in the pseudo-locale', async () => {
    await showLanguage('pseudo');
    expect(shownLanguage()).toBe('en');
    expect(moneyText(125_000)).toBe('₦1,250');
  });
});
