import { LANGUAGES, LANGUAGE_NAMES, isLanguage, type Language } from '@gona/shared/languages';
import { TRANSLATED } from '@/i18n';

/**
 * The public site in each language: English at its paths (/about), every other language under its
 * id (/ha/about), each prerendered (scripts/prerender.ts). Pages of the app (/signup) are not
 * prerendered; there a language is asked for with ?lng=, which the app keeps (i18n/language.ts).
 */
export { LANGUAGES, LANGUAGE_NAMES, type Language };

export function isPrerenderedPath(path: string): boolean {
  return (
    ['/', '/about', '/pricing', '/contact', '/login', '/blog', '/help'].includes(path) ||
    /^\/(blog|help)\//.test(path)
  );
}

/** Where a link to `path` goes for a person reading `language`: its page in that language, if there is one. */
export function localPath(language: Language, path: string): string {
  if (language === 'en' || !isPrerenderedPath(path)) return path;
  return `/${language}${path === '/' ? '' : path}`;
}

/** The picker's link: the same page in `language` (the app's pages ask with ?lng=). */
export function pickerHref(language: Language, path: string): string {
  return isPrerenderedPath(path) ? localPath(language, path) : `${path}?lng=${language}`;
}

/** "/ha/about" is the about page in Hausa; "/about" the English one. */
export function splitLanguage(pathname: string): { language: Language; path: string } {
  const [, first = '', ...rest] = pathname.split('/');
  return isLanguage(first) && first !== 'en'
    ? { language: first, path: `/${rest.join('/')}` }
    : { language: 'en', path: pathname };
}

export function currentLanguage(language: string): Language {
  return isLanguage(language) ? language : 'en';
}

/**
 * The language a page's words are in, for `lang`: a language whose public words are not translated
 * yet shows them in English (its log-in form, from the auth words, says its own language).
 */
export function pageLanguage(language: Language, namespace = 'public'): Language {
  return language === 'en' || `./${language}/${namespace}.json` in TRANSLATED ? language : 'en';
}

/**
 * The languages whose terms of service and privacy policy are still the English text: a binding
 * text waits for a lawyer and a native speaker, so their dialogs say they are in English.
 */
const LEGAL_IN_ENGLISH: readonly Language[] = ['ha', 'yo', 'ig'];

/** The language of the terms and privacy dialogs' text, for `lang`. */
export function legalLanguage(language: Language): Language {
  return LEGAL_IN_ENGLISH.includes(language) ? 'en' : pageLanguage(language);
}
