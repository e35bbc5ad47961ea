/** The languages Gona speaks (product.md). Kept free of zod: the public pages' script reads it. */
export const LANGUAGES = ['en', 'ha', 'yo', 'ig', 'pcm', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * Each language Gona speaks, named the way its speakers name it (what the language pickers show),
 * with its English name for staff and logs.
 */
export const LANGUAGE_NAMES: Record<Language, { own: string; english: string }> = {
  en: { own: 'English', english: 'English' },
  ha: { own: 'Hausa', english: 'Hausa' },
  yo: { own: 'Yorùbá', english: 'Yoruba' },
  ig: { own: 'Igbo', english: 'Igbo' },
  pcm: { own: 'Naijá (Pidgin)', english: 'Nigerian Pidgin' },
  fr: { own: 'Français', english: 'French' },
};

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/**
 * The language for a first visit, from the browser's list (navigator.languages, most wanted first):
 * the first whose primary tag Gona speaks ("ha-NG" is Hausa, "fr-NE" French), else English.
 */
export function pickLanguage(preferred: readonly string[] | undefined): Language {
  for (const tag of preferred ?? []) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}

/**
 * The Intl locale whose patterns a language's numbers, money and dates follow. French has its own;
 * browsers carry no data for Hausa, Yoruba, Igbo or Pidgin (Chromium falls back to whatever it
 * likes), so they follow Nigerian English on purpose: ₦1,250,000 and 26/05/2025.
 */
export function formatLocale(language: Language): 'fr' | 'en-NG' {
  return language === 'fr' ? 'fr' : 'en-NG';
}

function separators(language: Language): { group: string; decimal: string } {
  const parts = new Intl.NumberFormat(formatLocale(language)).formatToParts(12345.6);
  return {
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
  };
}

/**
 * An exact decimal string ("1250000.5", "-12") or a whole number with the language's thousands
 * separator and decimal mark; the digits are never rounded.
 */
export function formatDecimal(value: string | number, language: Language): string {
  const text = String(value).trim();
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return text;
  const [, sign, whole, fraction] = match;
  const { group, decimal } = separators(language);
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${sign}${grouped}${fraction ? `${decimal}${fraction}` : ''}`;
}

/** Kobo as naira in the language's pattern: ₦1,250,000.50 (en-NG) or 1 250 000,50 ₦ (fr); kobo only when non-zero. */
export function formatMoney(amount: number, language: Language): string {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`Kobo must be a whole number, got ${amount}`);
  const abs = Math.abs(amount);
  const rest = abs % 100;
  const number = formatDecimal(
    `${Math.floor(abs / 100)}${rest ? `.${String(rest).padStart(2, '0')}` : ''}`,
    language,
  );
  const sign = amount < 0 ? '-' : '';
  return language === 'fr' ? `${sign}${number}\u00a0₦` : `${sign}₦${number}`;
}

/** A calendar day ("2025-05-26") as dd/mm/yyyy, which every one of Gona's languages writes the same way. */
export function formatDay(day: string, language: Language): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!match) return day;
  const [, year, month, date] = match;
  // fr and en-NG both write dd/mm/yyyy; spelled out so that a browser without data (ha, yo) cannot change it.
  void language;
  return `${date}/${month}/${year}`;
}
