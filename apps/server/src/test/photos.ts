import sharp from 'sharp';
import type { FileKind, StoredFile } from '@gona/shared/files';
import type { TestContext, TestResponse } from './context';

/**
 * A JPEG as a phone camera makes it: the left half red and the right half blue, so a test can see
 * which way up it was stored; with `orientation` the pixels are stored sideways and EXIF says how to
 * turn them; with `gps` it carries the camera's make and a GPS position near Port Harcourt.
 */
export async function cameraPhoto(
  options: { width?: number; height?: number; orientation?: number; gps?: boolean } = {},
): Promise<Buffer> {
  const { width = 800, height = 600 } = options;
  const red = await sharp({
    create: { width: Math.floor(width / 2), height, channels: 3, background: '#ff0000' },
  })
    .png()
    .toBuffer();
  let image = sharp({ create: { width, height, channels: 3, background: '#0000ff' } })
    .composite([{ input: red, left: 0, top: 0 }])
    .jpeg({ quality: 90 });
  if (options.gps) {
    image = image.withExif({
      IFD0: { Make: 'Tecno', Model: 'Spark 10' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '4/1 49/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '7/1 2/1 0/1',
      },
    });
  }
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.toBuffer();
}

/** The multipart form of an upload, as the app sends it. */
export function uploadForm(
  bytes: Uint8Array,
  // A kind Gona does not know is sent as it is, for the tests of refusals.
  options: { name?: string; type?: string; kind?: FileKind | (string & {}); id?: string } = {},
): FormData {
  const form = new FormData();
  form.set(
    'file',
    new File([bytes], options.name ?? 'IMG_20250526_081500.jpg', { type: options.type ?? 'image/jpeg' }),
  );
  form.set('kind', options.kind ?? 'supply');
  if (options.id) form.set('id', options.id);
  return form;
}

/**
 * Uploads `bytes` (a camera photo unless given) to the farm at `base` as `cookie`'s person; a test
 * that expects a refusal names the answer's type (`uploadPhoto<ErrorBody>`).
 */
export async function uploadPhoto<T = StoredFile>(
  t: TestContext,
  base: string,
  cookie: string,
  options: Parameters<typeof uploadForm>[1] & { bytes?: Uint8Array } = {},
): Promise<TestResponse<T>> {
  const bytes = options.bytes ?? (await cameraPhoto());
  return t.request<T>('POST', `${base}/files`, { cookie, form: uploadForm(bytes, options) });
}
