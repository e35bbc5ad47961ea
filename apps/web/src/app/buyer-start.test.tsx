import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { installFakeFetch, ME, signedInRoutes } from '@/test/fake-fetch';
import { renderAt } from '@/test/render';

const browse = {
  status: 200,
  body: { items: [], next_cursor: null, sort: 'newest', nearest_unavailable: false },
};

describe('a buyer without a farm', () => {
  it('starts in the marketplace, not at create-farm', async () => {
    installFakeFetch({
      ...signedInRoutes([]),
      'GET /api/me': { status: 200, body: { ...ME, intent: 'buy' } },
      'GET /api/marketplace/listings': browse,
    });
    const { router } = renderAt('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/marketplace'));
  });

  it('may still open /create-farm to start a farm', async () => {
    installFakeFetch({
      ...signedInRoutes([]),
      'GET /api/me': { status: 200, body: { ...ME, intent: 'buy' } },
    });
    const { router } = renderAt('/create-farm');
    // The form shows only once the session and farms are known, when a buyer would have been sent on.
    expect(await screen.findByRole('heading', { name: 'Create your farm' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/create-farm');
  });
});
