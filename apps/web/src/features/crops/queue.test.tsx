import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { onlineManager, useIsRestoring } from '@tanstack/react-query';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { loadNamespaces } from '@/i18n';
import { AppProviders } from '@/app/providers';
import { AppToaster } from '@/app/toaster';
import { installFakeFetch } from '@/test/fake-fetch';
import { anId, FARM_ID } from '@/test/fixtures';
import type { Crop } from '@gona/shared/crops';
import { HarvestDialog } from './components/CropRecordDialogs';

// IndexedDB is the browser's; here the persisted client lives in a Map, copied like a real store copies.
const idb = vi.hoisted(() => new Map<string, unknown>());
vi.mock('idb-keyval', () => ({
  get: (key: string) => Promise.resolve(idb.get(key)),
  set: (key: string, value: unknown) => Promise.resolve(void idb.set(key, JSON.parse(JSON.stringify(value)))),
  del: (key: string) => Promise.resolve(void idb.delete(key)),
}));

const CROP = {
  id: anId(0x9c),
  farm_id: FARM_ID,
  crop_key: 'maize',
  crop_name: 'Maize',
  planting_date: '2026-08-01',
  status: 'growing',
} as Crop;
const HARVESTS = `POST /api/farms/${FARM_ID}/crops/${CROP.id}/harvests`;
const queued = () =>
  ((idb.get('gona.query-cache') as PersistedClient | undefined)?.clientState.mutations ?? []).map(
    (m) => m.state.variables as { id: string; quantity: string },
  );

function App({ children }: { children?: ReactNode }) {
  return (
    <AppProviders>
      <MemoryRouter>
        <WhenRestored>{children}</WhenRestored>
      </MemoryRouter>
      <AppToaster />
    </AppProviders>
  );
}

function WhenRestored({ children }: { children?: ReactNode }) {
  return useIsRestoring() ? null : children;
}

/** A real answer takes a network round trip; the fake one would otherwise come back before the restore ends. */
function withLatency() {
  const answer = globalThis.fetch;
  vi.stubGlobal('fetch', (...args: Parameters<typeof fetch>) =>
    new Promise((resolve) => setTimeout(resolve, 20)).then(() => answer(...args)),
  );
}

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  onlineManager.setOnline(online);
}

beforeAll(() => loadNamespaces(['crops']));

afterEach(() => {
  idb.clear();
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
});

describe('crop records queued offline', () => {
  it('keeps a harvest weighed in the field on the phone and sends it once, with the same id, after a reload', async () => {
    setOnline(false);
    const offline = installFakeFetch({
      [`GET /api/knowledge/crops/maize`]: {
        status: 200,
        body: { harvest_unit: 'bag_100kg', stages: [], varieties: [], calendars: [] },
      },
    });
    const first = render(
      <App>
        <HarvestDialog farmId={FARM_ID} crop={CROP} onClose={() => undefined} />
      </App>,
    );
    fireEvent.change(await screen.findByLabelText('How much'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(queued()).toHaveLength(1));
    const [harvest] = queued();
    expect(offline.filter((r) => r.method === 'POST')).toHaveLength(0);
    first.unmount();

    setOnline(true);
    const requests = installFakeFetch({ [HARVESTS]: { status: 201, body: { id: harvest?.id } } });
    withLatency();
    const second = render(<App />);
    await waitFor(() => expect(queued()).toHaveLength(0));
    const sent = requests.filter((r) => `${r.method} ${r.path}` === HARVESTS);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({ id: harvest?.id, quantity: '12', destination: 'stored' });
    expect(sent[0]?.body).not.toHaveProperty('cropName');
    second.unmount();
  });
});
