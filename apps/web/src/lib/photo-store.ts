import { clear, createStore, del, delMany, entries, get, set, type UseStore } from 'idb-keyval';
import type { FileKind } from '@gona/shared/files';

/** A photo picked on this phone, kept until the server has it. */
export type WaitingPhoto = {
  /** The file's id, made on the phone: the record names it, and a replayed upload gives the first answer. */
  id: string;
  farmId: string;
  kind: FileKind;
  name: string;
  blob: Blob;
  savedAt: number;
};

let store: UseStore | undefined;

/**
 * Photos wait in a database of their own, apart from the saved query cache (which holds only the
 * changes that name them), so a big blob is never copied with every cache save. Opened on first use.
 */
const photoStore = () => (store ??= createStore('gona-photos', 'waiting'));

export function readWaitingPhoto(id: string): Promise<WaitingPhoto | undefined> {
  return get<WaitingPhoto>(id, photoStore());
}

export async function keepWaitingPhoto(photo: WaitingPhoto): Promise<void> {
  await set(photo.id, photo, photoStore());
}

export async function forgetWaitingPhoto(id: string): Promise<void> {
  await del(id, photoStore());
}

/** Sign-out and an expired session: the next person on this phone must not send or see them. */
export async function clearWaitingPhotos(): Promise<void> {
  await clear(photoStore());
}

/**
 * Photos older than the saved queue itself can no longer be sent by any change (the queue is
 * dropped after the same time): an abandoned form's picks go.
 */
export async function pruneWaitingPhotos(maxAgeMs: number, now = Date.now()): Promise<void> {
  const all = await entries<string, WaitingPhoto>(photoStore());
  const old = all.filter(([, photo]) => now - photo.savedAt > maxAgeMs).map(([id]) => id);
  if (old.length > 0) await delMany(old, photoStore());
}
