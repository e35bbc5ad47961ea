import { LANGUAGES, isLanguage, pickLanguage, type Language } from '@gona/shared/languages';
import { LANGUAGE_KEY, PENDING_KEY } from '@/i18n/language';

type Options = {
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  languages?: readonly string[];
  go?: (url: string) => void;
};

/**
 * The public pages' part of choosing a language: a link of the picker keeps the choice on the phone
 * (and tells the account at the next sign-in); a first visit to an English page, by a browser that
 * prefers a language Gona speaks, goes to that page in it. Someone who chose stays where they chose.
 */
export function enhanceLanguageChoice({
  storage = localStorage,
  languages = navigator.languages,
  go = (url) => location.replace(url),
}: Options = {}): void {
  const keep = (language: Language, pending: boolean) => {
    try {
      storage.setItem(LANGUAGE_KEY, language);
      if (pending) storage.setItem(PENDING_KEY, language);
    } catch {
      // Storage refused: the choice lasts for this page.
    }
  };
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-language]')) {
    link.addEventListener('click', () => {
      const language = link.dataset.language;
      if (isLanguage(language)) keep(language, true);
    });
  }
  let kept: string | null;
  try {
    kept = storage.getItem(LANGUAGE_KEY);
  } catch {
    return;
  }
  if (isLanguage(kept)) return;
  const wanted = pickLanguage(languages);
  keep(wanted, false);
  if (wanted === 'en' || document.documentElement.lang !== 'en' || !LANGUAGES.includes(wanted)) return;
  const link = document.querySelector<HTMLAnchorElement>(`a[data-language="${wanted}"]`);
  const href = link?.getAttribute('href');
  if (href) go(`${href}${location.search}${location.hash}`);
}
