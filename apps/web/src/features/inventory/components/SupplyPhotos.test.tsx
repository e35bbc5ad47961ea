import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import type { StoredFile } from '@gona/shared/files';
import { AppToaster } from '@/app/toaster';
import { installFakeFetch, type FakeRequest, type FakeResponse } from '@/test/fake-fetch';
import { aPhoto, anId, aSupplyWithPhotos, FARM_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { SupplyFormDialog } from './SupplyFormDialog';

// IndexedDB is the browser's; here each store is a Map, named as the app names it.
const stores = vi.hoisted(() => new Map<string, Map<string, unknown>>());
vi.mock('idb-keyval', () => {
  const storeOf = (name = 'keyval-store') => {
    if (!stores.has(name)) stores.set(name, new Map());
    return stores.get(name)!;
  };
  return {
    createStore: (db: string, store: string) => `${db}/${store}`,
    get: (key: string, store?: string) => Promise.resolve(storeOf(store).get(key)),
    set: (key: string, value: unknown, store?: string) =>
      Promise.resolve(void storeOf(store).set(key, value)),
    del: (key: string, store?: string) => Promise.resolve(void storeOf(store).delete(key)),
    delMany: (keys: string[], store?: string) =>
      Promise.resolve(keys.forEach((k) => storeOf(store).delete(k))),
    clear: (store?: string) => Promise.resolve(storeOf(store).clear()),
    entries: (store?: string) => Promise.resolve([...storeOf(store).entries()]),
  };
});

const waiting = () => stores.get('gona-photos/waiting') ?? new Map<string, unknown>();
const UPLOAD = `POST /api/farms/${FARM_ID}/files`;
const ADD = `POST /api/farms/${FARM_ID}/supplies`;
const REFUSED = 'This file is not a photo. Choose a JPEG, PNG or WebP photo.';

let previews = 0;
beforeEach(() => {
  stores.clear();
  // jsdom has no object URLs; the picker only needs distinct addresses for its previews.
  URL.createObjectURL = () => `blob:preview-${++previews}`;
  URL.revokeObjectURL = () => undefined;
});
afterEach(() => onlineManager.setOnline(true));

/** The server: uploads answer the stored photo (or `refuse` with 400), new supplies answer 201. */
function server(options: { refuse?: boolean } = {}) {
  const uploaded = (request: FakeRequest): FakeResponse => {
    if (options.refuse) {
      return {
        status: 400,
        body: {
          error: { code: 'VALIDATION', message: 'Some fields need attention', fields: { file: REFUSED } },
        },
      };
    }
    const form = request.body as { id: string; kind: string; file: File };
    return { status: 201, body: aPhoto({ id: form.id, kind: 'supply', original_name: form.file.name }) };
  };
  const requests = installFakeFetch({
    [`GET /api/farms/${FARM_ID}/suppliers`]: { status: 200, body: { items: [], next_cursor: null } },
    [UPLOAD]: uploaded,
    [ADD]: (request) => ({
      status: 201,
      body: aSupplyWithPhotos(
        { name: 'Layers mash' },
        ((request.body as { photo_ids?: string[] }).photo_ids ?? []).map((id): StoredFile => aPhoto({ id })),
      ),
    }),
  });
  const sent = (key: string) => requests.filter((r) => `${r.method} ${r.path}` === key);
  return { requests, sent };
}

async function openForm() {
  const closed = vi.fn();
  renderWithProviders(
    <>
      <SupplyFormDialog farmId={FARM_ID} onClose={closed} />
      <AppToaster />
    </>,
  );
  const dialog = within(await screen.findByRole('dialog', { name: 'Add a supply' }));
  fireEvent.change(dialog.getByLabelText('Name'), { target: { value: 'Layers mash' } });
  fireEvent.change(dialog.getByLabelText('Category'), { target: { value: 'animal_feed' } });
  fireEvent.change(dialog.getByLabelText('Unit'), { target: { value: 'bag_25kg' } });
  fireEvent.change(dialog.getByLabelText('Quantity in stock'), { target: { value: '12' } });
  fireEvent.change(dialog.getByLabelText('Low-stock level'), { target: { value: '3' } });
  const choose = (...names: string[]) =>
    fireEvent.change(dialog.getByLabelText('Choose from gallery'), {
      target: { files: names.map((name) => new File(['jpeg bytes'], name, { type: 'image/jpeg' })) },
    });
  const save = () => fireEvent.submit(document.getElementById('supply-form-new')!);
  return { dialog, choose, save, closed };
}

describe('photos on the supply form', () => {
  it('sends a chosen photo at once, shows it, and saves the supply with its id', async () => {
    const { sent } = server();
    const { dialog, choose, save, closed } = await openForm();
    choose('bag label.jpg');
    const thumb = await dialog.findByRole('img', { name: 'Chosen photo 1' });
    expect(thumb.getAttribute('src')).toMatch(/^blob:preview-/);
    await waitFor(() => expect(sent(UPLOAD)).toHaveLength(1));
    const form = sent(UPLOAD)[0]!.body as { id: string; kind: string; file: File };
    expect(form.kind).toBe('supply');
    expect(form.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    expect(form.file.name).toBe('bag label.jpg');
    await waitFor(() => expect(dialog.queryByText('Sending…')).not.toBeInTheDocument());
    expect(waiting().size).toBe(0);

    save();
    await waitFor(() => expect(closed).toHaveBeenCalled());
    expect(sent(ADD)[0]!.body).toMatchObject({ name: 'Layers mash', photo_ids: [form.id] });
    expect(sent(UPLOAD)).toHaveLength(1);
  });

  it('shows the server’s refusal next to the field and keeps nothing of that photo', async () => {
    const { sent } = server({ refuse: true });
    const { dialog, choose, save, closed } = await openForm();
    choose('notes.jpg');
    expect(await dialog.findByRole('alert')).toHaveTextContent(REFUSED);
    expect(dialog.queryByRole('img')).not.toBeInTheDocument();
    expect(waiting().size).toBe(0);
    save();
    await waitFor(() => expect(closed).toHaveBeenCalled());
    expect(sent(ADD)[0]!.body).not.toHaveProperty('photo_ids');
  });

  it('keeps at most six: the rest are left out with a word why', async () => {
    server();
    const { dialog, choose } = await openForm();
    choose('1.jpg', '2.jpg', '3.jpg', '4.jpg', '5.jpg', '6.jpg', '7.jpg');
    expect(
      await dialog.findByText('Only 6 photos can be kept: the others were left out.'),
    ).toBeInTheDocument();
    expect(await dialog.findAllByRole('img')).toHaveLength(6);
    expect(dialog.queryByLabelText('Choose from gallery')).not.toBeInTheDocument();
  });

  it('refuses a HEIC photo this browser cannot read, before sending anything', async () => {
    const { sent } = server();
    const { dialog } = await openForm();
    fireEvent.change(dialog.getByLabelText('Take a photo'), {
      target: { files: [new File(['heic'], 'IMG_4410.HEIC', { type: 'image/heic' })] },
    });
    expect(await dialog.findByRole('alert')).toHaveTextContent(/^This photo is in HEIC format/);
    expect(sent(UPLOAD)).toHaveLength(0);
  });
});

describe('photos when editing a supply', () => {
  const photos = [aPhoto({ id: anId(0xc1) }), aPhoto({ id: anId(0xc2) })];
  const supply = aSupplyWithPhotos({ name: 'Layers mash' }, photos);
  const PATCH = `PATCH /api/farms/${FARM_ID}/supplies/${supply.id}`;

  function edit() {
    const requests = installFakeFetch({
      [`GET /api/farms/${FARM_ID}/suppliers`]: { status: 200, body: { items: [], next_cursor: null } },
      [`GET /api/farms/${FARM_ID}/supplies/${supply.id}/movements?limit=1`]: {
        status: 200,
        body: { items: [], next_cursor: null },
      },
      [PATCH]: { status: 200, body: supply },
    });
    const closed = vi.fn();
    renderWithProviders(
      <SupplyFormDialog farmId={FARM_ID} supply={supply} photos={photos} onClose={closed} />,
    );
    const patches = () => requests.filter((r) => `${r.method} ${r.path}` === PATCH);
    return {
      patches,
      closed,
      save: () => fireEvent.submit(document.getElementById(`supply-form-${supply.id}`)!),
    };
  }

  it('shows the photos it has and sends the new list when one is removed', async () => {
    const { patches, closed, save } = edit();
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByRole('img', { name: 'Chosen photo 2' })).toHaveAttribute('src', photos[1]!.thumb_url);
    fireEvent.click(dialog.getByRole('button', { name: 'Remove photo 1' }));
    save();
    await waitFor(() => expect(closed).toHaveBeenCalled());
    expect(patches()[0]!.body).toMatchObject({ photo_ids: [photos[1]!.id] });
  });

  it('leaves the photos out of a save that did not touch them', async () => {
    const { patches, closed, save } = edit();
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByLabelText('Notes'), { target: { value: 'Dry shelf' } });
    save();
    await waitFor(() => expect(closed).toHaveBeenCalled());
    expect(patches()[0]!.body).not.toHaveProperty('photo_ids');
  });
});

describe('a photo picked offline', () => {
  it('waits on the phone, then goes up before the supply that names it, under the same id', async () => {
    const { requests, sent } = server();
    onlineManager.setOnline(false);
    const { dialog, choose, save } = await openForm();
    choose('store room.jpg');
    expect(await dialog.findByText('Waiting to send')).toBeInTheDocument();
    const [id = ''] = [...waiting().keys()];
    expect(waiting().get(id)).toMatchObject({ farmId: FARM_ID, kind: 'supply', name: 'store room.jpg' });
    save();
    expect(
      await screen.findByText('Saved on this phone. It will be sent when you are back online.'),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    onlineManager.setOnline(true);
    await waitFor(() => expect(sent(ADD)).toHaveLength(1));
    const posts = requests.filter((r) => r.method === 'POST').map((r) => r.path);
    expect(posts).toEqual([`/api/farms/${FARM_ID}/files`, `/api/farms/${FARM_ID}/supplies`]);
    expect((sent(UPLOAD)[0]!.body as { id: string }).id).toBe(id);
    expect(sent(ADD)[0]!.body).toMatchObject({ photo_ids: [id] });
    expect(waiting().size).toBe(0);
  });

  it('is left out, with a word why, when the server refuses it; the supply is still saved', async () => {
    const { sent } = server({ refuse: true });
    onlineManager.setOnline(false);
    const { dialog, choose, save } = await openForm();
    choose('scan.jpg');
    expect(await dialog.findByText('Waiting to send')).toBeInTheDocument();
    save();
    await screen.findByText('Saved on this phone. It will be sent when you are back online.');

    onlineManager.setOnline(true);
    await waitFor(() => expect(sent(ADD)).toHaveLength(1));
    expect(sent(ADD)[0]!.body).toMatchObject({ photo_ids: [] });
    expect(await screen.findByText(`The photo scan.jpg was left out: ${REFUSED}`)).toBeInTheDocument();
    expect(waiting().size).toBe(0);
  });
});
