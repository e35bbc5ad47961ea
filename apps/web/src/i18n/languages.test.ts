import { afterAll, describe, expect, it, vi } from 'vitest';
import { LANGUAGES, type Language } from '@gona/shared/languages';
import { i18n, loadNamespaces, NAMESPACES, showLanguage, TRANSLATED, type Namespace } from './index';
import { followAccountLanguage } from './account-language';
import { initialLanguage, LANGUAGE_KEY, PENDING_KEY, reconcile } from './language';
import { isNewLanguage, MANIFESTS } from './manifest';
import { pseudoLocalise, pseudoString } from './pseudo';

type Words = Record<string, unknown>;
const english = import.meta.glob<Words>('./en/*.json', { eager: true, import: 'default' });
const translations = import.meta.glob<Words>('./{ha,yo,ig,pcm,fr}/*.json', {
  eager: true,
  import: 'default',
});
const OTHERS = LANGUAGES.filter((language): language is Exclude<Language, 'en'> => language !== 'en');
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every string of a catalogue by its dotted key. */
function flatten(words: Words, prefix = ''): Map<string, unknown> {
  const flat = new Map<string, unknown>();
  for (const [key, value] of Object.entries(words)) {
    if (value && typeof value === 'object' && !Array.isArray(value))
      for (const [inner, text] of flatten(value as Words, `${prefix}${key}.`)) flat.set(inner, text);
    else flat.set(`${prefix}${key}`, value);
  }
  return flat;
}

/** The {{placeholders}} and <1>tags</1> of a string, sorted. */
function marks(text: unknown): string[] {
  return typeof text === 'string'
    ? [...text.matchAll(/\{\{[^}]*\}\}|<\/?\d+>/g)].map((m) => m[0]).sort()
    : [];
}

/** What is wrong with a translated catalogue measured against English, in words a reviewer can act on. */
function problems(language: Language, englishWords: Words, words: Words): string[] {
  const source = flatten(englishWords);
  const target = flatten(words);
  const categories = new Set(new Intl.PluralRules(language).resolvedOptions().pluralCategories as string[]);
  const found: string[] = [];
  const expected = new Set<string>();
  const plurals = new Map<string, Set<string>>();
  for (const key of source.keys()) {
    const plural = PLURAL.exec(key);
    if (plural) {
      const base = key.slice(0, -plural[0].length);
      plurals.set(base, (plurals.get(base) ?? new Set(categories)).add(plural[1]!));
    } else expected.add(key);
  }
  for (const [base, forms] of plurals) for (const form of forms) expected.add(`${base}_${form}`);
  for (const key of expected) {
    const text = target.get(key);
    if (typeof text !== 'string' || text.trim() === '') {
      found.push(`missing ${key}`);
      continue;
    }
    const plural = PLURAL.exec(key);
    const model =
      source.get(key) ?? (plural ? source.get(`${key.slice(0, -plural[0].length)}_other`) : undefined);
    if (marks(text).join() !== marks(model).join())
      found.push(`${key}: placeholders ${marks(text).join(' ')} where English has ${marks(model).join(' ')}`);
  }
  for (const key of target.keys()) if (!expected.has(key)) found.push(`not in English: ${key}`);
  return found;
}

describe.each(OTHERS)('the %s catalogues', (language) => {
  const manifest = MANIFESTS[language];

  it.each(manifest.translated.map((namespace) => [namespace]))(
    '%s has every English key, the same placeholders and the plural forms of the language',
    (namespace) => {
      const words = translations[`./${language}/${namespace}.json`];
      expect(words, `${language}/${namespace}.json is declared translated but missing`).toBeDefined();
      expect(
        problems(language, english[`./en/${namespace}.json`]!, words!),
        `A key added to en/${namespace}.json goes into ${language}/${namespace}.json too: translated, or ` +
          'in English and listed under review in manifest.ts until someone translates it',
      ).toEqual([]);
    },
  );

  it('has a file only for the namespaces its manifest declares translated, each loadable', () => {
    const namespacesOf = (paths: string[]) =>
      paths
        .filter((path) => path.startsWith(`./${language}/`))
        .map((path) => path.slice(`./${language}/`.length, -'.json'.length))
        .sort();
    expect(namespacesOf(Object.keys(translations))).toEqual([...manifest.translated].sort());
    expect(namespacesOf(Object.keys(TRANSLATED))).toEqual([...manifest.translated].sort());
  });

  it('lists for review only keys English has, in translated namespaces', () => {
    for (const [namespace, keys] of Object.entries(manifest.review)) {
      expect(manifest.translated).toContain(namespace);
      if (keys === 'all') continue;
      const source = flatten(english[`./en/${namespace}.json`]!);
      for (const key of keys) {
        const found = key.endsWith('*')
          ? [...source.keys()].some((k) => k.startsWith(key.slice(0, -1)))
          : source.has(key);
        expect(found, `${namespace}:${key}`).toBe(true);
      }
    }
  });
});

describe('the checks themselves', () => {
  it('find a missing key, a lost placeholder, a missing plural form and a key English lacks', () => {
    const en = { a: 'A {{n}}', b: 'B', c_one: '{{count}} c', c_other: '{{count}} cs' };
    expect(problems('fr', en, { a: 'A', c_one: '{{count}} c', c_other: '{{count}} c', d: 'D' })).toEqual([
      'a: placeholders  where English has {{n}}',
      'missing b',
      'missing c_many',
      'not in English: d',
    ]);
    expect(
      problems('fr', en, {
        a: 'A {{n}}',
        b: 'B',
        c_one: '{{count}} c',
        c_many: '{{count}} c',
        c_other: '{{count}} c',
      }),
    ).toEqual([]);
  });
});

describe('a language chosen', () => {
  afterAll(() => showLanguage('en'));

  it('shows its translated words, and English where a namespace is not translated yet', async () => {
    const untranslated = NAMESPACES.find((namespace) => !MANIFESTS.ha.translated.includes(namespace))!;
    const key = [...flatten(english[`./en/${untranslated}.json`]!).keys()].find((k) => !PLURAL.test(k))!;
    await showLanguage('ha');
    await loadNamespaces(['auth', untranslated as Exclude<Namespace, 'common'>]);
    expect(i18n.t('signIn.submit', { ns: 'auth' })).toBe(
      flatten(translations['./ha/auth.json']!).get('signIn.submit'),
    );
    expect(i18n.t('signIn.submit', { ns: 'auth' })).not.toBe('Log in');
    expect(i18n.t(key, { ns: untranslated })).toBe(flatten(english[`./en/${untranslated}.json`]!).get(key));
    expect(document.documentElement.lang).toBe('ha');
  });

  it('in French, uses the French plural forms', async () => {
    await showLanguage('fr');
    await loadNamespaces(['dashboard']);
    expect(i18n.t('queued', { ns: 'dashboard', count: 1 })).toBe(
      (flatten(translations['./fr/dashboard.json']!).get('queued_one') as string).replace('{{count}}', '1'),
    );
    expect(i18n.t('queued', { ns: 'dashboard', count: 3 })).toBe(
      (flatten(translations['./fr/dashboard.json']!).get('queued_other') as string).replace('{{count}}', '3'),
    );
  });

  it('in the pseudo-locale, is about 40 % longer with accents, placeholders untouched', async () => {
    const text = pseudoString('Welcome, {{name}}');
    expect(text).toContain('{{name}}');
    expect(text).toMatch(/^\[Wḗlçọ́mḗ, \{\{name\}\}/);
    expect(text.length).toBeGreaterThanOrEqual(Math.ceil('Welcome, {{name}}'.length * 1.4));
    expect(pseudoLocalise({ a: { b: 'Save' } })).toEqual({ a: { b: pseudoString('Save') } });
    await showLanguage('pseudo');
    expect(i18n.t('save')).toBe(pseudoString('Save'));
  });
});

describe('Settings marks a language new', () => {
  it('while a namespace is untranslated or under review; English never', () => {
    expect(isNewLanguage('en')).toBe(false);
    for (const language of OTHERS) expect(isNewLanguage(language)).toBe(true);
    expect(isNewLanguage('fr', { translated: NAMESPACES, review: {} })).toBe(false);
    expect(isNewLanguage('fr', { translated: NAMESPACES, review: { common: ['save'] } })).toBe(true);
    expect(isNewLanguage('fr', { translated: NAMESPACES.slice(1), review: {} })).toBe(true);
  });
});

describe('the language of a first visit', () => {
  it('is the browser language Gona speaks, else English; a choice on the phone is kept', () => {
    localStorage.clear();
    expect(initialLanguage('', ['yo-NG', 'en'])).toBe('yo');
    expect(initialLanguage('', ['de'])).toBe('en');
    expect(initialLanguage('?lng=pcm', ['de'])).toBe('pcm');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('pcm');
    expect(initialLanguage('', ['fr'])).toBe('pcm');
    expect(initialLanguage('?lng=xx', ['fr'])).toBe('pcm');
    expect(initialLanguage('?lng=pseudo', [])).toBe('pseudo');
  });

  it('after sign-in follows the account, unless this phone chose before the account heard of it', () => {
    localStorage.clear();
    expect(reconcile('ha')).toEqual({ show: 'ha', send: null });
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('ha');
    initialLanguage('?lng=ig', []);
    expect(localStorage.getItem(PENDING_KEY)).toBe('ig');
    expect(reconcile('ha')).toEqual({ show: 'ig', send: 'ig' });
    expect(reconcile('ig')).toEqual({ show: 'ig', send: null });
    expect(localStorage.getItem(PENDING_KEY)).toBeNull();
  });

  it('tells the account of a choice made on the phone, and keeps it pending while that fails', async () => {
    localStorage.clear();
    initialLanguage('?lng=yo', []);
    const refused = vi.fn(() => Promise.reject(new Error('offline')));
    await followAccountLanguage('en', refused);
    expect(refused).toHaveBeenCalledWith('yo');
    expect(i18n.language).toBe('yo');
    expect(localStorage.getItem(PENDING_KEY)).toBe('yo');
    const saved = vi.fn(() => Promise.resolve({}));
    await followAccountLanguage('en', saved);
    expect(saved).toHaveBeenCalledWith('yo');
    expect(localStorage.getItem(PENDING_KEY)).toBeNull();
    const never = vi.fn(() => Promise.resolve({}));
    await followAccountLanguage('yo', never);
    expect(never).not.toHaveBeenCalled();
    await showLanguage('en');
  });
});
