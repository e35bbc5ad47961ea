import i18next, { type BackendModule, type i18n as I18n, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import common from './en/common.json';

/**
 * Every user-facing string lives in a catalogue, one JSON file per namespace.
 * English ships first; other languages add a folder beside en/.
 *
 * The shell's namespace is bundled; the others download with the screens that use them,
 * which keeps them off the first load of /login and /dashboard (performance budgets in architecture.md).
 * The public site's namespaces (public, and auth for the log-in page) are the exception where
 * there is no browser: the prerender (Node) renders every public page synchronously, so there they
 * are loaded before anything renders.
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

const prerenderOnly: ResourceLanguage =
  typeof window === 'undefined'
    ? { public: (await ON_DEMAND.public()).default, auth: (await ON_DEMAND.auth()).default }
    : {};

export const resources: { en: ResourceLanguage } = {
  en: { common, ...prerenderOnly },
};

export const defaultNS = 'common';

const onDemandBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(_language, namespace, callback) {
    const load = ON_DEMAND[namespace as OnDemandNamespace] as
      (typeof ON_DEMAND)[OnDemandNamespace] | undefined;
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
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
    lng: 'en',
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

/** A namespace that comes with the code (the first screen's chunk): no screen waits for it. */
export function addBundledNamespace(namespace: OnDemandNamespace, words: Record<string, unknown>): void {
  i18n.addResourceBundle('en', namespace, words);
}

/** Downloads on-demand namespaces; screens' route loaders await this so they never show raw keys. */
export function loadNamespaces(namespaces: readonly OnDemandNamespace[]): Promise<void> {
  return i18n.loadNamespaces([...namespaces]);
}
