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
import { anAnimal, FARM_ID } from '@/test/fixtures';
import { RecordDialog } from './components/RecordDialogs';

// IndexedDB is the browser's; here the persisted client lives in a Map, copied like a real store copies.
const idb = vi.hoisted(() => new Map<string, unknown>());
vi.mock('idb-keyval', () => ({
  get: (key: string) => Promise.resolve(idb.get(key)),
  set: (key: string, value: unknown) => Promise.resolve(void idb.set(key, JSON.parse(JSON.stringify(value)))),
  del: (key: string) => Promise.resolve(void idb.delete(key)),
}));

const FLOCK = anAnimal();
const EVENTS = `POST /api/farms/${FARM_ID}/livestock/${FLOCK.id}/events`;
const queued = () =>
  ((idb.get('gona.query-cache') as PersistedClient | undefined)?.clientState.mutations ?? []).map(
    (m) => m.state.variables as { id: string; count: number },
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

beforeAll(() => loadNamespaces(['livestock']));

afterEach(() => {
  idb.clear();
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
});

describe('livestock records queued offline', () => {
  it('are kept on the phone and sent once, with the same id, after a reload', async () => {
    setOnline(false);
    const offline = installFakeFetch({});
    const first = render(
      <App>
        <RecordDialog farmId={FARM_ID} role="worker" animal={FLOCK} mode="death" onClose={() => undefined} />
      </App>,
    );
    fireEvent.change(await screen.findByLabelText('How many'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(queued()).toHaveLength(1));
    const [death] = queued();
    expect(offline.filter((r) => r.method === 'POST')).toHaveLength(0);
    first.unmount();

    setOnline(true);
    const requests = installFakeFetch({ [EVENTS]: { status: 201, body: { event: {}, animal: FLOCK } } });
    withLatency();
    const second = render(<App />);
    await waitFor(() => expect(queued()).toHaveLength(0));
    const sent = requests.filter((r) => `${r.method} ${r.path}` === EVENTS);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({ id: death?.id, kind: 'mortality', count: 3 });
    expect(sent[0]?.body).not.toHaveProperty('animalName');
    second.unmount();
  });
});
