import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { farm, installFakeFetch, signedInRoutes } from '@/test/fake-fetch';
import { renderAt } from '@/test/render';
import { STORAGE_KEYS } from '@/lib/storage';

const A = farm('01900000-0000-7000-8000-00000000000a', 'Green Acres');
const B = farm('01900000-0000-7000-8000-00000000000b', 'Riverside Fish Ponds');

describe('dashboard shell', () => {
  it('shows the selected farm, highlights the current item and collapses the sidebar (remembered)', async () => {
    localStorage.setItem(STORAGE_KEYS.selectedFarmId, B.id);
    installFakeFetch(signedInRoutes([A, B]));
    renderAt('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Riverside Fish Ponds' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Dashboard menu' });
    expect(within(menu).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('link', { name: 'Staff Management' })).not.toHaveAttribute('aria-current');
    expect(within(menu).getByRole('link', { name: 'Invite Farmer' })).toHaveAttribute(
      'href',
      '/dashboard/invite-farmer',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
    expect(localStorage.getItem(STORAGE_KEYS.sidebarCollapsed)).toBe('true');
  });

  it('opens the phone drawer from the menu button and closes it with Escape', async () => {
    installFakeFetch(signedInRoutes([A]));
    renderAt('/dashboard/reports');
    expect(await screen.findByRole('heading', { name: 'Reports' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Dashboard menu' });
    expect(within(drawer).getByRole('link', { name: 'Reports' })).toHaveAttribute('aria-current', 'page');
    fireEvent.keyDown(drawer, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Dashboard menu' })).not.toBeInTheDocument();
  });

  it('switches the selected farm from the farm switcher', async () => {
    installFakeFetch(signedInRoutes([A, B]));
    renderAt('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Green Acres' })).toBeInTheDocument();
    const [switcher] = screen.getAllByRole('combobox', { name: 'Farm' });
    fireEvent.change(switcher!, { target: { value: B.id } });
    expect(await screen.findByRole('heading', { name: 'Riverside Fish Ponds' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.selectedFarmId)).toBe(B.id);
  });

  it('sends a signed-in user without farms to /create-farm', async () => {
    installFakeFetch(signedInRoutes([]));
    const { router } = renderAt('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/create-farm'));
  });
});
