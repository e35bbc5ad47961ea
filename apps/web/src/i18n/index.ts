import i18next, { type BackendModule, type i18n as I18n, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@gona/shared/languages';
import common from './en/common.json';
import { initialLanguage, PSEUDO } from './language';

export { showLanguage } from './language';

/**
 * Every user-facing string lives in a catalogue, one JSON file per namespace.
 * English ships first; other languages add a folder beside en/.
 *
 * The shell's namespace is bundled; the others download with the screens that use them,
 * which keeps them off the first load of /login and /dashboard (performance budgets in architecture.md).
 * The public site's namespaces (public, and auth for the log-in page) are the exception where
 * there is no browser: the prerender (Node) renders every public page synchronously, so there they
 * are loaded before anything renders, in every language.
 *
 * Other languages (ha, yo, ig, pcm, fr) live in folders beside en/, one file per namespace the
 * language's manifest (manifest.ts) says is translated; each downloads only when its language is
 * chosen. A namespace not translated yet loads nothing and shows English (the fallback).
 */
const ON_DEMAND = {
  activity: () => import('./en/activity.json'),
  admin: () => import('./en/admin.json'),
  assistant: () => import('./en/assistant.json'),
  auth: () => import('./en/auth.json'),
  billing: () => import('./en/billing.json'),
  climate: () => import('./en/climate.json'),
  crops: () => import('./en/crops.json'),
  dashboard: () => import('./en/dashboard.json'),
  farms: () => import('./en/farms.json'),
  inventory: () => import('./en/inventory.json'),
  livestock: () => import('./en/livestock.json'),
  marketplace: () => import('./en/marketplace.json'),
  members: () => import('./en/members.json'),
  money: () => import('./en/money.json'),
  account: () => import('./en/account.json'),
  notifications: () => import('./en/notifications.json'),
  photos: () => import('./en/photos.json'),
  public: () => import('./en/public.json'),
  reports: () => import('./en/reports.json'),
  screens: () => import('./en/screens.json'),
  staff: () => import('./en/staff.json'),
  support: () => import('./en/support.json'),
  tasks: () => import('./en/tasks.json'),
} satisfies Record<string, () => Promise<{ default: Record<string, unknown> }>>;

export type OnDemandNamespace = keyof typeof ON_DEMAND;
export type Namespace = OnDemandNamespace | 'common';

/**
 * Every translated catalogue, one lazy chunk each. Written out (not import.meta.glob) because the
 * prerender runs in Node without Vite; languages.test.ts holds it to the files and the manifests.
 */
export const TRANSLATED: Record<string, () => Promise<{ default: Record<string, unknown> }>> = {
  './ha/common.json': () => import('./ha/common.json'),
  './ha/auth.json': () => import('./ha/auth.json'),
  './ha/dashboard.json': () => import('./ha/dashboard.json'),
  './ha/public.json': () => import('./ha/public.json'),
  './ha/tasks.json': () => import('./ha/tasks.json'),
  './yo/common.json': () => import('./yo/common.json'),
  './yo/auth.json': () => import('./yo/auth.json'),
  './yo/dashboard.json': () => import('./yo/dashboard.json'),
  './yo/public.json': () => import('./yo/public.json'),
  './ig/common.json': () => import('./ig/common.json'),
  './ig/auth.json': () => import('./ig/auth.json'),
  './ig/dashboard.json': () => import('./ig/dashboard.json'),
  './ig/public.json': () => import('./ig/public.json'),
  './pcm/common.json': () => import('./pcm/common.json'),
  './pcm/auth.json': () => import('./pcm/auth.json'),
  './pcm/dashboard.json': () => import('./pcm/dashboard.json'),
  './pcm/public.json': () => import('./pcm/public.json'),
  './pcm/tasks.json': () => import('./pcm/tasks.json'),
  './pcm/livestock.json': () => import('./pcm/livestock.json'),
  './fr/common.json': () => import('./fr/common.json'),
  './fr/auth.json': () => import('./fr/auth.json'),
  './fr/dashboard.json': () => import('./fr/dashboard.json'),
  './fr/public.json': () => import('./fr/public.json'),
  './fr/tasks.json': () => import('./fr/tasks.json'),
  './fr/livestock.json': () => import('./fr/livestock.json'),
};

/** The words of `namespace` in `language`, or null where the language has none yet (English shows). */
export async function translatedWords(
  language: Exclude<Language, 'en'>,
  namespace: Namespace,
): Promise<Record<string, unknown> | null> {
  // A file exists exactly for the namespaces the language's manifest declares translated (languages.test.ts).
  const load = TRANSLATED[`./${language}/${namespace}.json`];
  return load ? (await load()).default : null;
}

async function englishWords(namespace: Namespace): Promise<Record<string, unknown> | null> {
  if (namespace === 'common') return common;
  const load = ON_DEMAND[namespace] as (typeof ON_DEMAND)[OnDemandNamespace] | undefined;
  return load ? (await load()).default : null;
}

/** The public site's words in every language, for the prerender (no browser). */
const PRERENDERED: readonly Namespace[] = ['public', 'auth', 'common'];
async function prerenderResources(): Promise<Record<string, ResourceLanguage>> {
  const languages = ['ha', 'yo', 'ig', 'pcm', 'fr'] as const;
  const all: Record<string, ResourceLanguage> = {
    en: { public: (await ON_DEMAND.public()).default, auth: (await ON_DEMAND.auth()).default },
  };
  for (const language of languages) {
    const words: ResourceLanguage = {};
    for (const namespace of PRERENDERED) {
      const found = await translatedWords(language, namespace);
      if (found) words[namespace] = found;
    }
    all[language] = words;
  }
  return all;
}
const prerenderOnly: Record<string, ResourceLanguage> =
  typeof window === 'undefined' ? await prerenderResources() : { en: {} };

export const resources: Record<string, ResourceLanguage> & { en: ResourceLanguage } = {
  ...prerenderOnly,
  en: { common, ...prerenderOnly.en },
};

export const defaultNS = 'common';

const onDemandBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const words =
      language === 'en'
        ? englishWords(namespace as Namespace)
        : language === PSEUDO
          ? Promise.all([englishWords(namespace as Namespace), import('./pseudo')]).then(
              ([english, { pseudoLocalise }]) => english && pseudoLocalise(english),
            )
          : translatedWords(language as Exclude<Language, 'en'>, namespace as Namespace);
    words.then(
      (found) => callback(null, found ?? {}),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const i18n: I18n = i18next.createInstance();
// Registered on the instance so useTranslation() finds it without a provider (tests, lazy screens).
void i18n
  .use(onDemandBackend)
  .use(initReactI18next)
  .init({
    lng: typeof window === 'undefined' ? 'en' : initialLanguage(),
    fallbackLng: 'en',
    resources,
    partialBundledLanguages: true,
    defaultNS,
    ns: Object.keys(resources.en),
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    // A screen whose namespace is still downloading re-renders when it arrives instead of suspending.
    react: { useSuspense: false },
  });

// The page says which language it is in from the start (screen readers, the browser's hyphenation).
if (typeof document !== 'undefined' && i18n.language !== PSEUDO)
  document.documentElement.lang = i18n.language;

/** A namespace that comes with the code (the first screen's chunk): no screen waits for it. */
export function addBundledNamespace(namespace: OnDemandNamespace, words: Record<string, unknown>): void {
  i18n.addResourceBundle('en', namespace, words);
}

/** Every namespace English has: what a language must translate before it stops being new. */
export const NAMESPACES: readonly Namespace[] = [
  'common',
  ...(Object.keys(ON_DEMAND) as OnDemandNamespace[]),
];

/** Downloads on-demand namespaces; screens' route loaders await this so they never show raw keys. */
export function loadNamespaces(namespaces: readonly OnDemandNamespace[]): Promise<void> {
  return i18n.loadNamespaces([...namespaces]);
}
