import { describe, expect, it } from 'vitest';
import {
  formatDay,
  formatDecimal,
  formatLocale,
  formatMoney,
  LANGUAGE_NAMES,
  LANGUAGES,
  pickLanguage,
} from './index';

describe('the first visit picks the language', () => {
  it('from the first of the browser languages Gona speaks', () => {
    expect(pickLanguage(['ha-NG', 'en-GB'])).toBe('ha');
    expect(pickLanguage(['de-DE', 'fr-NE', 'en'])).toBe('fr');
    expect(pickLanguage(['pcm'])).toBe('pcm');
    expect(pickLanguage(['YO'])).toBe('yo');
    expect(pickLanguage(['ig_NG'])).toBe('ig');
  });

  it('else English', () => {
    expect(pickLanguage(['de-DE', 'zh'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
    expect(pickLanguage(undefined)).toBe('en');
  });
});

describe('numbers, money and dates', () => {
  it('French uses French patterns; Hausa, Yoruba, Igbo and Pidgin use Nigerian English', () => {
    expect(formatLocale('fr')).toBe('fr');
    for (const language of ['en', 'ha', 'yo', 'ig', 'pcm'] as const)
      expect(formatLocale(language)).toBe('en-NG');
  });

  it('money: ₦ with thousands separators, kobo only when non-zero', () => {
    for (const language of ['en', 'ha', 'yo', 'ig', 'pcm'] as const) {
      expect(formatMoney(125_000_000, language)).toBe('₦1,250,000');
      expect(formatMoney(125_000_050, language)).toBe('₦1,250,000.50');
      expect(formatMoney(-4_500, language)).toBe('-₦45');
    }
    expect(formatMoney(125_000_000, 'fr')).toBe('1\u202f250\u202f000\u00a0₦');
    expect(formatMoney(125_000_050, 'fr')).toBe('1\u202f250\u202f000,50\u00a0₦');
    expect(formatMoney(0, 'fr')).toBe('0\u00a0₦');
    expect(() => formatMoney(1.5, 'en')).toThrow(RangeError);
  });

  it('exact decimal quantities keep every digit', () => {
    expect(formatDecimal('1234567.125', 'yo')).toBe('1,234,567.125');
    expect(formatDecimal('1234567.125', 'fr')).toBe('1\u202f234\u202f567,125');
    expect(formatDecimal(30, 'ha')).toBe('30');
    expect(formatDecimal('-1000', 'pcm')).toBe('-1,000');
    expect(formatDecimal('not a number', 'en')).toBe('not a number');
  });

  it('dates are dd/mm/yyyy in every language', () => {
    for (const language of LANGUAGES) expect(formatDay('2025-05-26', language)).toBe('26/05/2025');
  });
});

it('every language has its own name and its English name', () => {
  for (const language of LANGUAGES) {
    expect(LANGUAGE_NAMES[language].own).not.toBe('');
    expect(LANGUAGE_NAMES[language].english).not.toBe('');
  }
  expect(LANGUAGE_NAMES.yo.own).toBe('Yorùbá');
  expect(LANGUAGE_NAMES.fr.own).toBe('Français');
});
