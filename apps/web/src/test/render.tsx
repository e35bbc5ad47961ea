import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import '@/i18n';
import { routes as appRoutes } from '@/app/router';
import { FarmSelectionProvider } from '@/features/farms/useFarmSelection';

type ProviderOptions = {
  /** Where the memory router starts. */
  path?: string;
  queryClient?: QueryClient;
  /** Wraps the farm selection as for a signed-in user (it reads GET /api/farms). */
  farmSelection?: boolean;
};

/** A component with what the app puts around it: a fresh query cache, a router, i18n and, if asked, the farm selection. */
export function renderWithProviders(ui: ReactElement, options: ProviderOptions = {}) {
  const queryClient = options.queryClient ?? newQueryClient();
  const inner = options.farmSelection ? (
    <FarmSelectionProvider sessionStatus="signed-in">{ui}</FarmSelectionProvider>
  ) : (
    ui
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[options.path ?? '/']}>{inner}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}

/** Renders the real route tree (or the given routes) at a path, with a fresh query cache. */
export function renderAt(path: string, routes: RouteObject[] = appRoutes) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = newQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

function newQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}
