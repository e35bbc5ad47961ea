import { beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { loadNamespaces } from '@/i18n';
import { installFakeFetch } from '@/test/fake-fetch';
import { FARM_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { MarketplaceTabs } from './MarketplaceTabs';

beforeAll(() => loadNamespaces(['marketplace']));

const empty = { status: 200, body: { items: [], next_cursor: null } };

describe('MarketplaceTabs with orders', () => {
  it('gives a buyer without a farm Browse and My orders, and opens My orders from the address', async () => {
    installFakeFetch({ 'GET /api/marketplace/orders': empty });
    renderWithProviders(<MarketplaceTabs farm={null} />, { path: '/dashboard/marketplace?tab=orders' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Browse', 'My orders']);
    expect(screen.getByRole('tab', { name: 'My orders' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
  });

  it("gives a farm's viewer its listings and orders too, and a worker only what buyers have", () => {
    installFakeFetch({ [`GET /api/farms/${FARM_ID}/orders`]: empty });
    const { unmount } = renderWithProviders(<MarketplaceTabs farm={{ id: FARM_ID, role: 'viewer' }} />, {
      path: '/dashboard/marketplace?tab=sales',
    });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Browse',
      'My orders',
      'My listings',
      'Orders',
    ]);
    expect(screen.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
    unmount();
    renderWithProviders(<MarketplaceTabs farm={{ id: FARM_ID, role: 'worker' }} />, {
      path: '/dashboard/marketplace?tab=sales',
    });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Browse', 'My orders']);
    expect(screen.getByRole('tab', { name: 'Browse' })).toHaveAttribute('aria-selected', 'true');
  });
});
