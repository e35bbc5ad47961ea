import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import {
  onlineManager,
  QueryClient,
  useIsRestoring,
  useQueryClient,
  type MutationKey,
} from '@tanstack/react-query';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { installFakeFetch, type FakeRequest } from '@/test/fake-fetch';
import {
  aStaffMember,
  aSupplier,
  aSupply,
  aSupplyWithPhotos,
  aTask,
  anAnimalWithPhotos,
  anId,
  FARM_ID,
} from '@/test/fixtures';
import { AppProviders, registerQueuedMutations } from './providers';

/**
 * The offline contract, checked for every change the app can queue, the way farm-access.test.ts
 * checks every route: the keys come from `registerQueuedMutations` itself, so a feature that adds a
 * queued change without a row below fails here. Each one is made offline, kept on the phone, the
 * app is reloaded (a new client restored from the saved cache, with nothing on screen), and once
 * the connection is back it is sent exactly once, under the id it was made with.
 */

// IndexedDB is the browser's; here the persisted client lives in a Map, copied like a real store copies.
const idb = vi.hoisted(() => new Map<string, unknown>());
vi.mock('idb-keyval', () => ({
  get: (key: string) => Promise.resolve(idb.get(key)),
  set: (key: string, value: unknown) => Promise.resolve(void idb.set(key, JSON.parse(JSON.stringify(value)))),
  del: (key: string) => Promise.resolve(void idb.delete(key)),
}));

const FARM = `/api/farms/${FARM_ID}`;
const ID = anId(0x01);
const RECORD = anId(0x02);
const SUPPLY = aSupply({ id: RECORD, farm_id: FARM_ID });

type Example = {
  /** Everything the change carries: a queued change is sent from these alone. */
  variables: Record<string, unknown>;
  /** The one request it must become. */
  request: string;
  /** The server's answer (the change's own cache writer reads it). */
  answer?: unknown;
  /** The id that makes a replay record it once: the phone-made id, or the record's own in the path. */
  sameId: string;
};

/** One row per queued change: a key the app registers without a row here fails the first test. */
const EXAMPLES: Record<string, Example> = {
  'inventory/record-movement': {
    variables: {
      farmId: FARM_ID,
      supplyId: RECORD,
      supplyName: 'NPK',
      unit: 'bag_50kg',
      id: ID,
      kind: 'used',
      quantity: '2',
    },
    request: `POST ${FARM}/supplies/${RECORD}/movements`,
    answer: { supply: SUPPLY, movement: { id: ID } },
    sameId: ID,
  },
  'inventory/create-supply': {
    variables: {
      farmId: FARM_ID,
      id: ID,
      name: 'NPK',
      category: 'fertilizer',
      unit: 'bag_50kg',
      photo_ids: [],
    },
    request: `POST ${FARM}/supplies`,
    answer: aSupplyWithPhotos({ id: ID }),
    sameId: ID,
  },
  'inventory/update-supply': {
    variables: { farmId: FARM_ID, id: RECORD, name: 'NPK 20', version: 1, photo_ids: [] },
    request: `PATCH ${FARM}/supplies/${RECORD}`,
    answer: aSupplyWithPhotos({ id: RECORD }),
    sameId: RECORD,
  },
  'inventory/create-supplier': {
    variables: { farmId: FARM_ID, id: ID, name: 'Agro Mart' },
    request: `POST ${FARM}/suppliers`,
    answer: aSupplier({ id: ID }),
    sameId: ID,
  },
  'inventory/update-supplier': {
    variables: { farmId: FARM_ID, id: RECORD, name: 'Agro Mart Ltd', version: 1 },
    request: `PATCH ${FARM}/suppliers/${RECORD}`,
    answer: aSupplier({ id: RECORD }),
    sameId: RECORD,
  },
  'inventory/deactivate-supplier': {
    variables: { farmId: FARM_ID, id: RECORD, name: 'Agro Mart' },
    request: `POST ${FARM}/suppliers/${RECORD}/deactivate`,
    answer: aSupplier({ id: RECORD, is_active: false }),
    sameId: RECORD,
  },
  'inventory/record-receipt-expense': {
    variables: {
      farmId: FARM_ID,
      id: ID,
      movementId: anId(0x03),
      supplyId: RECORD,
      supplyName: 'NPK',
      quantity: '2',
      unit: 'bag_50kg',
      date: '2026-11-24',
      category: 'fertilizer',
      amount_kobo: 3_000_000,
      description: 'NPK',
      supplier_id: null,
      payment_method: 'cash',
    },
    request: `POST ${FARM}/expenses`,
    answer: { id: ID },
    sameId: ID,
  },
  'staff/create-staff': {
    variables: {
      farmId: FARM_ID,
      id: ID,
      first_name: 'Aisha',
      last_name: 'Bello',
      job: 'general',
      photo_ids: [],
    },
    request: `POST ${FARM}/staff`,
    answer: { ...aStaffMember({ id: ID }), photos: [] },
    sameId: ID,
  },
  'staff/update-staff': {
    variables: {
      farmId: FARM_ID,
      id: RECORD,
      name: 'Aisha Bello',
      job: 'supervisor',
      version: 1,
      photo_ids: [],
    },
    request: `PATCH ${FARM}/staff/${RECORD}`,
    answer: { ...aStaffMember({ id: RECORD }), photos: [] },
    sameId: RECORD,
  },
  'livestock/create-livestock': {
    variables: {
      farmId: FARM_ID,
      id: ID,
      species: 'poultry_layer',
      kind: 'group',
      head_count: 100,
      photo_ids: [],
    },
    request: `POST ${FARM}/livestock`,
    answer: anAnimalWithPhotos({ id: ID }),
    sameId: ID,
  },
  'livestock/update-livestock': {
    variables: { farmId: FARM_ID, id: RECORD, animalName: 'Pen B', name: 'Pen C', version: 1, photo_ids: [] },
    request: `PATCH ${FARM}/livestock/${RECORD}`,
    answer: anAnimalWithPhotos({ id: RECORD }),
    sameId: RECORD,
  },
  'livestock/record-health': {
    variables: {
      farmId: FARM_ID,
      animalId: RECORD,
      animalName: 'Pen B',
      id: ID,
      date: '2026-11-24',
      kind: 'vaccination',
    },
    request: `POST ${FARM}/livestock/${RECORD}/health-records`,
    sameId: ID,
  },
  'livestock/record-growth': {
    variables: {
      farmId: FARM_ID,
      animalId: RECORD,
      animalName: 'Pen B',
      id: ID,
      date: '2026-11-24',
      weight_kg: '1.8',
    },
    request: `POST ${FARM}/livestock/${RECORD}/growth-logs`,
    sameId: ID,
  },
  'livestock/record-event': {
    variables: {
      farmId: FARM_ID,
      animalId: RECORD,
      animalName: 'Pen B',
      id: ID,
      date: '2026-11-24',
      type: 'death',
      count: 2,
    },
    request: `POST ${FARM}/livestock/${RECORD}/events`,
    sameId: ID,
  },
  'livestock/record-production': {
    variables: {
      farmId: FARM_ID,
      animalId: RECORD,
      animalName: 'Pen B',
      id: ID,
      date: '2026-11-24',
      eggs: 90,
    },
    request: `POST ${FARM}/livestock/${RECORD}/production`,
    sameId: ID,
  },
  'tasks/complete-task': {
    variables: {
      farmId: FARM_ID,
      taskId: RECORD,
      title: 'Feed the layers',
      note: null,
      records: [],
      photo_ids: [],
    },
    request: `POST ${FARM}/tasks/${RECORD}/complete`,
    answer: aTask({ id: RECORD, status: 'done' }),
    sameId: RECORD,
  },
  'crops/record-stage': {
    variables: {
      farmId: FARM_ID,
      cropId: RECORD,
      cropName: 'Maize',
      id: ID,
      stage_key: 'tasseling',
      start_date: '2026-11-24',
    },
    request: `POST ${FARM}/crops/${RECORD}/stages`,
    sameId: ID,
  },
  'crops/record-harvest': {
    variables: {
      farmId: FARM_ID,
      cropId: RECORD,
      cropName: 'Maize',
      id: ID,
      date: '2026-11-24',
      quantity: '12',
      unit: 'bag_100kg',
    },
    request: `POST ${FARM}/crops/${RECORD}/harvests`,
    sameId: ID,
  },
  'money/create-expense': {
    variables: {
      farmId: FARM_ID,
      id: ID,
      date: '2026-11-24',
      category: 'feed',
      amount_kobo: 500_000,
      receipt_ids: [],
    },
    request: `POST ${FARM}/expenses`,
    answer: { id: ID },
    sameId: ID,
  },
  'money/create-sale': {
    variables: {
      farmId: FARM_ID,
      id: ID,
      date: '2026-11-24',
      product: 'Eggs',
      quantity: '30',
      unit: 'crate',
    },
    request: `POST ${FARM}/sales`,
    answer: { id: ID },
    sameId: ID,
  },
  'money/record-payment': {
    variables: {
      farmId: FARM_ID,
      saleId: RECORD,
      product: 'Eggs',
      id: ID,
      date: '2026-11-24',
      amount_kobo: 100_000,
    },
    request: `POST ${FARM}/sales/${RECORD}/payments`,
    answer: { id: RECORD },
    sameId: ID,
  },
  'money/update-sale': {
    variables: { farmId: FARM_ID, saleId: RECORD, product: 'Eggs', notes: 'Paid at the gate', version: 1 },
    request: `PATCH ${FARM}/sales/${RECORD}`,
    answer: { id: RECORD },
    sameId: RECORD,
  },
  'money/update-expense': {
    variables: { farmId: FARM_ID, expenseId: RECORD, amount_kobo: 600_000, version: 1 },
    request: `PATCH ${FARM}/expenses/${RECORD}`,
    answer: { id: RECORD },
    sameId: RECORD,
  },
  'money/mark-expense-paid': {
    variables: {
      farmId: FARM_ID,
      expenseId: RECORD,
      amount_kobo: 600_000,
      paid_on: '2026-11-24',
      version: 1,
    },
    request: `POST ${FARM}/expenses/${RECORD}/paid`,
    answer: { id: RECORD },
    sameId: RECORD,
  },
  'money/create-recurring-expense': {
    variables: {
      farmId: FARM_ID,
      id: ID,
      category: 'rent',
      amount_kobo: 5_000_000,
      frequency: 'monthly',
      start_date: '2026-11-24',
    },
    request: `POST ${FARM}/recurring-expenses`,
    answer: { id: ID },
    sameId: ID,
  },
  'money/stop-recurring-expense': {
    variables: { farmId: FARM_ID, recurringId: RECORD, amount_kobo: 5_000_000 },
    request: `POST ${FARM}/recurring-expenses/${RECORD}/stop`,
    answer: { id: RECORD },
    sameId: RECORD,
  },
  'listings/create-listing': {
    variables: { farmId: FARM_ID, id: ID, title: 'Fresh eggs', category: 'eggs', photo_ids: [] },
    request: `POST ${FARM}/listings`,
    answer: { id: ID, farm_id: FARM_ID },
    sameId: ID,
  },
  'listings/update-listing': {
    variables: {
      farmId: FARM_ID,
      listingId: RECORD,
      listingTitle: 'Fresh eggs',
      title: 'Fresh eggs, Pen B',
      version: 1,
    },
    request: `PATCH ${FARM}/listings/${RECORD}`,
    answer: { id: RECORD, farm_id: FARM_ID },
    sameId: RECORD,
  },
  'support/reply': {
    variables: { farmId: FARM_ID, requestId: RECORD, id: ID, body: 'It still fails after the update.' },
    request: `POST /api/support/requests/${RECORD}/messages`,
    answer: { id: RECORD, messages: [{ id: ID }] },
    sameId: ID,
  },
};

/** The keys the app teaches its client, read from the registration itself. */
async function registeredKeys(): Promise<string[]> {
  const client = new QueryClient();
  const keys: string[] = [];
  const register = client.setMutationDefaults.bind(client);
  vi.spyOn(client, 'setMutationDefaults').mockImplementation((key: MutationKey, options) => {
    keys.push(key.join('/'));
    register(key, options);
  });
  await registerQueuedMutations(client);
  return keys;
}

const REGISTERED = await registeredKeys();

const persisted = () => idb.get('gona.query-cache') as PersistedClient | undefined;
const queued = () => persisted()?.clientState.mutations ?? [];

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  onlineManager.setOnline(online);
}

/** A real answer takes a network round trip; the fake one would otherwise come back before the restore ends. */
function withLatency() {
  const answer = globalThis.fetch;
  vi.stubGlobal('fetch', (...args: Parameters<typeof fetch>) =>
    new Promise((resolve) => setTimeout(resolve, 20)).then(() => answer(...args)),
  );
}

/** Makes the change as a screen would, from the app's own client, with nothing else on screen. */
function MakeChange({ mutationKey, variables }: { mutationKey: string[]; variables: unknown }) {
  const queryClient = useQueryClient();
  // A screen shows once the saved cache is restored, as the app's layout waits for it.
  const restoring = useIsRestoring();
  useEffect(() => {
    if (restoring) return;
    void registerQueuedMutations(queryClient).then(() => {
      const mutation = queryClient.getMutationCache().build(queryClient, { mutationKey });
      void mutation.execute(variables).catch(() => undefined);
    });
  }, [queryClient, restoring, mutationKey, variables]);
  return null;
}

/** Hands the test the reloaded app's client, to see how its restored changes ended. */
function ClientOf({ found }: { found: (client: QueryClient) => void }) {
  found(useQueryClient());
  return null;
}

afterEach(() => {
  idb.clear();
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

describe('every queued change', () => {
  it('has a row here for each key the app registers, and none for a key it does not', () => {
    expect(REGISTERED.length).toBeGreaterThan(0);
    expect([...REGISTERED].sort()).toEqual(Object.keys(EXAMPLES).sort());
  });

  it.each(REGISTERED)(
    '%s waits on the phone offline, survives a reload and is sent once with its id',
    async (key) => {
      const example = EXAMPLES[key];
      if (!example) throw new Error(`No example for the queued change ${key}: add a row to EXAMPLES`);
      const mutationKey = key.split('/');

      setOnline(false);
      const offline = installFakeFetch({});
      const first = render(
        <AppProviders>
          <MakeChange mutationKey={mutationKey} variables={example.variables} />
        </AppProviders>,
      );
      await waitFor(() => expect(queued()).toHaveLength(1));
      expect(queued()[0]?.mutationKey).toEqual(mutationKey);
      expect(offline).toHaveLength(0);
      first.unmount();

      setOnline(true);
      const requests = installFakeFetch({
        [example.request]: { status: 200, body: example.answer ?? { id: example.sameId } },
      });
      withLatency();
      let reloaded: QueryClient | undefined;
      const second = render(
        <AppProviders>
          <ClientOf found={(client) => (reloaded = client)} />
        </AppProviders>,
      );
      const isTheChange = (r: FakeRequest) => `${r.method} ${r.path}` === example.request;
      await waitFor(() => expect(requests.filter(isTheChange)).toHaveLength(1));
      const [sent] = requests.filter(isTheChange);
      const body = (sent?.body ?? {}) as { id?: string };
      expect(body.id === example.sameId || sent?.path.includes(example.sameId)).toBe(true);
      // Nothing of the phone's own bookkeeping (farmId, cropName …) goes to the server, whose fields are snake_case.
      expect(Object.keys(body).filter((field) => /[A-Z]/.test(field))).toEqual([]);
      // The server's answer was taken in (its cache writer ran without fault), not refused or dropped,
      await waitFor(() =>
        expect(
          reloaded
            ?.getMutationCache()
            .getAll()
            .map((m) => m.state.status),
        ).toEqual(['success']),
      );
      // and the saved cache no longer holds the change, so the next reload sends nothing.
      await waitFor(() => expect(queued()).toHaveLength(0));
      expect(requests.filter(isTheChange)).toHaveLength(1);
      second.unmount();
    },
  );
});
