import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { aFarm } from '@/test/fixtures';
import { installFakeFetch, signedInRoutes } from '@/test/fake-fetch';
import { renderAt } from '@/test/render';

const EMPTY = { items: [], next_cursor: null, sort: 'newest', nearest_unavailable: false };

describe('/dashboard/marketplace', () => {
  it('opens for a buyer without a farm, with Browse and no seller section', async () => {
    const requests = installFakeFetch({
      ...signedInRoutes([]),
      'GET /api/marketplace/listings': { status: 200, body: EMPTY },
    });
    const { router } = renderAt('/dashboard/marketplace');
    expect(await screen.findByRole('heading', { name: 'Marketplace' })).toBeInTheDocument();
    expect(await screen.findByText('No produce matches')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/marketplace');
    expect(screen.queryByRole('tab', { name: 'My listings' })).toBeNull();
    expect(requests.some((r) => r.path.startsWith('/api/marketplace/listings?'))).toBe(true);
  });

  it('still sends someone without a farm from the farm screens to create one', async () => {
    installFakeFetch(signedInRoutes([]));
    const { router } = renderAt('/dashboard/livestock');
    await waitFor(() => expect(router.state.location.pathname).toBe('/create-farm'));
  });

  it("shows an owner their farm's listings under My listings", async () => {
    const farm = aFarm({ role: 'owner' });
    installFakeFetch({
      ...signedInRoutes([farm]),
      [`GET /api/farms/${farm.id}`]: { status: 200, body: farm },
      'GET /api/marketplace/listings': { status: 200, body: EMPTY },
      [`GET /api/farms/${farm.id}/listings`]: { status: 200, body: { items: [], next_cursor: null } },
    });
    renderAt('/dashboard/marketplace');
    fireEvent.click(await screen.findByRole('tab', { name: 'My listings' }));
    expect(await screen.findByText('Your farm has no listings yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New listing' })).toBeInTheDocument();
  });
});
