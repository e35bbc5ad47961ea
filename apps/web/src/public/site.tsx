import type { ReactElement, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import type { PlansResponse } from '@gona/shared/plans';
import { NotFound } from '@/components/errors/NotFound';
import { i18n } from '@/i18n';
import type { BlogPost } from './blog';
import type { HelpArticle } from './help';
import { Document, type PageAssets } from './Document';
import { currentLanguage } from './languages';
import { AboutPage } from './pages/AboutPage';
import { BlogIndexPage } from './pages/BlogIndexPage';
import { BlogPostPage } from './pages/BlogPostPage';
import { ContactPage } from './pages/ContactPage';
import { HelpArticlePage } from './pages/HelpArticlePage';
import { HelpIndexPage } from './pages/HelpIndexPage';
import { HomePage } from './pages/HomePage';
import { LoginPage } from './pages/LoginPage';
import { PricingPage } from './pages/PricingPage';
import { t } from './t';

export type SiteInput = {
  baseUrl: string;
  assets: PageAssets;
  plans: PlansResponse;
  posts: readonly BlogPost[];
  /** The help centre's articles (packages/shared/help), at /help and /help/<slug>. */
  help?: readonly HelpArticle[];
};

/** One output file: its path under dist/ and its contents. */
export type SiteFile = { file: string; contents: string };

/**
 * Every prerendered public page, plus sitemap.xml and robots.txt, in the language i18n shows (the
 * prerender renders each language in turn; only English writes the sitemap and robots.txt).
 */
export function renderSite({ baseUrl, assets, plans, posts, help = [] }: SiteInput): SiteFile[] {
  const page = (path: string, metaKey: string, body: ReactNode): SiteFile => ({
    file: path === '/' ? 'index.html' : `${path.slice(1)}/index.html`,
    contents: html(
      <Document
        path={path}
        title={t(`meta.${metaKey}.title`)}
        description={t(`meta.${metaKey}.description`)}
        baseUrl={baseUrl}
        assets={assets}
      >
        {body}
      </Document>,
    ),
  });

  const pages: SiteFile[] = [
    page('/', 'home', <HomePage />),
    page('/about', 'about', <AboutPage />),
    page('/pricing', 'pricing', <PricingPage plans={plans} />),
    page('/contact', 'contact', <ContactPage />),
    page('/login', 'login', <LoginPage />),
    page('/blog', 'blog', <BlogIndexPage posts={posts} />),
    page('/help', 'help', <HelpIndexPage articles={help} />),
    ...help.map((article) => ({
      file: `help/${article.slug}/index.html`,
      contents: html(
        <Document
          path={`/help/${article.slug}`}
          title={t('meta.helpTitle', { title: article.title })}
          description={article.description}
          baseUrl={baseUrl}
          assets={assets}
          ogType="article"
        >
          <HelpArticlePage article={article} />
        </Document>,
      ),
    })),
    ...posts.map((post) => ({
      file: `blog/${post.slug}/index.html`,
      contents: html(
        <Document
          path={`/blog/${post.slug}`}
          title={t('meta.postTitle', { title: post.title })}
          description={post.description}
          baseUrl={baseUrl}
          assets={assets}
          ogType="article"
        >
          <BlogPostPage post={post} />
        </Document>,
      ),
    })),
    {
      file: 'not-found/index.html',
      contents: html(
        <Document
          path="/not-found"
          title={t('meta.notFound.title')}
          description={t('meta.notFound.description')}
          baseUrl={baseUrl}
          assets={assets}
          chrome={false}
          noindex
        >
          <I18nextProvider i18n={i18n}>
            <NotFound />
          </I18nextProvider>
        </Document>,
      ),
    },
  ];

  const indexed = [
    '/',
    '/about',
    '/pricing',
    '/contact',
    '/blog',
    ...posts.map((post) => `/blog/${post.slug}`),
    '/help',
    ...help.map((article) => `/help/${article.slug}`),
  ];
  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...indexed.map((path) => {
      const post = posts.find((p) => `/blog/${p.slug}` === path);
      return `  <url><loc>${baseUrl}${path}</loc>${post ? `<lastmod>${post.date}</lastmod>` : ''}</url>`;
    }),
    '</urlset>',
    '',
  ].join('\n');
  const robots = [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /dashboard',
    `Sitemap: ${baseUrl}/sitemap.xml`,
    '',
  ].join('\n');

  // In another language than English (i18n shows it now), the same pages under its id: /ha/about.
  const language = currentLanguage(i18n.language);
  if (language !== 'en')
    return pages
      .filter((page) => !page.file.startsWith('not-found/'))
      .map((page) => ({ ...page, file: `${language}/${page.file}` }));
  return [...pages, { file: 'sitemap.xml', contents: sitemap }, { file: 'robots.txt', contents: robots }];
}

function html(element: ReactElement): string {
  return `<!doctype html>${renderToStaticMarkup(element)}`;
}
