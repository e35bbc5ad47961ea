import type { Language } from '@gona/shared/languages';
import { NAMESPACES, type Namespace } from './index';

/**
 * What is translated in each language, and what a native speaker has still to read.
 *
 * - `translated`: the namespaces whose file exists in the language's folder (ha/common.json…). Each
 *   has every English key, with the same placeholders and the language's plural forms
 *   (catalogues.test.ts). Every other namespace shows English until it is added here.
 * - `review`: per namespace, `'all'` or the keys (`terms.*`: every key that starts so) whose words
 *   must still be checked by a native speaker before the language stops being "new". Written by the team from the glossary
 *   (docs/glossary/), not by native speakers: Hausa, Yoruba, Igbo and Pidgin all need review.
 *
 * Settings marks a language "new" while any namespace is untranslated or under review.
 */
export type LanguageManifest = {
  translated: readonly Namespace[];
  review: Partial<Record<Namespace, 'all' | readonly string[]>>;
};

const FIRST_SCREENS = ['common', 'auth', 'dashboard'] as const satisfies readonly Namespace[];

export const MANIFESTS: Record<Exclude<Language, 'en'>, LanguageManifest> = {
  ha: {
    // Some longer texts of the public pages, and the terms and privacy policy, are still English (legalLanguage).
    translated: [...FIRST_SCREENS, 'public', 'tasks'],
    review: { common: 'all', auth: 'all', dashboard: 'all', public: 'all', tasks: 'all' },
  },
  yo: {
    // Some longer texts of the public pages, and the terms and privacy policy, are still English (legalLanguage).
    translated: [...FIRST_SCREENS, 'public'],
    review: { common: 'all', auth: 'all', dashboard: 'all', public: 'all' },
  },
  ig: {
    // Some longer texts of the public pages, and the terms and privacy policy, are still English (legalLanguage).
    translated: [...FIRST_SCREENS, 'public'],
    review: { common: 'all', auth: 'all', dashboard: 'all', public: 'all' },
  },
  pcm: {
    translated: [...FIRST_SCREENS, 'public', 'tasks', 'livestock'],
    review: { common: 'all', auth: 'all', dashboard: 'all', public: 'all', tasks: 'all', livestock: 'all' },
  },
  fr: {
    translated: [...FIRST_SCREENS, 'public', 'tasks', 'livestock'],
    review: {
      // Farm words a francophone farmer in Niger or Benin may say otherwise (docs/glossary/fr.md).
      common: ['units.mudu_*', 'unitNames.mudu'],
      livestock: ['species.chicken_noiler', 'species.catfish', 'routes.wing_web', 'heads.chicken_noiler_*'],
      // Legal text: to be read by a lawyer before it binds anyone in French.
      public: ['terms.*', 'privacy.*'],
    },
  },
};

/** A language still "new" in Settings: some namespace untranslated, or words awaiting a native speaker's review. */
export function isNewLanguage(
  language: Language,
  manifest: LanguageManifest | undefined = language === 'en' ? undefined : MANIFESTS[language],
): boolean {
  if (!manifest) return false;
  return (
    NAMESPACES.some((namespace) => !manifest.translated.includes(namespace)) ||
    Object.values(manifest.review).some((keys) => keys === 'all' || keys.length > 0)
  );
}
