import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { loadNamespaces } from '@/i18n';

// In the app, route loaders fetch these with their screens; components rendered alone need them up front.
beforeAll(() => loadNamespaces(['auth', 'dashboard', 'inventory', 'public']));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});
