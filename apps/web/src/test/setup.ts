import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { loadNamespaces } from '@/i18n';

// findBy/waitFor give up after this long. The default second is too short when CI runs every worker on
// two cores at once: a whole <App /> rendering and replaying its queue once took longer than that.
configure({ asyncUtilTimeout: 5000 });

// In the app, route loaders fetch these with their screens; components rendered alone need them up front.
// The toaster loads sonner with the first toast (lib/toast.ts); loaded here once, so a test waiting
// for a toast does not also wait for the module to be transformed.
beforeAll(() => import('@/app/sonner-toaster'));

beforeAll(() =>
  loadNamespaces([
    'activity',
    'auth',
    'dashboard',
    'farms',
    'inventory',
    'notifications',
    'photos',
    'public',
    'staff',
  ]),
);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});
