/**
 * Build step after `vite build`: renders the public pages to static HTML in dist/ with the
 * enhancement script and CSS that Vite produced for src/public/enhance.ts.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { plansResponse } from '@gona/shared/plans';
import { baseUrlOf, publicConfigOf, type PublicConfig } from '@gona/shared/public-config';
import { loadBuildEnv } from './build-config';

const webRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(webRoot, 'dist');
const ENTRY = 'src/public/enhance.ts';

type ManifestChunk = { file: string; css?: string[]; imports?: string[] };

const env = loadBuildEnv();
const baseUrl = baseUrlOf(env);

// The components read the same build-time constant that Vite defines for the app.
(globalThis as { __GONA_PUBLIC__?: PublicConfig }).__GONA_PUBLIC__ = publicConfigOf(env);
const { renderSite } = await import('../src/public/site');
const { parsePost, sortPosts } = await import('../src/public/blog');
const { helpArticlesOf } = await import('../src/public/help');

const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;
const entry = manifest[ENTRY];
if (!entry) throw new Error(`${ENTRY} is missing from dist/.vite/manifest.json; is it a build input?`);

const blogDir = join(webRoot, 'content/blog');
const posts = sortPosts(
  readdirSync(blogDir)
    .filter((name) => name.endsWith('.md'))
    .map((name) => parsePost(readFileSync(join(blogDir, name), 'utf8'), name)),
);

// The help articles are the server's too: it loads the same files for GET /api/help/search.
const helpDir = resolve(webRoot, '../../packages/shared/help');
const help = helpArticlesOf(
  readdirSync(helpDir)
    .filter((name) => name.endsWith('.md'))
    .map((name) => ({ name, text: readFileSync(join(helpDir, name), 'utf8') })),
);

// Each language in turn (English first, at the site's root): i18n shows it while its pages render.
const { i18n } = await import('../src/i18n');
const { LANGUAGES } = await import('@gona/shared/languages');
const files = [];
for (const language of LANGUAGES) {
  await i18n.changeLanguage(language);
  files.push(
    ...renderSite({
      baseUrl,
      plans: plansResponse(env.PLAN_PRO_PRICE_NAIRA),
      posts,
      help,
      assets: {
        css: (entry.css ?? []).map((file) => readFileSync(join(dist, file), 'utf8')).join('\n'),
        script: `/${entry.file}`,
        preloads: importedFiles(entry).map((file) => `/${file}`),
      },
    }),
  );
}
await i18n.changeLanguage('en');

for (const { file, contents } of files) {
  const target = join(dist, file);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, contents);
}
console.log(
  `prerendered ${files.length} files (${posts.length} blog posts, ${help.length} help articles, ${LANGUAGES.length} languages) for ${baseUrl}`,
);

function importedFiles(chunk: ManifestChunk, seen = new Set<string>()): string[] {
  for (const key of chunk.imports ?? []) {
    const imported = manifest[key];
    if (!imported || seen.has(imported.file)) continue;
    seen.add(imported.file);
    importedFiles(imported, seen);
  }
  return [...seen];
}
