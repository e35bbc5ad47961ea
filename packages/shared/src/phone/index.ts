/**
 * Nigerian phone numbers, without zod so that a list can show them without the schema library.
 * People write the same number as 0803 123 4567, +234 803 123 4567 or 2348031234567; it is stored
 * once, in the international form (E.164: +2348031234567), so search, tel: links and SMS agree.
 */

export const PHONE_ADVICE = 'Enter a Nigerian mobile number, like 0803 123 4567 or +234 803 123 4567';

/**
 * The number in E.164 (+234 and the ten digits after the leading 0), or null when it is not a
 * Nigerian mobile number (ten digits starting 70, 80, 81, 90 or 91 after the 0).
 */
export function normalizeNigerianPhone(text: string): string | null {
  const compact = text.replace(/[\s().-]/g, '');
  const national = /^(?:\+?234)?0?(\d{10})$/.exec(compact)?.[1];
  if (!national || !/^[789][01]\d{8}$/.test(national)) return null;
  return `+234${national}`;
}

/** +2348031234567 → "0803 123 4567", the way it is read out in Nigeria; anything else as it is. */
export function formatNigerianPhone(e164: string): string {
  const match = /^\+234(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return match ? `0${match[1]} ${match[2]} ${match[3]}` : e164;
}

/**
 * The digits of a search typed as a phone number, as they appear inside the stored form: "0803 12"
 * → "80312", "+234 803" → "234803". Null when the search is not made of digits (a name).
 */
export function phoneSearchDigits(search: string): string | null {
  if (!/^[\s()+\d-]+$/.test(search)) return null;
  const digits = search.replace(/\D/g, '');
  if (digits.length < 3) return null;
  return digits.startsWith('0') ? digits.slice(1) : digits;
}
