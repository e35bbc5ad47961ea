import type { ReactNode } from 'react';
import { PublicFooter } from './components/PublicFooter';
import { PublicHeader } from './components/PublicHeader';
import { i18n } from '@/i18n';
import { currentLanguage, LANGUAGES, localPath, pageLanguage } from './languages';
import { t } from './t';

export type PageAssets = {
  /** The public stylesheet, inlined so the first paint waits for no other request. */
  css: string;
  /** The enhancement script and the chunks it imports (from Vite's manifest). */
  script: string;
  preloads: readonly string[];
};

type DocumentProps = {
  path: string;
  title: string;
  description: string;
  baseUrl: string;
  assets: PageAssets;
  ogType?: 'website' | 'article';
  /** false for the 404 page, which draws its own screen. */
  chrome?: boolean;
  /** Pages that ask not to be indexed (the 404). */
  noindex?: boolean;
  children: ReactNode;
};

/** The whole HTML document of a prerendered public page: meta tags, styles, header, footer. */
export function Document({
  path,
  title,
  description,
  baseUrl,
  assets,
  ogType = 'website',
  chrome = true,
  noindex = false,
  children,
}: DocumentProps) {
  // `path` is the English page's; the page is written in the language i18n shows now.
  const language = currentLanguage(i18n.language);
  const url = `${baseUrl}${localPath(language, path)}`;
  return (
    <html lang={pageLanguage(language)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={description} />
        {noindex ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={url} />}
        {!noindex &&
          LANGUAGES.map((other) => (
            <link key={other} rel="alternate" hrefLang={other} href={`${baseUrl}${localPath(other, path)}`} />
          ))}
        {!noindex && <link rel="alternate" hrefLang="x-default" href={`${baseUrl}${path}`} />}
        <meta property="og:site_name" content={t('siteName')} />
        <meta property="og:type" content={ogType} />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={description} />
        <meta property="og:url" content={url} />
        <meta property="og:image" content={`${baseUrl}/brand/icon.png`} />
        <meta property="og:locale" content={OG_LOCALES[language]} />
        <meta name="twitter:card" content="summary" />
        <meta name="theme-color" content="#15803d" />
        <link rel="icon" href="/brand/icon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/brand/icon.png" />
        <style dangerouslySetInnerHTML={{ __html: assets.css }} />
        {assets.preloads.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
        <script type="module" src={assets.script} />
      </head>
      <body className="bg-stone-50 font-sans text-stone-900 antialiased">
        {chrome ? (
          <>
            <PublicHeader currentPath={path} />
            <main id="main" tabIndex={-1} className="focus:outline-none">
              {children}
            </main>
            <PublicFooter currentPath={path} />
          </>
        ) : (
          children
        )}
      </body>
    </html>
  );
}

/** Open Graph's locale for each language (its own, or the Nigerian English a reader there sees). */
const OG_LOCALES = {
  en: 'en_NG',
  ha: 'ha_NG',
  yo: 'yo_NG',
  ig: 'ig_NG',
  pcm: 'pcm_NG',
  fr: 'fr_FR',
} as const;
