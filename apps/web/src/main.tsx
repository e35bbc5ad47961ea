// First: the first screen's data is asked for before the rest of the app is set up.
import '@/app/first-load-start';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import '@/i18n';
import { AppProviders } from '@/app/providers';
import { createAppRouter } from '@/app/router';
import './styles.css';

const router = createAppRouter();
const root = document.getElementById('root');
if (!root) throw new Error('The app shell has no #root element');

// The service worker (the app offline), registered once the page has loaded, as vite-plugin-pwa's
// registerSW.js did; only a build has one.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  });
}

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
