import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { onlineManager, useIsRestoring } from '@tanstack/react-query';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import '@/i18n';
import { DashboardShell } from '@/components/layout/DashboardShell';
import { MovementDialog, SupplyFormDialog, SupplyList } from '@/features/inventory/components';
import { farm, installFakeFetch, signedInRoutes } from '@/test/fake-fetch';
import { renderAt } from '@/test/render';
import { AppProviders } from './providers';
import { AppToaster } from './toaster';

// IndexedDB is the browser's; here the persisted client lives in a Map, copied like a real store copies.
const idb = vi.hoisted(() => new Map<string, unknown>());
vi.mock('idb-keyval', () => ({
  get: (key: string) => Promise.resolve(idb.get(key)),
  set: (key: string, value: unknown) => Promise.resolve(void idb.set(key, JSON.parse(JSON.stringify(value)))),
  del: (key: string) => Promise.resolve(void idb.delete(key)),
}));

const FARM = '01900000-0000-7000-8000-0000000000f1';
const SUPPLY = {
  id: '01900000-0000-7000-8000-0000000000a1',
  name: 'NPK 15:15:15',
  quantity: '10',
  unit: 'bag_50kg',
} as const;
const MOVEMENTS = `POST /api/farms/${FARM}/supplies/${SUPPLY.id}/movements`;

const persisted = () => idb.get('gona.query-cache') as PersistedClient | undefined;
const queuedIds = () =>
  (persisted()?.clientState.mutations ?? []).map((m) => (m.state.variables as { id: string }).id);

/** A real answer takes a network round trip; the fake one would otherwise come back at once. */
function withLatency() {
  const answer = globalThis.fetch;
  vi.stubGlobal('fetch', (...args: Parameters<typeof fetch>) =>
    new Promise((resolve) => setTimeout(resolve, 20)).then(() => answer(...args)),
  );
}

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
}

/** The app as it starts: providers (restoring the saved cache first), the shell and a screen. */
function App({ children }: { children?: ReactNode }) {
  return (
    <AppProviders>
      <MemoryRouter>
        <DashboardShell farmSwitcher={null} renderBadge={() => null}>
          <WhenRestored>{children}</WhenRestored>
        </DashboardShell>
      </MemoryRouter>
      <AppToaster />
    </AppProviders>
  );
}

function WhenRestored({ children }: { children?: ReactNode }) {
  return useIsRestoring() ? null : children;
}

afterEach(() => {
  idb.clear();
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
});

describe('changes queued offline', () => {
  it('are kept on the phone, counted, and sent once with the same id after a reload', async () => {
    setOnline(false);
    const offline = installFakeFetch({});
    const first = render(
      <App>
        <MovementDialog farmId={FARM} supply={SUPPLY} initialKind="used" showCost onClose={() => undefined} />
      </App>,
    );
    fireEvent.change(await screen.findByLabelText(/How much/), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText('Saved on this phone. It will be sent when you are back online.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      /You are offline\..* 1 change is waiting to be sent\.$/,
    );
    await waitFor(() => expect(queuedIds()).toHaveLength(1));
    const [movementId] = queuedIds();
    expect(offline).toHaveLength(0);
    first.unmount();

    setOnline(true);
    const requests = installFakeFetch({
      [MOVEMENTS]: {
        status: 201,
        body: { movement: { id: movementId }, supply: { ...SUPPLY, quantity: '7', is_low_stock: false } },
      },
    });
    withLatency();
    const second = render(<App />);

    await waitFor(() => expect(queuedIds()).toHaveLength(0));
    const sent = () => requests.filter((r) => `${r.method} ${r.path}` === MOVEMENTS);
    expect(sent()).toHaveLength(1);
    expect(sent()[0]?.body).toMatchObject({ id: movementId, kind: 'used', quantity: '3' });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    second.unmount();

    render(<App />);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sent()).toHaveLength(1);
  });

  it('a supply added offline shows at once as waiting to send, survives a reload and is added once', async () => {
    setOnline(false);
    onlineManager.setOnline(false);
    const offline = installFakeFetch({});
    const screenWithForm = (
      <App>
        <SupplyList farmId={FARM} role="owner" onAdd={() => undefined} supplyPath={(id) => `/s/${id}`} />
        <SupplyFormDialog farmId={FARM} onClose={() => undefined} />
      </App>
    );
    const first = render(screenWithForm);
    const form = within(await screen.findByRole('dialog'));
    fireEvent.change(form.getByLabelText('Name'), { target: { value: 'Layers mash' } });
    fireEvent.change(form.getByLabelText('Category'), { target: { value: 'animal_feed' } });
    fireEvent.change(form.getByLabelText('Quantity in stock'), { target: { value: '10' } });
    fireEvent.change(form.getByLabelText('Unit'), { target: { value: 'bag_25kg' } });
    fireEvent.change(form.getByLabelText('Low-stock level'), { target: { value: '2' } });
    // The Save button sits in the sheet's footer, outside the form it submits (form="…").
    fireEvent.submit(document.getElementById('supply-form-new')!);

    expect(
      await screen.findByText('Saved on this phone. It will be sent when you are back online.'),
    ).toBeInTheDocument();
    const waiting = await screen.findByRole('list', { name: 'Supplies waiting to be sent' });
    expect(waiting).toHaveTextContent('Layers mash');
    expect(waiting).toHaveTextContent('10 bags (25 kg) · waiting to send');
    await waitFor(() => expect(queuedIds()).toHaveLength(1));
    const [supplyId] = queuedIds();
    expect(offline).toHaveLength(0);
    first.unmount();

    setOnline(true);
    const CREATE = `POST /api/farms/${FARM}/supplies`;
    const requests = installFakeFetch({
      [CREATE]: { status: 201, body: { id: supplyId, name: 'Layers mash' } },
    });
    withLatency();
    render(<App />);
    await waitFor(() => expect(queuedIds()).toHaveLength(0));
    const sent = requests.filter((r) => `${r.method} ${r.path}` === CREATE);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({
      id: supplyId,
      name: 'Layers mash',
      quantity: '10',
      unit: 'bag_25kg',
    });
  });

  it('are dropped when the person signs out, so the next person neither sends nor sees them', async () => {
    const greenAcres = farm(FARM, 'Green Acres');
    const requests = installFakeFetch({
      ...signedInRoutes([greenAcres]),
      'POST /api/auth/sign-out': { status: 200, body: { success: true } },
    });
    const { router, queryClient } = renderAt('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Green Acres' })).toBeInTheDocument();

    onlineManager.setOnline(false);
    const queued = queryClient.getMutationCache().build(queryClient, {
      mutationKey: ['inventory', 'record-movement'],
      mutationFn: () => Promise.resolve(null),
    });
    void queued.execute({ farmId: FARM }).catch(() => undefined);
    await waitFor(() => expect(queued.state.isPaused).toBe(true));
    expect(await screen.findByText('1 change is waiting to be sent.', { exact: false })).toBeInTheDocument();

    await router.navigate('/logout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(queryClient.getMutationCache().getAll()).toHaveLength(0);
    onlineManager.setOnline(true);
    await queryClient.resumePausedMutations();
    expect(requests.filter((r) => r.path.includes('/movements'))).toHaveLength(0);
  });
});
