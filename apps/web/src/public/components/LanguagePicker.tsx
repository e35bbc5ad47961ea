import { Languages } from 'lucide-react';
import { i18n } from '@/i18n';
import { currentLanguage, LANGUAGE_NAMES, LANGUAGES, pickerHref } from '../languages';
import { t } from '../t';

/**
 * The public pages' language picker: plain links to the same page in each language (works without
 * JavaScript); the public script keeps the choice on the phone (language-choice.ts).
 */
export function LanguagePicker({ currentPath }: { currentPath: string }) {
  const shown = currentLanguage(i18n.language);
  return (
    <details className="relative" data-language-picker>
      <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-1 rounded-md px-2 text-sm font-medium text-stone-700 hover:bg-stone-100 [&::-webkit-details-marker]:hidden">
        <Languages aria-hidden="true" className="size-4" />
        <span className="sr-only">{t('language.label')}: </span>
        <span lang={shown}>{LANGUAGE_NAMES[shown].own}</span>
      </summary>
      <ul className="absolute right-0 z-20 mt-1 w-48 rounded-md border border-stone-200 bg-white py-1 shadow-lg">
        {LANGUAGES.map((language) => (
          <li key={language}>
            <a
              href={pickerHref(language, currentPath)}
              hrefLang={language}
              lang={language}
              data-language={language}
              aria-current={language === shown ? 'true' : undefined}
              className="flex min-h-11 items-center px-3 text-sm text-stone-800 hover:bg-stone-100 aria-[current=true]:font-semibold aria-[current=true]:text-green-800"
            >
              {LANGUAGE_NAMES[language].own}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
