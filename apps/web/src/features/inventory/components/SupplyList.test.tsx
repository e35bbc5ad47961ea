import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FarmRole } from '@gona/shared/permissions';
import { installFakeFetch } from '@/test/fake-fetch';
import { aSupply, anId, FARM_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { AlertsPanel } from './AlertsPanel';
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

describe('one tap on Use', () => {
  const FARM = FARM_ID;
  const ALERTS = `GET /api/farms/${FARM}/inventory-alerts`;
  const COUNT = `GET /api/farms/${FARM}/inventory-alerts/count`;

  /** The inventory screen's lists, loaded; answers a use of 1 as the server would. */
  async function renderScreen(stocked: ReturnType<typeof supply>) {
    const requests = installFakeFetch({
      [LIST]: { status: 200, body: { items: [stocked], next_cursor: null } },
      [ALERTS]: { status: 200, body: { items: [], next_cursor: null } },
      [COUNT]: { status: 200, body: { open: 0, low_stock: 0 } },
      [`POST /api/farms/${FARM}/supplies/${stocked.id}/movements`]: () => {
        const quantity = String(Number(stocked.quantity) - 1);
        const after = {
          ...stocked,
          quantity,
          is_low_stock: Number(quantity) <= Number(stocked.low_threshold),
        };
        return {
          status: 201,
          body: {
            movement: {
              id: '01900000-0000-7000-8000-0000000000d1',
              farm_id: FARM,
              supply_id: stocked.id,
              kind: 'used',
              quantity: '-1',
              quantity_after: quantity,
              reason: null,
              note: null,
              user_id: 'u',
              created_at: '2025-05-27T08:00:00.000Z',
            },
            supply: after,
          },
        };
      },
    });
    const { queryClient } = renderWithProviders(
      <>
        <AlertsPanel farmId={FARM} role="worker" supplyPath={(id) => `/s/${id}`} />
        <SupplyList farmId={FARM} role="worker" onAdd={vi.fn()} supplyPath={(id) => `/s/${id}`} />
      </>,
    );
    const table = within(await screen.findByRole('table', { name: 'Supplies' }));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    requests.splice(0);

    fireEvent.click(table.getByRole('button', { name: `Record use of ${stocked.name}` }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    return { table, sent: requests.map((r) => `${r.method} ${r.path.split('?')[0]}`) };
  }

  it('costs one request and shows the new stock from its answer', async () => {
    const { table, sent } = await renderScreen(supply('Growers mash', '30', '4'));

    expect(sent).toEqual([
      `POST /api/farms/${FARM}/supplies/${supply('Growers mash', '30', '4').id}/movements`,
    ]);
    expect(table.getByText('29 bags (25 kg)')).toBeInTheDocument();
  });

  it('asks again for the alerts and their count only when the stock crossed its low-stock level', async () => {
    const stocked = supply('Layers mash', '5', '4');
    const { sent } = await renderScreen(stocked);

    expect(sent.sort()).toEqual(
      [ALERTS, COUNT, `POST /api/farms/${FARM}/supplies/${stocked.id}/movements`].sort(),
    );
  });
});
