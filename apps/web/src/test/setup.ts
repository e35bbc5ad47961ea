import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { afterEach, beforeAll, vi } from 'vitest';
import { loadNamespaces } from '@/i18n';

// Files run in a context of one jsdom per worker (pool 'vmThreads'), which has fetch's Response but
// not the ReadableStream a streamed answer is read from: give it the one fetch itself uses.
globalThis.ReadableStream ??= NodeReadableStream as typeof ReadableStream;

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
