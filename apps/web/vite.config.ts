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

/** Public values (support address, blog, price) are build-time constants, read as the server reads them. */
const PUBLIC_CONFIG = publicConfigOf(loadBuildEnv());

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      strategies: 'generateSW',
      // An external registerSW.js: the CSP is script-src 'self', so no inline registration.
      injectRegister: 'script-defer',
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
            // Public pages (prerendered HTML) once visited open offline too; online, the network wins.
            urlPattern: isPublicPageNavigation,
            handler: 'NetworkFirst',
            options: { cacheName: 'gona-pages', networkTimeoutSeconds: 5, expiration: { maxEntries: 30 } },
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
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
});
