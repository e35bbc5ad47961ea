import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';
import { publicConfigOf } from '@gona/shared/public-config';
import { loadBuildEnv } from './scripts/build-config';
import { APP_ROOTS } from './src/lib/paths.ts';

/**
 * The SPA shell is app.html; dist/index.html is the prerendered home page, so the service worker
 * only falls back to the shell for the SPA's own paths and never shadows the static public pages.
 */
const SPA_PATHS = new RegExp(`^/(?:${APP_ROOTS.join('|')})(?:/|$)`);

/**
 * The service worker gets this function as source text, so its pattern is written into that text
 * rather than closed over: built from the app's paths at build time, never from input.
 */
// eslint-disable-next-line @typescript-eslint/no-implied-eval -- see above
const isPublicPageNavigation = new Function(
  '{ request, url }',
  `return request.mode === 'navigate' && !/^\\/(?:api|dev|${APP_ROOTS.join('|')})(?:\\/|$)/.test(url.pathname);`,
) as (options: { request: Request; url: URL }) => boolean;

/**
 * The first screen of a signed-in visit (/dashboard) as one chunk instead of ~60: the app entry's
 * static imports, the dashboard's words, its home screen and that screen's cards, with the icons they
 * use. Left to itself the bundler gives every module that two lazy screens share a chunk of its own
 * (a 1 KB icon, a 0.3 KB helper), and a cheap phone pays 150 ms of round trip for each. Modules the
 * public pages load (their entry, and /login's sign-in) keep their own small chunks, so those pages
 * do not download the app. The graph is read as the build parses it (moduleParsed).
 */
function firstScreenChunk() {
  const graph = new Map<string, { imports: readonly string[]; dynamic: readonly string[] }>();
  const endsWith = (suffix: string) => (id: string) => id.endsWith(suffix);
  const ids = () => [...graph.keys()];
  const closure = (roots: readonly string[], followDynamic: (importer: string) => boolean) => {
    const seen = new Set<string>();
    const stack = [...roots];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      const node = graph.get(id);
      if (!node) continue;
      stack.push(...node.imports, ...(followDynamic(id) ? node.dynamic : []));
    }
    return seen;
  };
  let members: Set<string> | undefined;
  const firstScreen = () => {
    if (members) return members;
    const publicReach = closure(ids().filter(endsWith('/src/public/enhance.ts')), () => true);
    const home = ids().filter(endsWith('/src/app/routes/dashboard-home.tsx'));
    const homeReach = closure(home, () => false);
    const roots = [
      ...ids().filter(endsWith('/src/main.tsx')),
      ...ids().filter(endsWith('/src/i18n/en/dashboard.json')),
      ...home,
    ];
    const screen = closure(roots, (importer) => homeReach.has(importer));
    // Other languages' words download only when chosen (src/i18n/index.ts), never with the first screen.
    const otherLanguage = /\/src\/i18n\/(?!en\/)[a-z]+\/[^/]+\.json$/;
    members = new Set([...screen].filter((id) => !publicReach.has(id) && !otherLanguage.test(id)));
    // What /login's sign-in shares with the app (the API client, storage, formats): one chunk of its own.
    const publicPages = closure(ids().filter(endsWith('/src/public/enhance.ts')), () => false);
    shared = new Set([...screen].filter((id) => publicReach.has(id) && !publicPages.has(id)));
    return members;
  };
  let shared = new Set<string>();
  return {
    plugin: {
      name: 'gona-first-screen-graph',
      moduleParsed(info: {
        id: string;
        importedIds: readonly string[];
        dynamicallyImportedIds: readonly string[];
      }) {
        graph.set(info.id, { imports: info.importedIds, dynamic: info.dynamicallyImportedIds });
      },
    },
    test: (id: string) => firstScreen().has(id),
    sharedTest: (id: string) => (firstScreen(), shared.has(id)),
  };
}
const FIRST_SCREEN = firstScreenChunk();

/** Public values (support address, blog, price) are build-time constants, read as the server reads them. */
const PUBLIC_CONFIG = publicConfigOf(loadBuildEnv());

export default defineConfig({
  plugins: [
    FIRST_SCREEN.plugin,
    react(),
    tailwindcss(),
    VitePWA({
      strategies: 'generateSW',
      // Registered by the app's entry (src/main.tsx), not a registerSW.js of its own: one request fewer
      // on the first load (the CSP's script-src 'self' rules out an inline registration).
      injectRegister: false,
      registerType: 'autoUpdate',
      manifest: {
        name: 'Gona',
        short_name: 'Gona',
        description: 'Farm records and marketplace for Nigerian farmers',
        theme_color: '#15803d',
        background_color: '#fafaf9',
        start_url: '/dashboard',
        display: 'standalone',
        icons: [{ src: '/brand/icon.png', sizes: '512x512', type: 'image/png' }],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // Push and notificationclick handlers (public/sw-push.js); the worker itself stays generated.
        importScripts: ['/sw-push.js'],
        navigateFallback: '/app.html',
        navigateFallbackAllowlist: [SPA_PATHS],
        navigateFallbackDenylist: [/^\/api\//, /^\/dev\//],
        runtimeCaching: [
          {
            // Public pages (prerendered HTML, the help centre's articles among them) once visited open
            // offline too; online, the network wins.
            urlPattern: isPublicPageNavigation,
            handler: 'NetworkFirst',
            options: { cacheName: 'gona-pages', networkTimeoutSeconds: 5, expiration: { maxEntries: 60 } },
          },
          {
            // Map tiles (through Gona's /api/tiles) are kept once a farmer has looked at them, so a
            // field's map opens offline; nothing is fetched ahead (tile servers forbid bulk download).
            urlPattern: ({ url }) => url.pathname.startsWith('/api/tiles/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'gona-tiles',
              expiration: { maxEntries: 3000, maxAgeSeconds: 60 * 60 * 24 * 60 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  define: {
    __GONA_PUBLIC__: JSON.stringify(PUBLIC_CONFIG),
  },
  build: {
    manifest: true,
    rollupOptions: {
      input: { app: 'app.html', public: 'src/public/enhance.ts' },
      output: {
        codeSplitting: {
          // Only the first screen's own modules: the public pages' modules stay out of it.
          groups: [
            { name: 'first-screen', test: FIRST_SCREEN.test, includeDependenciesRecursively: false },
            {
              name: 'signed-in-common',
              test: FIRST_SCREEN.sharedTest,
              includeDependenciesRecursively: false,
            },
            // i18next and react-i18next as one chunk: the lazy public forms share them with the app, so
            // the bundler split them into four (three under 3 KB), each a round trip on a cheap phone.
            // i18nInstance stays apart: the public pages load it (with their language) without i18next.
            {
              name: 'i18n',
              test: (id: string) =>
                /\/node_modules\/(?:i18next|react-i18next)\//.test(id) && !id.endsWith('/i18nInstance.js'),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
});
