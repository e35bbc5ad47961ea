import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { AppToaster } from '@/app/toaster';
import { installFakeFetch } from '@/test/fake-fetch';
import { aPage, anAnimal, aProductionDay, FARM_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { loadNamespaces } from '@/i18n';
import { RecordDialog, type RecordMode } from './RecordDialogs';

const FLOCK = anAnimal();
const BASE = `/api/farms/${FARM_ID}/livestock/${FLOCK.id}`;
const SUPPLIES = `GET /api/farms/${FARM_ID}/supplies`;

function renderDialog(mode: RecordMode, role: 'owner' | 'worker' = 'worker') {
  const onClose = vi.fn();
  const view = renderWithProviders(
    <>
      <RecordDialog farmId={FARM_ID} role={role} animal={FLOCK} mode={mode} onClose={onClose} />
      <AppToaster />
    </>,
  );
  return { onClose, ...view };
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

afterEach(() => {
  onlineManager.setOnline(true);
});

// Loaded with the livestock screens in the app.
beforeAll(() => loadNamespaces(['livestock']));

describe('RecordDialog', () => {
  it('records a death in two taps: it opens with one death today, and Save sends it', async () => {
    const requests = installFakeFetch({
      [`POST ${BASE}/events`]: { status: 201, body: { event: {}, animal: anAnimal({ head_count: 499 }) } },
    });
    const { onClose } = renderDialog('death');
    expect(screen.getByLabelText('What happened')).toHaveValue('mortality');
    expect(screen.getByLabelText('How many')).toHaveValue('1');
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.filter((r) => r.method === 'POST')).toMatchObject([
      { path: `${BASE}/events`, body: { kind: 'mortality', count: 1 } },
    ]);
    expect(await screen.findByText('Recorded.')).toBeInTheDocument();
  });

  it('records the eggs collected, with the same id when a failed save is tried again', async () => {
    let calls = 0;
    const requests = installFakeFetch({
      [SUPPLIES]: { status: 200, body: aPage([]) },
      [`POST ${BASE}/production`]: () =>
        ++calls === 1
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'An unexpected error occurred' } } }
          : { status: 201, body: aProductionDay() },
    });
    const { onClose } = renderDialog('production');
    fireEvent.change(screen.getByLabelText('Eggs collected'), { target: { value: '412' } });
    save();
    expect(await screen.findByText(/Not saved/)).toBeInTheDocument();
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[0]?.body).toMatchObject({ eggs_collected: 412 });
    expect((posts[1]?.body as { id: string }).id).toBe((posts[0]?.body as { id: string }).id);
  });

  it('says what is missing beside the field, without asking the server', async () => {
    const requests = installFakeFetch({ [SUPPLIES]: { status: 200, body: aPage([]) } });
    renderDialog('production');
    save();
    expect(await screen.findByText('Enter the eggs, milk, fish or feed of the day')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Eggs collected'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('Of them cracked'), { target: { value: '12' } });
    save();
    expect(await screen.findByText('Cracked eggs are counted among those collected')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('keeps a death on the phone when offline and says it will be sent', async () => {
    const requests = installFakeFetch({});
    onlineManager.setOnline(false);
    const { onClose, queryClient } = renderDialog('death');
    fireEvent.change(screen.getByLabelText('How many'), { target: { value: '3' } });
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(
      await screen.findByText('Saved on this phone. It will be sent when you are back online.'),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    const waiting = queryClient.getMutationCache().getAll();
    expect(waiting.map((m) => [m.options.mutationKey, m.state.isPaused])).toEqual([
      [['livestock', 'record-event'], true],
    ]);
    expect(waiting[0]?.state.variables).toMatchObject({ kind: 'mortality', count: 3, animalId: FLOCK.id });
  });

  it('asks workers for no cost on a health record, and shows the cost to the owner', () => {
    installFakeFetch({ [SUPPLIES]: { status: 200, body: aPage([]) } });
    const { unmount } = renderDialog('health', 'worker');
    expect(screen.queryByLabelText('Cost (₦)')).not.toBeInTheDocument();
    unmount();
    renderDialog('health', 'owner');
    expect(screen.getByLabelText('Cost (₦)')).toBeInTheDocument();
  });
});
