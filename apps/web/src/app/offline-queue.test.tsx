import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { hashKey, onlineManager, useIsRestoring } from '@tanstack/react-query';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import '@/i18n';
import { DashboardShell } from '@/components/layout/DashboardShell';
import { inventoryKeys } from '@/features/inventory/keys';
import {
  MovementDialog,
  RefusedChange,
  SuppliersManager,
  SupplyDetail,
  SupplyFormDialog,
  SupplyList,
} from '@/features/inventory/components';
import { addAttentionItem } from '@/lib/needs-attention';
import { SAVED_CACHE_SHAPE } from '@/lib/query-client';
import { writeAuthEntry } from '@/lib/storage';
import { farm, installFakeFetch, ME, signedInRoutes } from '@/test/fake-fetch';
import { aSupply } from '@/test/fixtures';
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
/** The supply as the server last sent it, saved on the phone. */
const RECORD = aSupply({
  ...SUPPLY,
  farm_id: FARM,
  category: 'fertilizer',
  low_threshold: '2',
});
const NO_FILTERS = { search: '', category: '', lowStock: false } as const;
const page = <T,>(items: T[]) => ({ items, next_cursor: null });

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

/** A cache saved by an earlier visit, holding the farm's supplies and suppliers as the server sent them. */
function savedCache(supply = RECORD) {
  const queries = [
    [inventoryKeys.supplies(FARM, NO_FILTERS), { pages: [page([supply])], pageParams: [null] }],
    [inventoryKeys.supply(FARM, supply.id), { ...supply, photos: [] }],
    [inventoryKeys.movements(FARM, supply.id), { pages: [page([])], pageParams: [null] }],
    [inventoryKeys.suppliers(FARM), page([])],
  ] as const;
  idb.set('gona.query-cache', {
    timestamp: Date.now(),
    buster: SAVED_CACHE_SHAPE,
    clientState: {
      mutations: [],
      queries: queries.map(([queryKey, data]) => ({
        queryKey,
        queryHash: hashKey(queryKey),
        state: {
          data,
          dataUpdateCount: 1,
          dataUpdatedAt: Date.now(),
          error: null,
          errorUpdateCount: 0,
          errorUpdatedAt: 0,
          fetchFailureCount: 0,
          fetchFailureReason: null,
          fetchMeta: null,
          isInvalidated: false,
          status: 'success',
          fetchStatus: 'idle',
        },
      })),
    },
  });
}

const inventoryScreens = (
  <>
    <SupplyList farmId={FARM} role="owner" onAdd={() => undefined} supplyPath={(id) => `/s/${id}`} />
    <SupplyDetail farmId={FARM} role="owner" supplyId={SUPPLY.id} listPath="/s" />
  </>
);

function setOffline() {
  setOnline(false);
  onlineManager.setOnline(false);
}

function comeOnline() {
  setOnline(true);
  onlineManager.setOnline(true);
}

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
}

/** The app as it starts: providers (restoring the saved cache first), the shell and a screen. */
function App({ children }: { children?: ReactNode }) {
  return (
    <AppProviders>
      <MemoryRouter>
        <DashboardShell
          farmSwitcher={null}
          renderBadge={() => null}
          renderAttentionItem={(item) => <RefusedChange item={item} />}
        >
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
  });

  it('saved by an older release: its answers are not shown, and its waiting change is sent once as saved', async () => {
    setOffline();
    savedCache({ ...RECORD, name: 'As the older release saw it' });
    installFakeFetch({});
    const first = render(
      <App>
        <MovementDialog farmId={FARM} supply={SUPPLY} initialKind="used" showCost onClose={() => undefined} />
      </App>,
    );
    fireEvent.change(await screen.findByLabelText(/How much/), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(queuedIds()).toHaveLength(1));
    const [movementId] = queuedIds();
    first.unmount();
    // What the older release left: answers in their old shape, and the use queued as a JSON number.
    const saved = persisted()!;
    expect(saved.clientState.queries.length).toBeGreaterThan(0);
    idb.set('gona.query-cache', {
      ...saved,
      buster: '',
      clientState: {
        ...saved.clientState,
        mutations: saved.clientState.mutations.map((m) => ({
          ...m,
          state: { ...m.state, variables: { ...(m.state.variables as object), quantity: 3 } },
        })),
      },
    });

    // Still offline after the update: the change waits, the old answers are not shown.
    const second = render(<App>{inventoryScreens}</App>);
    expect(await screen.findByText(/1 change is waiting to be sent/)).toBeInTheDocument();
    expect(screen.queryByText('As the older release saw it')).not.toBeInTheDocument();
    second.unmount();

    setOnline(true);
    const requests = installFakeFetch({
      [MOVEMENTS]: {
        status: 201,
        body: { movement: { id: movementId }, supply: { ...SUPPLY, quantity: '7', is_low_stock: false } },
      },
    });
    withLatency();
    render(<App />);
    await waitFor(() => expect(queuedIds()).toHaveLength(0));
    const sent = requests.filter((r) => `${r.method} ${r.path}` === MOVEMENTS);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({ id: movementId, kind: 'used', quantity: 3 });
    expect(persisted()?.buster).toBe(SAVED_CACHE_SHAPE);
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

  it('are dropped when the person signs out, refused ones too, so the next person neither sends nor sees them', async () => {
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
    addAttentionItem({
      mutationKey: ['inventory', 'create-supply'],
      variables: {},
      status: 400,
      message: 'No',
    });
    expect(await screen.findByText('1 change needs your attention.')).toBeInTheDocument();

    await router.navigate('/logout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(queryClient.getMutationCache().getAll()).toHaveLength(0);
    expect(localStorage.getItem('gona.needs_attention')).toBeNull();
    onlineManager.setOnline(true);
    await queryClient.resumePausedMutations();
    expect(requests.filter((r) => r.path.includes('/movements'))).toHaveLength(0);
  });
});

describe('what was changed offline shows at once', () => {
  it('a queued use lowers the quantity in the list and on the detail screen until the server answers', async () => {
    setOffline();
    savedCache();
    installFakeFetch({});
    render(<App>{inventoryScreens}</App>);
    const list = within(await screen.findByRole('table', { name: 'Supplies' }));
    fireEvent.click(list.getByRole('button', { name: `Record use of ${SUPPLY.name}` }));
    fireEvent.change(await screen.findByLabelText(/How much/), { target: { value: '2.7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await list.findByText('7.3 bags (50 kg)')).toBeInTheDocument();
    expect(list.getByText('waiting to send')).toBeInTheDocument();
    const stock = screen.getByText('In stock', { selector: 'p' }).nextElementSibling as HTMLElement;
    expect(stock).toHaveTextContent('7.3 bags (50 kg)waiting to send');

    const answered = { ...RECORD, quantity: '5', is_low_stock: false, version: 1 };
    installFakeFetch({
      [MOVEMENTS]: { status: 201, body: { movement: { id: 'm' }, supply: answered } },
      [`GET /api/farms/${FARM}/supplies`]: { status: 200, body: page([answered]) },
      [`GET /api/farms/${FARM}/supplies/${SUPPLY.id}`]: { status: 200, body: { ...answered, photos: [] } },
    });
    comeOnline();
    // Someone else used some too: the server's number takes over once the use is sent.
    expect(await list.findByText('5 bags (50 kg)')).toBeInTheDocument();
    expect(stock).toHaveTextContent('5 bags (50 kg)');
    expect(screen.queryByText('waiting to send')).not.toBeInTheDocument();
  });

  it('a supply edited offline shows at once as waiting and is sent once, with its version, after a reload', async () => {
    setOffline();
    savedCache();
    const offline = installFakeFetch({});
    const first = render(
      <App>
        {inventoryScreens}
        <SupplyFormDialog farmId={FARM} supply={RECORD} onClose={() => undefined} />
      </App>,
    );
    const form = within(await screen.findByRole('dialog'));
    fireEvent.change(form.getByLabelText('Name'), { target: { value: 'NPK 20:10:10' } });
    fireEvent.change(form.getByLabelText('Low-stock level'), { target: { value: '12' } });
    fireEvent.submit(document.getElementById(`supply-form-${SUPPLY.id}`)!);

    expect(await screen.findByRole('heading', { name: 'NPK 20:10:10' })).toBeInTheDocument();
    const list = within(screen.getByRole('table', { name: 'Supplies' }));
    expect(list.getByRole('link', { name: 'NPK 20:10:10' })).toBeInTheDocument();
    expect(list.getByText('waiting to send')).toBeInTheDocument();
    expect(list.getByText('Low stock')).toBeInTheDocument();
    await waitFor(() => expect(queuedIds()).toEqual([SUPPLY.id]));
    expect(offline).toHaveLength(0);
    first.unmount();

    setOnline(true);
    const PATCH = `PATCH /api/farms/${FARM}/supplies/${SUPPLY.id}`;
    const requests = installFakeFetch({
      [PATCH]: { status: 200, body: { ...RECORD, name: 'NPK 20:10:10', low_threshold: '12', version: 2 } },
    });
    withLatency();
    render(<App />);
    await waitFor(() => expect(queuedIds()).toHaveLength(0));
    const sent = requests.filter((r) => `${r.method} ${r.path}` === PATCH);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({ name: 'NPK 20:10:10', low_threshold: '12', version: 1 });
    expect(sent[0]?.body).not.toHaveProperty('farmId');
  });

  it('a supplier added offline is listed as waiting and added once, with the phone-made id, when back online', async () => {
    setOffline();
    savedCache();
    installFakeFetch({});
    render(
      <App>
        <SuppliersManager farmId={FARM} role="owner" />
      </App>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Add supplier' }));
    const form = within(await screen.findByRole('dialog'));
    fireEvent.change(form.getByLabelText('Name'), { target: { value: 'Zeb Agro Ventures' } });
    fireEvent.submit(document.getElementById('supplier-form-new')!);

    const list = within(await screen.findByRole('table', { name: 'Active suppliers' }));
    expect(list.getByText('Zeb Agro Ventures')).toBeInTheDocument();
    expect(list.getByText('waiting to send')).toBeInTheDocument();
    await waitFor(() => expect(queuedIds()).toHaveLength(1));
    const [supplierId] = queuedIds();

    const CREATE = `POST /api/farms/${FARM}/suppliers`;
    const requests = installFakeFetch({
      [CREATE]: {
        status: 201,
        body: { id: supplierId, farm_id: FARM, name: 'Zeb Agro Ventures', is_active: true, version: 1 },
      },
    });
    comeOnline();
    await waitFor(() => expect(list.queryByText('waiting to send')).not.toBeInTheDocument());
    const sent = requests.filter((r) => `${r.method} ${r.path}` === CREATE);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({ id: supplierId, name: 'Zeb Agro Ventures' });
  });
});

describe('a queued change the server refuses', () => {
  const signedIn = () =>
    writeAuthEntry({ user_id: ME.id, email: ME.email, first_name: ME.first_name, last_name: ME.last_name });
  const refusal = (message: string) => ({ status: 409, body: { error: { code: 'CONFLICT', message } } });
  /** Signed in and offline, the farmer records a use of 4 bags; it waits in the queue. */
  async function queueUseOfFour() {
    signedIn();
    setOffline();
    installFakeFetch({});
    render(
      <App>
        <MovementDialog farmId={FARM} supply={SUPPLY} initialKind="used" showCost onClose={() => undefined} />
      </App>,
    );
    fireEvent.change(await screen.findByLabelText(/How much/), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(queuedIds()).toHaveLength(1));
  }

  it("is kept in the needs-attention list with the server's reason until it is discarded", async () => {
    await queueUseOfFour();

    const requests = installFakeFetch({
      [MOVEMENTS]: refusal('Not enough stock: only 2 left, so 4 cannot be taken out.'),
    });
    comeOnline();
    expect(await screen.findByText('1 change needs your attention.')).toBeInTheDocument();
    expect(requests.filter((r) => `${r.method} ${r.path}` === MOVEMENTS)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    const list = within(await screen.findByRole('list', { name: 'Changes that need your attention' }));
    expect(
      await list.findByText(
        'Use of 4 bags (50 kg) of NPK 15:15:15 was not saved: Not enough stock: only 2 left, so 4 cannot be taken out.',
      ),
    ).toBeInTheDocument();

    fireEvent.click(list.getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByText('1 change needs your attention.')).not.toBeInTheDocument());
    expect(localStorage.getItem('gona.needs_attention')).toBeNull();
  });

  it('a change that still cannot get through after its retries is kept too, never dropped', async () => {
    await queueUseOfFour();

    // The phone says it is online, but nothing gets through (a captive portal, a dead mast).
    let attempts = 0;
    vi.stubGlobal('fetch', () => {
      attempts += 1;
      return Promise.reject(new TypeError('Failed to fetch'));
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      comeOnline();
      await vi.waitFor(async () => {
        await vi.advanceTimersByTimeAsync(10_000);
        expect(screen.getByText('1 change needs your attention.')).toBeInTheDocument();
      });
    } finally {
      vi.useRealTimers();
    }
    expect(attempts).toBe(4);
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    const list = within(await screen.findByRole('list', { name: 'Changes that need your attention' }));
    expect(
      list.getByText(
        'Use of 4 bags (50 kg) of NPK 15:15:15 was not saved: Cannot reach Gona. Check your connection and try again.',
      ),
    ).toBeInTheDocument();
  });

  it('an edit refused as stale after a reload is sent again, against the current version, with Try again', async () => {
    signedIn();
    setOffline();
    savedCache();
    installFakeFetch({});
    const first = render(
      <App>
        <SupplyFormDialog farmId={FARM} supply={RECORD} onClose={() => undefined} />
      </App>,
    );
    const form = within(await screen.findByRole('dialog'));
    fireEvent.change(form.getByLabelText('Name'), { target: { value: 'NPK 20:10:10' } });
    fireEvent.submit(document.getElementById(`supply-form-${SUPPLY.id}`)!);
    await waitFor(() => expect(queuedIds()).toHaveLength(1));
    first.unmount();

    setOnline(true);
    const PATCH = `PATCH /api/farms/${FARM}/supplies/${SUPPLY.id}`;
    const patches = () => requests.filter((r) => `${r.method} ${r.path}` === PATCH);
    const requests = installFakeFetch({
      [PATCH]: () =>
        patches().length === 1
          ? refusal('Someone else changed this record. Reload it and try again.')
          : { status: 200, body: { ...RECORD, name: 'NPK 20:10:10', version: 4 } },
      [`GET /api/farms/${FARM}/supplies/${SUPPLY.id}`]: {
        status: 200,
        body: { ...RECORD, version: 3, photos: [] },
      },
    });
    withLatency();
    render(<App />);
    fireEvent.click(await screen.findByRole('button', { name: 'Review' }));
    const list = within(await screen.findByRole('list', { name: 'Changes that need your attention' }));
    expect(
      await list.findByText(
        'Edit of NPK 20:10:10 was not saved: Someone else changed this record. Reload it and try again.',
      ),
    ).toBeInTheDocument();

    fireEvent.click(list.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(patches()).toHaveLength(2));
    expect(patches()[1]?.body).toEqual({ ...(patches()[0]?.body as object), version: 3 });
    await waitFor(() => expect(screen.queryByText(/needs your attention/)).not.toBeInTheDocument());
    expect(patches()).toHaveLength(2);
  });
});
