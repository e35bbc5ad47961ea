import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
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

export const i18n: I18n = i18next.createInstance();
// Registered on the instance so useTranslation() finds it without a provider (tests, lazy screens).
void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources,
  defaultNS,
  ns: Object.keys(resources.en),
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});
