import type { Locator, Page } from '@playwright/test';

/**
 * A JPEG as a phone camera takes it, drawn by the browser: `width` × `height` of coloured noise,
 * which compresses badly, so it is megabytes like a real photo.
 */
export async function cameraJpeg(page: Page, width = 3000, height = 2000): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ([w, h]) => {
      const canvas = new OffscreenCanvas(w, h);
      const context = canvas.getContext('2d')!;
      const pixels = context.createImageData(w, h);
      for (let i = 0; i < pixels.data.length; i += 4) {
        const noise = (i * 2654435761) % 97;
        pixels.data[i] = (i / 4) % w < w / 2 ? 200 + (noise % 50) : noise;
        pixels.data[i + 1] = 90 + noise;
        pixels.data[i + 2] = noise * 2;
        pixels.data[i + 3] = 255;
      }
      context.putImageData(pixels, 0, 0);
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.95 });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let text = '';
      for (let i = 0; i < bytes.length; i += 0x8000)
        text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(text);
    },
    [width, height] as const,
  );
  return Buffer.from(base64, 'base64');
}

/** Picks `photo` in a form's photo field, as choosing it from the phone's gallery does. */
export async function choosePhoto(
  form: Locator,
  photo: Buffer,
  name = 'IMG_20250526_081500.jpg',
): Promise<void> {
  await form.getByLabel('Choose from gallery').setInputFiles({ name, mimeType: 'image/jpeg', buffer: photo });
}

/** Whether an <img> has loaded, and how wide the picture it shows is. */
export function loadedWidth(image: Locator): Promise<number> {
  return image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));
}

/** How many photos wait on the phone for a connection (the app's own IndexedDB store). */
export function photosWaiting(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('gona-photos');
        open.onerror = () => reject(new Error(String(open.error)));
        open.onupgradeneeded = () => open.result.createObjectStore('waiting');
        open.onsuccess = () => {
          const count = open.result.transaction('waiting').objectStore('waiting').count();
          count.onerror = () => reject(new Error(String(count.error)));
          count.onsuccess = () => {
            open.result.close();
            resolve(count.result);
          };
        };
      }),
  );
}
