import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { installFakeFetch } from '@/test/fake-fetch';
import { aPage, aSupplier, aSupply, anAlert, anId, FARM_ID } from '@/test/fixtures';
import { useStoreSupplies } from '@/lib/pickers';
import { renderWithProviders } from '@/test/render';
import { useDeleteSupply, useResolveAlert, useSuppliers } from './api';
import {
  useCreateSupplier,
  useUpdateSupplier,
  useUpdateSupply,
  type UpdateSupplyVariables,
} from './mutations';
import { AlertsPanel } from './components/AlertsPanel';
import { SupplyList } from './components/SupplyList';

/**
 * What one change costs on a metered phone: with the inventory screen's lists on screen, the
 * requests after the change are its own plus only the lists it may have changed.
 */
const FARM = `/api/farms/${FARM_ID}`;
const LIST = `GET ${FARM}/supplies`;
const ALERTS = `GET ${FARM}/inventory-alerts`;
const COUNT = `GET ${FARM}/inventory-alerts/count`;
const SUPPLIERS = `GET ${FARM}/suppliers`;

const stocked = aSupply({ id: anId(0x51), name: 'Growers mash', quantity: '30', low_threshold: '4' });
const low = aSupply({ id: anId(0x52), name: 'Layers mash', quantity: '3', low_threshold: '4' });
const alert = anAlert({ id: anId(0xa1) }, low);
const supplier = aSupplier();

type Hooks = {
  updateSupply: ReturnType<typeof useUpdateSupply>;
  deleteSupply: ReturnType<typeof useDeleteSupply>;
  resolveAlert: ReturnType<typeof useResolveAlert>;
  createSupplier: ReturnType<typeof useCreateSupplier>;
  updateSupplier: ReturnType<typeof useUpdateSupplier>;
};

function Screen({ expose }: { expose: (hooks: Hooks) => void }) {
  useSuppliers(FARM_ID);
  expose({
    updateSupply: useUpdateSupply(),
    deleteSupply: useDeleteSupply(FARM_ID),
    resolveAlert: useResolveAlert(FARM_ID),
    createSupplier: useCreateSupplier(),
    updateSupplier: useUpdateSupplier(),
  });
  return (
    <>
      <AlertsPanel farmId={FARM_ID} role="owner" supplyPath={(id) => `/s/${id}`} />
      <SupplyList farmId={FARM_ID} role="owner" onAdd={vi.fn()} supplyPath={(id) => `/s/${id}`} />
    </>
  );
}

/** The screen loaded, then the requests one change makes (method and path, sorted). */
async function requestsOf(
  answers: Parameters<typeof installFakeFetch>[0],
  change: (hooks: Hooks) => Promise<unknown>,
) {
  const requests = installFakeFetch({
    [LIST]: { status: 200, body: aPage([stocked, low]) },
    [ALERTS]: { status: 200, body: aPage([alert]) },
    [COUNT]: { status: 200, body: { open: 1, low_stock: 1 } },
    [SUPPLIERS]: { status: 200, body: aPage([supplier]) },
    ...answers,
  });
  let hooks: Hooks | undefined;
  const { queryClient } = renderWithProviders(<Screen expose={(h) => (hooks = h)} />);
  await screen.findByRole('table', { name: 'Supplies' });
  await settled(queryClient);
  requests.splice(0);
  await act(() => change(hooks!));
  await settled(queryClient);
  return { sent: requests.map((r) => `${r.method} ${r.path.split('?')[0]}`).sort(), queryClient };
}

async function settled(queryClient: QueryClient) {
  await waitFor(() => expect(queryClient.isFetching() + queryClient.isMutating()).toBe(0));
}

const edit = (changes: Partial<UpdateSupplyVariables>): UpdateSupplyVariables => ({
  farmId: FARM_ID,
  id: stocked.id,
  version: stocked.version,
  ...changes,
});

describe('after a change, only what it touched is asked again', () => {
  it('a supply note changed: its one PATCH, the rows updated from the answer', async () => {
    const { sent } = await requestsOf(
      {
        [`PATCH ${FARM}/supplies/${stocked.id}`]: {
          status: 200,
          body: { ...stocked, notes: 'Keep dry', version: 2 },
        },
      },
      (hooks) => hooks.updateSupply.mutateAsync(edit({ notes: 'Keep dry' })),
    );
    expect(sent).toEqual([`PATCH ${FARM}/supplies/${stocked.id}`]);
  });

  it('a supply renamed: the PATCH and the supply list (search and order may change)', async () => {
    const { sent } = await requestsOf(
      {
        [`PATCH ${FARM}/supplies/${stocked.id}`]: {
          status: 200,
          body: { ...stocked, name: 'Broiler finisher', version: 2 },
        },
      },
      (hooks) => hooks.updateSupply.mutateAsync(edit({ name: 'Broiler finisher' })),
    );
    expect(sent).toEqual([LIST, `PATCH ${FARM}/supplies/${stocked.id}`].sort());
  });

  it('a low-stock level raised over the stock: the PATCH, the alerts and their count', async () => {
    const { sent } = await requestsOf(
      {
        [`PATCH ${FARM}/supplies/${stocked.id}`]: {
          status: 200,
          body: { ...stocked, low_threshold: '40', is_low_stock: true, version: 2 },
        },
      },
      (hooks) => hooks.updateSupply.mutateAsync(edit({ low_threshold: '40' })),
    );
    expect(sent).toEqual([ALERTS, COUNT, `PATCH ${FARM}/supplies/${stocked.id}`].sort());
  });

  it('an alert dismissed: its one POST; the row leaves and the count goes down', async () => {
    const { sent, queryClient } = await requestsOf(
      {
        [`POST ${FARM}/inventory-alerts/${alert.id}/resolve`]: {
          status: 200,
          body: { ...alert, is_resolved: true, resolved_at: '2025-05-28T08:00:00.000Z' },
        },
      },
      (hooks) => hooks.resolveAlert.mutateAsync(alert.id),
    );
    expect(sent).toEqual([`POST ${FARM}/inventory-alerts/${alert.id}/resolve`]);
    expect(queryClient.getQueryData(['inventory', FARM_ID, 'alert-count'])).toEqual({
      open: 0,
      low_stock: 1,
    });
  });

  it('a supply that was not low deleted: its one DELETE, and it leaves the list', async () => {
    const { sent } = await requestsOf(
      { [`DELETE ${FARM}/supplies/${stocked.id}`]: { status: 204 } },
      (hooks) => hooks.deleteSupply.mutateAsync(stocked.id),
    );
    expect(sent).toEqual([`DELETE ${FARM}/supplies/${stocked.id}`]);
    expect(screen.queryByText('Growers mash')).not.toBeInTheDocument();
    expect(screen.getAllByText('Layers mash').length).toBeGreaterThan(0);
  });

  it('a low supply deleted: the DELETE, the alerts and their count (its alert goes with it)', async () => {
    const { sent } = await requestsOf({ [`DELETE ${FARM}/supplies/${low.id}`]: { status: 204 } }, (hooks) =>
      hooks.deleteSupply.mutateAsync(low.id),
    );
    expect(sent).toEqual([ALERTS, COUNT, `DELETE ${FARM}/supplies/${low.id}`].sort());
  });

  it('a supplier added: its one POST; a supplier renamed: the PUT and the supplies that show its name', async () => {
    const added = aSupplier({ id: anId(0xc2), name: 'Abuja Feeds' });
    const created = await requestsOf({ [`POST ${FARM}/suppliers`]: { status: 201, body: added } }, (hooks) =>
      hooks.createSupplier.mutateAsync({ farmId: FARM_ID, id: added.id, name: added.name }),
    );
    expect(created.sent).toEqual([`POST ${FARM}/suppliers`]);

    const renamed = await requestsOf(
      {
        [`PATCH ${FARM}/suppliers/${supplier.id}`]: {
          status: 200,
          body: { ...supplier, name: 'Zeb Agro Ltd', version: 2 },
        },
      },
      (hooks) =>
        hooks.updateSupplier.mutateAsync({
          farmId: FARM_ID,
          id: supplier.id,
          version: supplier.version,
          name: 'Zeb Agro Ltd',
        }),
    );
    expect(renamed.sent).toEqual([LIST, `PATCH ${FARM}/suppliers/${supplier.id}`].sort());
  });

  it('a refused change asks again for everything on screen', async () => {
    const { sent } = await requestsOf(
      {
        [`PATCH ${FARM}/supplies/${stocked.id}`]: {
          status: 409,
          body: { error: { code: 'CONFLICT', message: 'Someone else changed this supply.' } },
        },
      },
      (hooks) => hooks.updateSupply.mutateAsync(edit({ notes: 'x' })).catch(() => undefined),
    );
    expect(sent).toEqual([ALERTS, COUNT, LIST, SUPPLIERS, `PATCH ${FARM}/supplies/${stocked.id}`].sort());
  });
});

describe("a supply picker in another feature's form", () => {
  function Picker({ expose }: { expose: (update: ReturnType<typeof useUpdateSupply>) => void }) {
    const supplies = useStoreSupplies(FARM_ID).data?.items ?? [];
    expose(useUpdateSupply());
    return (
      <ul aria-label="Picker">
        {supplies.map((supply) => (
          <li key={supply.id}>{`${supply.name}: ${supply.notes ?? ''}`}</li>
        ))}
      </ul>
    );
  }

  it('shows a saved supply from the answer, with no request of its own', async () => {
    const requests = installFakeFetch({
      [LIST]: { status: 200, body: aPage([stocked, low]) },
      [`PATCH ${FARM}/supplies/${stocked.id}`]: {
        status: 200,
        body: { ...stocked, notes: 'Keep dry', version: 2 },
      },
    });
    let update: ReturnType<typeof useUpdateSupply> | undefined;
    const { queryClient } = renderWithProviders(<Picker expose={(u) => (update = u)} />);
    await screen.findByText('Growers mash:');
    await settled(queryClient);
    requests.splice(0);
    await act(() => update!.mutateAsync(edit({ notes: 'Keep dry' })));
    expect(await screen.findByText('Growers mash: Keep dry')).toBeInTheDocument();
    await settled(queryClient);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([`PATCH ${FARM}/supplies/${stocked.id}`]);
  });
});
