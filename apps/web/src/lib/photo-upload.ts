import { toast } from '@/lib/toast';
import type { StoredFile } from '@gona/shared/files';
import { i18n, loadNamespaces } from '@/i18n';
import { apiFetch } from './http';
import { forgetWaitingPhoto, readWaitingPhoto, type WaitingPhoto } from './photo-store';
import { isRefusal } from './query-client';

/** Sends one photo to the farm's files; the same id sent again answers the first upload. */
export function uploadPhoto(
  farmId: string,
  photo: Pick<WaitingPhoto, 'id' | 'kind' | 'name' | 'blob'>,
): Promise<StoredFile> {
  return uploadPhotoTo(`/api/farms/${encodeURIComponent(farmId)}/files`, photo);
}

/** Sends one photo to an upload address of its own (a buyer's evidence goes through their order). */
export function uploadPhotoTo(
  path: string,
  photo: Pick<WaitingPhoto, 'id' | 'kind' | 'name' | 'blob'>,
): Promise<StoredFile> {
  const form = new FormData();
  form.set('file', photo.blob, photo.name);
  form.set('kind', photo.kind);
  form.set('id', photo.id);
  return apiFetch<StoredFile>(path, { method: 'POST', body: form });
}

/**
 * Called by a record's send function before the record itself: each photo it names that still
 * waits on this phone is uploaded first, under its own id, then forgotten. Answers the ids to send
 * with the record. A photo the server refuses (not a photo, too large) is left out with a toast
 * saying why, so the rest of the record still saves; without a connection this throws, and the
 * change waits for it like any other.
 */
export async function sendWaitingPhotos(
  farmId: string,
  ids: readonly string[] | undefined,
): Promise<string[] | undefined> {
  if (!ids) return undefined;
  const sent: string[] = [];
  for (const id of ids) {
    const photo = await readWaitingPhoto(id);
    if (!photo) {
      sent.push(id); // Uploaded already (when it was picked, or by an earlier try).
      continue;
    }
    try {
      await uploadPhoto(farmId, photo);
      sent.push(id);
    } catch (error) {
      if (!isRefusal(error)) throw error;
      const reason = error.fields.file ?? error.message;
      // A change restored after a reload may be sent from a screen that never loaded these words.
      await loadNamespaces(['photos']).catch(() => undefined);
      toast.error(i18n.t('photos:leftOut', { name: photo.name, reason }), { id: `photo-${id}` });
    }
    await forgetWaitingPhoto(id);
  }
  return sent;
}
