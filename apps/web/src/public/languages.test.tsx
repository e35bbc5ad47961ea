import { afterAll, describe, expect, it, vi } from 'vitest';
import { plansResponse } from '@gona/shared/plans';
import { loadNamespaces, NAMESPACES, showLanguage } from '@/i18n';
import { MANIFESTS } from '@/i18n/manifest';
import { LANGUAGE_KEY, PENDING_KEY } from '@/i18n/language';
import { enhanceLanguageChoice } from './language-choice';
import { legalLanguage, localPath, pageLanguage, pickerHref, splitLanguage } from './languages';
import { renderSite } from './site';

const site = () =>
  renderSite({
    baseUrl: 'https://gona.example',
    plans: plansResponse(75000),
    posts: [],
    assets: { css: '', script: '/assets/public.js', preloads: [] },
  });

afterAll(() => showLanguage('en'));

describe('the public pages in each language', () => {
  it('live under the language’s id; the app’s pages ask with ?lng=', () => {
    expect(localPath('en', '/about')).toBe('/about');
    expect(localPath('ha', '/about')).toBe('/ha/about');
    expect(localPath('yo', '/')).toBe('/yo');
    expect(localPath('fr', '/signup')).toBe('/signup');
    expect(pickerHref('fr', '/signup')).toBe('/signup?lng=fr');
    expect(pickerHref('en', '/ha/about'.replace('/ha', ''))).toBe('/about');
    expect(splitLanguage('/ig/pricing')).toEqual({ language: 'ig', path: '/pricing' });
    expect(splitLanguage('/about')).toEqual({ language: 'en', path: '/about' });
  });

  it('are prerendered in French under /fr with French words, its language named, and links to the others', async () => {
    await showLanguage('fr');
    await loadNamespaces(['public', 'auth']);
    const files = site();
    expect(files.map((f) => f.file)).toContain('fr/login/index.html');
    expect(files.some((f) => f.file.endsWith('sitemap.xml') || f.file.includes('not-found'))).toBe(false);
    const login = files.find((f) => f.file === 'fr/login/index.html')!.contents;
    expect(login).toContain('<html lang="fr">');
    expect(login).toContain('Connexion à Gona');
    expect(login).toContain('<link rel="canonical" href="https://gona.example/fr/login"/>');
    expect(login).toContain('<link rel="alternate" hrefLang="ha" href="https://gona.example/ha/login"/>');
    expect(login).toContain('<link rel="alternate" hrefLang="x-default" href="https://gona.example/login"/>');
    expect(login).toContain('href="/fr/about"');
    expect(login).toMatch(/<a href="\/ha\/login" hrefLang="ha" lang="ha" data-language="ha"[^>]*>Hausa<\/a>/);
  });

  it('say the language their words are in: Hausa pages in Hausa, a namespace not translated in English', async () => {
    await showLanguage('ha');
    await loadNamespaces(['public', 'auth']);
    const login = site().find((f) => f.file === 'ha/login/index.html')!.contents;
    expect(login).toContain('<html lang="ha">');
    expect(login).toMatch(/<div lang="ha"[^>]*><h1[^>]*>Shiga Gona<\/h1>/);
    const untranslated = NAMESPACES.find((namespace) => !MANIFESTS.ha.translated.includes(namespace))!;
    expect(pageLanguage('ha', untranslated)).toBe('en');
  });

  it('mark the terms and privacy policy English where they are not translated yet', async () => {
    const english = (await import('@/i18n/en/public.json')).default;
    for (const language of ['ha', 'yo', 'ig', 'pcm', 'fr'] as const) {
      const words = (await import(`@/i18n/${language}/public.json`)) as { default: typeof english };
      const inEnglish = JSON.stringify(words.default.terms) === JSON.stringify(english.terms);
      expect(legalLanguage(language), language).toBe(inEnglish ? 'en' : language);
    }
    await showLanguage('yo');
    await loadNamespaces(['public', 'auth']);
    const about = site().find((f) => f.file === 'yo/about/index.html')!.contents;
    expect(about).toContain('<html lang="yo">');
    expect(about).toMatch(/<h2 id="terms-title" lang="en"/);
  });

  it('in English stay at the root, with the sitemap', async () => {
    await showLanguage('en');
    const files = site();
    expect(files.map((f) => f.file)).toEqual(expect.arrayContaining(['login/index.html', 'sitemap.xml']));
    expect(files.find((f) => f.file === 'login/index.html')!.contents).toContain('<html lang="en">');
  });
});

describe('choosing on a public page', () => {
  function page(lang: string) {
    document.documentElement.lang = lang;
    document.body.innerHTML = ['en', 'ha', 'fr']
      .map((l) => `<a href="${localPath(l as 'en', '/about')}" data-language="${l}">${l}</a>`)
      .join('');
    return new Map<string, string>();
  }
  const storage = (map: Map<string, string>) => ({
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
  });

  it('takes a first visitor to the page in the browser’s language, once', () => {
    const kept = page('en');
    const go = vi.fn();
    enhanceLanguageChoice({ storage: storage(kept), languages: ['ha-NG', 'en'], go });
    expect(go).toHaveBeenCalledWith('/ha/about');
    expect(kept.get(LANGUAGE_KEY)).toBe('ha');
    expect(kept.has(PENDING_KEY)).toBe(false);
    const again = vi.fn();
    document.documentElement.lang = 'en';
    enhanceLanguageChoice({ storage: storage(kept), languages: ['ha-NG'], go: again });
    expect(again).not.toHaveBeenCalled();
  });

  it('leaves an English browser where it is, and keeps a picked language for the account', () => {
    const kept = page('en');
    const go = vi.fn();
    enhanceLanguageChoice({ storage: storage(kept), languages: ['en-GB'], go });
    expect(go).not.toHaveBeenCalled();
    document
      .querySelector<HTMLAnchorElement>('a[data-language="fr"]')!
      .addEventListener('click', (e) => e.preventDefault());
    document.querySelector<HTMLAnchorElement>('a[data-language="fr"]')!.click();
    expect(kept.get(LANGUAGE_KEY)).toBe('fr');
    expect(kept.get(PENDING_KEY)).toBe('fr');
  });
});
