import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { farm, installFakeFetch, signedInRoutes, signedOutRoutes } from '@/test/fake-fetch';
import { renderAt } from '@/test/render';
import { STORAGE_KEYS } from '@/lib/storage';

const A = '01900000-0000-7000-8000-00000000000a';
const B = '01900000-0000-7000-8000-00000000000b';

describe('route guards', () => {
  it('sends a signed-out visitor of a dashboard page to /login carrying the origin path', async () => {
    installFakeFetch(signedOutRoutes);
    const { router } = renderAt('/dashboard/staff?tab=pay');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/dashboard/staff?tab=pay')}`);
  });

  it('sends a signed-out visitor of /create-farm to /login carrying the origin path', async () => {
    installFakeFetch(signedOutRoutes);
    const { router } = renderAt('/create-farm');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fcreate-farm');
  });

  it('shows the loading spinner while the session loads', () => {
    installFakeFetch(signedOutRoutes);
    renderAt('/dashboard');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });

  it('redirects /create-farm to /dashboard/select-farm when the user already has farms', async () => {
    installFakeFetch(signedInRoutes([farm('01900000-0000-7000-8000-00000000000a', 'Green Acres')]));
    const { router } = renderAt('/create-farm');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/select-farm'));
    expect(await screen.findByRole('heading', { name: 'Choose a farm' })).toBeInTheDocument();
  });

  it('shows the create-farm form to a signed-in user without farms', async () => {
    installFakeFetch(signedInRoutes([]));
    renderAt('/create-farm');
    expect(await screen.findByRole('heading', { name: 'Create your farm' })).toBeInTheDocument();
    expect(screen.getByLabelText('Farm name')).toBeInTheDocument();
  });

  it('returns a signed-in user from /signup to the path they came from', async () => {
    installFakeFetch(signedInRoutes([farm('01900000-0000-7000-8000-00000000000a', 'Green Acres')]));
    const { router } = renderAt('/signup?redirect=%2Fdashboard%2Fcrops');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/crops'));
  });

  it('sends unknown top-level paths to /not-found and unknown dashboard paths to /dashboard', async () => {
    installFakeFetch(signedInRoutes([farm('01900000-0000-7000-8000-00000000000a', 'Green Acres')]));
    const top = renderAt('/no-such-page');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(top.router.state.location.pathname).toBe('/not-found');
    top.unmount();
    const inner = renderAt('/dashboard/no-such-screen');
    await waitFor(() => expect(inner.router.state.location.pathname).toBe('/dashboard'));
  });

  it('opens a farm screen with the first farm when none was chosen on this phone yet (the spec chooses the first)', async () => {
    const farms = [farm(A, 'Green Acres'), farm(B, 'Riverside Fish Ponds')];
    installFakeFetch({
      ...signedInRoutes(farms),
      [`GET /api/farms/${A}/suppliers`]: { status: 200, body: { items: [], next_cursor: null } },
    });
    const { router } = renderAt('/dashboard/inventory/suppliers');
    expect(await screen.findByRole('heading', { name: 'No suppliers yet' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/inventory/suppliers');
    expect(localStorage.getItem(STORAGE_KEYS.selectedFarmId)).toBe(A);
  });

  it('opens a farm screen on a new phone when the farmer has one farm: it is chosen, no detour to the picker', async () => {
    installFakeFetch({
      ...signedInRoutes([farm(A, 'Green Acres')]),
      [`GET /api/farms/${A}/suppliers`]: { status: 200, body: { items: [], next_cursor: null } },
    });
    const { router } = renderAt('/dashboard/inventory/suppliers');
    expect(await screen.findByRole('heading', { name: 'No suppliers yet' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/inventory/suppliers');
  });

  it('opens a farm screen for the chosen farm', async () => {
    localStorage.setItem(STORAGE_KEYS.selectedFarmId, B);
    installFakeFetch({
      ...signedInRoutes([farm(A, 'Green Acres'), farm(B, 'Riverside Fish Ponds')]),
      [`GET /api/farms/${B}/suppliers`]: { status: 200, body: { items: [], next_cursor: null } },
    });
    renderAt('/dashboard/inventory/suppliers');
    expect(await screen.findByRole('heading', { name: 'No suppliers yet' })).toBeInTheDocument();
  });
});
