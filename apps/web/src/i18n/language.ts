import { getI18n } from 'react-i18next';
import { isLanguage, pickLanguage, type Language } from '@gona/shared/languages';

/**
 * Which language the screens show, before and after sign-in (docs/decisions on languages):
 * 1. `?lng=xx` in the address (the public pages' picker on app pages such as /signup);
 * 2. the choice kept on this phone (gona.language), written by any picker;
 * 3. the browser's languages at the first visit, else English.
 * Once signed in, the account's language wins on every device, except for a choice made on this
 * phone before the account heard of it (gona.language_pending), which is sent to the account.
 */
export const LANGUAGE_KEY = 'gona.language';
export const PENDING_KEY = 'gona.language_pending';

/** The pseudo-locale: English made ~40 % longer with accents, to see what overflows. Not in production. */
export const PSEUDO = 'pseudo';
export type ShownLanguage = Language | typeof PSEUDO;

// No Vite (the prerender in Node): no pseudo-locale.
const env = import.meta.env as ImportMetaEnv | undefined;
export const PSEUDO_ALLOWED = Boolean(env?.DEV || env?.MODE === 'test');

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode, full): the choice lasts for this page only.
  }
}

/** The language to start with on this phone. */
export function initialLanguage(
  search: string = location.search,
  languages: readonly string[] = navigator.languages,
): ShownLanguage {
  const asked = new URLSearchParams(search).get('lng');
  if (asked === PSEUDO && PSEUDO_ALLOWED) return PSEUDO;
  if (isLanguage(asked)) {
    chooseOnThisPhone(asked);
    return asked;
  }
  const kept = read(LANGUAGE_KEY);
  return isLanguage(kept) ? kept : pickLanguage(languages);
}

/** A person picked `language` here: kept on the phone, and sent to the account at the next sign-in. */
export function chooseOnThisPhone(language: Language): void {
  write(LANGUAGE_KEY, language);
  write(PENDING_KEY, language);
}

/**
 * After the account is read: the language to show, and whether the account must be told of a choice
 * made on this phone first. The account's language is kept on the phone for the next start.
 */
export function reconcile(account: Language): { show: Language; send: Language | null } {
  const pending = read(PENDING_KEY);
  if (isLanguage(pending) && pending !== account) return { show: pending, send: pending };
  write(PENDING_KEY, null);
  write(LANGUAGE_KEY, account);
  return { show: account, send: null };
}

/** The account heard of the phone's choice. */
export function accountKnows(language: Language): void {
  write(PENDING_KEY, null);
  write(LANGUAGE_KEY, language);
}

/**
 * Shows the screens in `language` (downloading its words first); English stays underneath. Reads
 * the instance react-i18next holds, so the session code that calls it does not import the
 * catalogues' loader (and with it every namespace) into the first screen's chunk.
 */
export async function showLanguage(language: ShownLanguage): Promise<void> {
  const i18n = getI18n();
  if (i18n.language !== language) await i18n.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language === PSEUDO ? 'en' : language;
}
