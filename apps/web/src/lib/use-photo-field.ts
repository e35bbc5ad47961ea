import { useEffect, useRef, useState } from 'react';
import { onlineManager } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FileKind, StoredFile } from '@gona/shared/files';
import { useErrorText } from './error-text';
import { ApiError } from './http';
import { newClientId } from './ids';
import { forgetWaitingPhoto, keepWaitingPhoto } from './photo-store';
import { uploadPhoto } from './photo-upload';
import { isRefusal } from './query-client';

/** A photo in a form: one the record has, one on its way, or one waiting for the connection. */
export type PickedPhoto = { id: string; src: string; state: 'preparing' | 'sent' | 'sending' | 'waiting' };

/**
 * The photos of a form, for a `PhotoPicker`. A picked photo is made smaller on the phone, kept in
 * the waiting store, and sent at once when there is a connection, so a refusal shows beside the
 * field while the farmer is still there. Without a connection it waits: the record's queued change
 * names it, and `sendWaitingPhotos` uploads it before the record. `ids` is what the record saves.
 */
export function usePhotoField(options: {
  farmId: string;
  kind: FileKind;
  max: number;
  initial?: readonly StoredFile[] | undefined;
  /** Where a picked photo goes: the farm's files unless the record has its own upload (a buyer's). */
  upload?: ((photo: Parameters<typeof uploadPhoto>[1]) => Promise<StoredFile>) | undefined;
}) {
  const { farmId, kind, max, initial = [] } = options;
  const send = options.upload ?? ((photo: Parameters<typeof uploadPhoto>[1]) => uploadPhoto(farmId, photo));
  const { t } = useTranslation('photos');
  const errorText = useErrorText();
  const [photos, setPhotos] = useState<PickedPhoto[]>(() =>
    initial.map((file) => ({ id: file.id, src: file.thumb_url ?? file.url, state: 'sent' })),
  );
  const [error, setError] = useState<string | undefined>();
  const [initialIds] = useState(() => initial.map((file) => file.id).join());
  const previews = useRef(new Map<string, string>());

  useEffect(() => {
    const urls = previews.current;
    return () => {
      for (const url of urls.values()) URL.revokeObjectURL(url);
    };
  }, []);

  const setState = (id: string, state: PickedPhoto['state']) =>
    setPhotos((current) => current.map((photo) => (photo.id === id ? { ...photo, state } : photo)));

  const drop = (id: string) => {
    setPhotos((current) => current.filter((photo) => photo.id !== id));
    const url = previews.current.get(id);
    if (url) URL.revokeObjectURL(url);
    previews.current.delete(id);
  };

  async function addOne(file: File) {
    // Shown at once while it is made smaller (a second or more on a cheap phone), so the form can
    // wait for it instead of being saved without it.
    const id = newClientId();
    const original = URL.createObjectURL(file);
    previews.current.set(id, original);
    setPhotos((current) => [...current, { id, src: original, state: 'preparing' }]);
    let photo;
    try {
      photo = await shrinkPhoto(file);
    } catch {
      drop(id);
      setError(t('heic'));
      return;
    }
    URL.revokeObjectURL(original);
    const src = URL.createObjectURL(photo.blob);
    previews.current.set(id, src);
    setPhotos((current) => current.map((p) => (p.id === id ? { id, src, state: 'sending' } : p)));
    await keepWaitingPhoto({ id, farmId, kind, name: photo.name, blob: photo.blob, savedAt: Date.now() });
    if (!onlineManager.isOnline()) {
      setState(id, 'waiting');
      return;
    }
    try {
      await send({ id, kind, name: photo.name, blob: photo.blob });
      await forgetWaitingPhoto(id);
      setState(id, 'sent');
    } catch (failure) {
      if (!isRefusal(failure)) {
        setState(id, 'waiting'); // Sent with the record when the connection allows.
        return;
      }
      await forgetWaitingPhoto(id);
      drop(id);
      setError((failure instanceof ApiError && failure.fields.file) || errorText(failure));
    }
  }

  function add(files: readonly File[]) {
    setError(undefined);
    const room = max - photos.length;
    if (files.length > room) setError(t('tooMany', { count: max }));
    return Promise.all(files.slice(0, Math.max(room, 0)).map(addOne));
  }

  /** A photo the record already had stays stored until the record is saved without it. */
  function remove(id: string) {
    setError(undefined);
    drop(id);
    void forgetWaitingPhoto(id);
  }

  const ids = photos.filter((photo) => photo.state !== 'preparing').map((photo) => photo.id);
  /** A picked photo is still being made smaller: saving now would leave it out. */
  const preparing = photos.some((photo) => photo.state === 'preparing');
  return { photos, ids, preparing, changed: ids.join() !== initialIds, error, setError, add, remove };
}

/** What a farmer on a metered connection sends: at most this long side, as a JPEG of this quality. */
const SEND_LONG_SIDE = 1600;
const SEND_QUALITY = 0.85;
/** A photo already this small and no larger than SEND_LONG_SIDE goes as it is. */
const SEND_AS_IS_BYTES = 400 * 1024;

/**
 * A camera photo made small enough to send cheaply (a 4 MB, 12-megapixel photo becomes about
 * 300 KB): decoded upright by the browser, drawn at most 1600 px on its long side and saved as
 * JPEG, which also leaves its EXIF (GPS included) behind on the phone. Anything the browser cannot
 * decode goes as it is and the server decides, except HEIC, refused here in the server's words.
 */
export async function shrinkPhoto(file: File): Promise<{ blob: Blob; name: string }> {
  const heic = /^image\/hei[cf]$/i.test(file.type) || /\.hei[cf]$/i.test(file.name);
  if (!file.type.startsWith('image/') && !heic) return { blob: file, name: file.name };
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    if (heic) throw new Error('This browser cannot read HEIC photos');
    return { blob: file, name: file.name };
  }
  try {
    const scale = Math.min(1, SEND_LONG_SIDE / Math.max(bitmap.width, bitmap.height));
    if (scale === 1 && file.size <= SEND_AS_IS_BYTES && !heic) return { blob: file, name: file.name };
    const width = Math.round(bitmap.width * scale);
    const height = Math.round(bitmap.height * scale);
    const canvas = new OffscreenCanvas(width, height);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, width, height);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: SEND_QUALITY });
    if (blob.size >= file.size && !heic) return { blob: file, name: file.name };
    return { blob, name: `${file.name.replace(/\.[^.]*$/, '') || 'photo'}.jpg` };
  } finally {
    bitmap.close();
  }
}
