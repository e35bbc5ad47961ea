import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { FarmRole } from '@gona/shared/permissions';
import { installFakeFetch } from '@/test/fake-fetch';
import { aSupply, anId, FARM_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { SupplyList } from './SupplyList';

const LIST = `GET /api/farms/${FARM_ID}/supplies`;

function supply(name: string, quantity: string, low_threshold: string) {
  return aSupply({
    id: anId(name.length),
    category: 'animal_feed',
    name,
    quantity,
    unit: 'bag_25kg',
    low_threshold,
  });
}

function renderList(role: FarmRole) {
  const onAdd = vi.fn();
  renderWithProviders(
    <SupplyList
      farmId={FARM_ID}
      role={role}
      onAdd={onAdd}
      supplyPath={(id) => `/dashboard/inventory/${id}`}
    />,
  );
  return onAdd;
}

describe('SupplyList', () => {
  it('shows each supply with its unit and a low-stock mark, and Use / Receive for a worker', async () => {
    installFakeFetch({
      [LIST]: {
        status: 200,
        body: {
          items: [supply('Layers mash', '2', '4'), supply('Growers mash', '30', '4')],
          next_cursor: null,
        },
      },
    });
    renderList('worker');
    const cards = within(await screen.findByRole('list', { name: 'Supplies' }));
    const layers = cards.getByText('Layers mash').closest('li')!;
    expect(within(layers).getByText('2 bags (25 kg)')).toBeInTheDocument();
    expect(within(layers).getByText('Low stock')).toBeInTheDocument();
    expect(within(cards.getByText('Growers mash').closest('li')!).queryByText('Low stock')).toBeNull();
    expect(cards.getByRole('button', { name: 'Record use of Layers mash' })).toBeInTheDocument();
    expect(cards.getByRole('button', { name: 'Record stock received for Layers mash' })).toBeInTheDocument();
  });

  it('hides stock recording from a viewer', async () => {
    installFakeFetch({
      [LIST]: { status: 200, body: { items: [supply('Layers mash', '2', '4')], next_cursor: null } },
    });
    renderList('viewer');
    await screen.findAllByText('Layers mash');
    expect(screen.queryByRole('button', { name: /Record use/ })).toBeNull();
  });

  it('offers the add button in the empty state only to those who may add', async () => {
    installFakeFetch({ [LIST]: { status: 200, body: { items: [], next_cursor: null } } });
    const onAdd = renderList('manager');
    fireEvent.click(await screen.findByRole('button', { name: 'Add supply' }));
    expect(onAdd).toHaveBeenCalled();
  });

  it('asks the server for low stock only when the filter is ticked', async () => {
    const requests = installFakeFetch({
      [LIST]: { status: 200, body: { items: [supply('Growers mash', '30', '4')], next_cursor: null } },
      [`${LIST}?limit=25&low_stock=true`]: { status: 200, body: { items: [], next_cursor: null } },
    });
    renderList('owner');
    await screen.findAllByText('Growers mash');
    fireEvent.click(screen.getByLabelText('Only low stock'));
    expect(await screen.findByRole('heading', { name: 'Nothing matches' })).toBeInTheDocument();
    expect(requests.map((r) => r.path)).toContain(`/api/farms/${FARM_ID}/supplies?limit=25&low_stock=true`);
  });

  it('says what went wrong and offers to try again when the list cannot load', async () => {
    installFakeFetch({
      [LIST]: { status: 500, body: { error: { code: 'INTERNAL', message: 'An unexpected error occurred' } } },
    });
    renderList('owner');
    expect(await screen.findByRole('heading', { name: 'Could not load your supplies' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
