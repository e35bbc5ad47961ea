import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { farm, installFakeFetch, ME, signedInRoutes } from '@/test/fake-fetch';
import { renderAt } from '@/test/render';
import { STORAGE_KEYS } from '@/lib/storage';

const GREEN_ACRES = farm('01900000-0000-7000-8000-00000000000a', 'Green Acres');

describe('session', () => {
  it('tries a refresh after a 403 session answer; a failed refresh clears local state, toasts and goes to /login with the path', async () => {
    localStorage.setItem(STORAGE_KEYS.selectedFarmId, GREEN_ACRES.id);
    localStorage.setItem(
      STORAGE_KEYS.auth,
      JSON.stringify({ user_id: ME.id, email: ME.email, first_name: 'Ada', last_name: 'Okafor' }),
    );
    const requests = installFakeFetch({
      'GET /api/auth/get-session': { status: 403, body: { code: 'FORBIDDEN', message: 'Forbidden' } },
      'GET /api/auth/get-session?disableCookieCache=true': { status: 401, body: null },
    });
    const { router } = renderAt('/dashboard/crops');
    expect(await screen.findByText('Your session has expired. Please log in again.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fdashboard%2Fcrops');
    expect(requests.map((r) => r.path)).toContain('/api/auth/get-session?disableCookieCache=true');
    expect(localStorage.getItem(STORAGE_KEYS.selectedFarmId)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.auth)).toBeNull();
  });

  it('a 401 from our API while signed in starts the same expiry flow', async () => {
    installFakeFetch({
      ...signedInRoutes([GREEN_ACRES]),
      'GET /api/audit-logs': {
        status: 401,
        body: { error: { code: 'UNAUTHENTICATED', message: 'Sign in' } },
      },
    });
    const { router } = renderAt('/dashboard/settings/activity');
    expect(await screen.findByText('Your session has expired. Please log in again.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fdashboard%2Fsettings%2Factivity');
  });

  it('/logout clears selected_farm_id, user_farms and the auth entry, then shows /login', async () => {
    const requests = installFakeFetch({
      ...signedInRoutes([GREEN_ACRES]),
      'POST /api/auth/sign-out': { status: 200, body: { success: true } },
    });
    const { router } = renderAt('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Green Acres' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.selectedFarmId)).toBe(GREEN_ACRES.id);
    expect(localStorage.getItem(STORAGE_KEYS.userFarms)).not.toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.auth)).not.toBeNull();

    await router.navigate('/logout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(requests.some((r) => r.method === 'POST' && r.path === '/api/auth/sign-out')).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.selectedFarmId)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userFarms)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.auth)).toBeNull();
  });

  it('offline: the stored auth entry and the cached farm list keep the dashboard usable', async () => {
    localStorage.setItem(
      STORAGE_KEYS.auth,
      JSON.stringify({ user_id: ME.id, email: ME.email, first_name: 'Ada', last_name: 'Okafor' }),
    );
    localStorage.setItem(STORAGE_KEYS.userFarms, JSON.stringify([GREEN_ACRES]));
    localStorage.setItem(STORAGE_KEYS.selectedFarmId, GREEN_ACRES.id);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const { router } = renderAt('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Green Acres' })).toBeInTheDocument();
    expect(screen.getByText('Welcome, Ada')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('a server that cannot answer (503 while its database restarts) does not sign the farmer out', async () => {
    localStorage.setItem(
      STORAGE_KEYS.auth,
      JSON.stringify({ user_id: ME.id, email: ME.email, first_name: 'Ada', last_name: 'Okafor' }),
    );
    localStorage.setItem(STORAGE_KEYS.userFarms, JSON.stringify([GREEN_ACRES]));
    localStorage.setItem(STORAGE_KEYS.selectedFarmId, GREEN_ACRES.id);
    const unavailable = {
      status: 503,
      body: {
        error: { code: 'UNAVAILABLE', message: 'Gona cannot reach its database. Try again in a moment.' },
      },
    };
    installFakeFetch({ 'GET /api/auth/get-session': unavailable, 'GET /api/farms': unavailable });
    const { router } = renderAt('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Green Acres' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(localStorage.getItem(STORAGE_KEYS.auth)).not.toBeNull();
  });
});
