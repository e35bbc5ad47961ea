import { z } from 'zod';
import { INT4_MAX } from '../limits/index';
import { plainMessage } from './messages';

export { INT4_MAX };

// Every schema in Gona shares one zod; checks without their own message speak plain words.
z.config({ customError: plainMessage });

/**
 * Control characters other than tab, line feed and carriage return. Nobody types them, PostgreSQL
 * refuses NUL in text, and they hide text in spreadsheets and logs.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
export const CONTROL_CHARACTER_MESSAGE = 'Remove the invisible control characters from this text';

/** Text typed by a person: trimmed, at most `max` characters, no control characters. */
export function textSchema(max: number) {
  return z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), CONTROL_CHARACTER_MESSAGE);
}

/** Optional text: blank means "not given" and is stored as null. */
export function optionalTextSchema(max: number) {
  return textSchema(max)
    .transform((value) => (value === '' ? null : value))
    .nullish();
}

/**
 * The id of a new record, made by the app (UUID v7, time-ordered like the server's) so that a record
 * saved offline keeps its identity and a replayed save is recognised.
 */
export function clientIdSchema(message = 'A new record needs an id made by the app') {
  return z.uuid({ version: 'v7', error: message });
}

/** The version an editor saw, for optimistic concurrency (an int4 column). */
export const VersionSchema = z
  .number({ error: 'Reload and try again' })
  .int('Reload and try again')
  .nonnegative('Reload and try again')
  .max(INT4_MAX, 'Reload and try again');

/** A calendar date (yyyy-mm-dd) in years a farm record can be about, which PostgreSQL stores. */
export function calendarDateSchema(message: string) {
  return z.iso.date(message).refine((value) => {
    const year = Number(value.slice(0, 4));
    return year >= 1900 && year <= 2200;
  }, message);
}

/** True for an IANA time zone this runtime knows, such as Africa/Lagos. */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const TimeZoneSchema = z
  .string()
  .trim()
  .max(64, 'Choose a time zone such as Africa/Lagos')
  .refine(isTimeZone, 'Choose a time zone such as Africa/Lagos');
