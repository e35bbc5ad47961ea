import i18next from 'i18next';
import common from './en/common.json';
import auth from './en/auth.json';
import dashboard from './en/dashboard.json';
import publicSite from './en/public.json';
import inventory from './en/inventory.json';

/**
 * Every user-facing string lives in a catalogue, one JSON file per namespace.
 * English ships first; other languages add a folder beside en/.
 */
export const resources = {
  en: { common, auth, dashboard, public: publicSite, inventory },
} as const;

export const defaultNS = 'common';

export const i18n = i18next.createInstance();
void i18n.init({
  lng: 'en',
  fallbackLng: 'en',
  resources,
  defaultNS,
  ns: Object.keys(resources.en),
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});
