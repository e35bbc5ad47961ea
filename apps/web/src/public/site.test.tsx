import { beforeAll, describe, expect, it } from 'vitest';
import { plansResponse } from '@gona/shared/plans';
import { parsePost } from './blog';
import { helpArticlesOf } from './help';
import { renderSite, type SiteFile } from './site';

const post = parsePost(
  '---\ntitle: Drying cassava chips\ndescription: Sun-dry them on raised racks\ndate: 2025-09-01\nslug: drying-cassava-chips\n---\n## Why racks\n\nAir moves under them.\n',
  'cassava.md',
);

const help = helpArticlesOf([
  {
    name: 'credit.md',
    text: '---\ntitle: How do sales on credit work?\ndescription: Record it now, get paid later\nslug: sale-on-credit\norder: 1\n---\n## Record the sale\n\nChoose **Not yet (on credit)**.\n',
  },
]);

let files: SiteFile[] = [];
// Rendered once the test setup has the catalogue loaded.
beforeAll(() => {
  files = renderSite({
    baseUrl: 'https://gona.example',
    plans: plansResponse(75000),
    posts: [post],
    help,
    assets: { css: 'body{margin:0}', script: '/assets/public-abc.js', preloads: [] },
  });
});
const file = (name: string) => {
  const found = files.find((f) => f.file === name);
  if (!found) throw new Error(`${name} was not rendered`);
  return found.contents;
};

describe('renderSite', () => {
  it('writes every public page, the post, the 404 page, sitemap.xml and robots.txt', () => {
    expect(files.map((f) => f.file).sort()).toEqual([
      'about/index.html',
      'blog/drying-cassava-chips/index.html',
      'blog/index.html',
      'contact/index.html',
      'help/index.html',
      'help/sale-on-credit/index.html',
      'index.html',
      'login/index.html',
      'not-found/index.html',
      'pricing/index.html',
      'robots.txt',
      'sitemap.xml',
    ]);
  });

  it('gives each page its title, description, canonical address and Open Graph tags', () => {
    const about = file('about/index.html');
    expect(about).toMatch(/^<!doctype html><html lang="en">/);
    expect(about).toContain('<title>About Gona: a farming company from Port Harcourt</title>');
    expect(about).toContain('<meta name="description" content="Who we are');
    expect(about).toContain('<link rel="canonical" href="https://gona.example/about"/>');
    expect(about).toContain('<meta property="og:url" content="https://gona.example/about"/>');
    expect(file('blog/drying-cassava-chips/index.html')).toContain(
      '<meta property="og:type" content="article"/>',
    );
    expect(file('not-found/index.html')).toContain('<meta name="robots" content="noindex"/>');
  });

  it('loads only the enhancement script, never an inline one (CSP script-src self)', () => {
    for (const { file: name, contents } of files.filter((f) => f.file.endsWith('.html'))) {
      const scripts = contents.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts, name).toEqual(['<script type="module" src="/assets/public-abc.js">']);
      expect(contents, name).not.toMatch(/\son[a-z]+="/);
      expect(contents, name).toContain('<style>body{margin:0}</style>');
    }
  });

  it('prerenders the configured Pro price and the billing terms', () => {
    const pricing = file('pricing/index.html');
    expect(pricing).toContain('₦75,000');
    expect(pricing).toContain('Pro is billed annually');
    expect(pricing).toContain('There is no refund for unused time after you cancel.');
    expect(pricing).toContain('Up to 10 workers per farm');
    // Pro leads to sign-up, which sends someone signed in on to the farm's subscription screen.
    expect(pricing).toContain('href="/signup?redirect=%2Fdashboard%2Fsubscription"');
  });

  it('lists the pages in the sitemap and points robots.txt at it', () => {
    expect(file('sitemap.xml')).toContain(
      '<loc>https://gona.example/blog/drying-cassava-chips</loc><lastmod>2025-09-01</lastmod>',
    );
    expect(file('sitemap.xml')).not.toContain('not-found');
    expect(file('robots.txt')).toContain('Sitemap: https://gona.example/sitemap.xml');
  });

  it('prerenders the help centre: the list with its search box, each article with its yes/no form', () => {
    const index = file('help/index.html');
    expect(index).toContain('<form data-help-search="true"');
    expect(index).toContain('href="/help/sale-on-credit"');
    const article = file('help/sale-on-credit/index.html');
    expect(article).toContain('<title>How do sales on credit work? | Gona help</title>');
    expect(article).toContain('<strong>Not yet (on credit)</strong>');
    expect(article).toContain('action="/api/help/articles/sale-on-credit/feedback"');
    expect(article).toMatch(/<button[^>]*value="yes"/);
    expect(article).toMatch(/<button[^>]*name="helpful"/);
    expect(article).toContain('id="help-thanks"');
    expect(file('sitemap.xml')).toContain('<loc>https://gona.example/help/sale-on-credit</loc>');
  });
});
