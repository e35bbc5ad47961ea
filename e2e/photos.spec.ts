import { expect, test } from './support/fixtures';
import { addSupply } from './support/inventory';
import { cameraJpeg, choosePhoto, loadedWidth, photosWaiting } from './support/photos';

type StoredFile = { id: string; url: string; thumb_url: string; width: number; height: number };
type SupplyWithPhotos = { id: string; name: string; photos: StoredFile[] };

test('a farmer adds a photo to a supply from the phone, sees its thumbnail and opens it full size', async ({
  farmer: { page },
}) => {
  await page.goto('/dashboard/inventory');
  const photo = await cameraJpeg(page);
  const upload = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/files'));

  await addSupply(page, { name: 'Layers mash', quantity: '10', lowStockLevel: '2' }, async (form) => {
    await choosePhoto(form, photo);
    const thumb = form.getByRole('img', { name: 'Chosen photo 1' });
    await expect(thumb).toBeVisible();
    await expect.poll(() => loadedWidth(thumb)).toBeGreaterThan(0);
    await expect(form.getByText('Sending…')).toBeHidden();
    // The phone sent a small copy: a 3000 × 2000 camera photo of megabytes went as a few hundred KB.
    const answered = await upload;
    expect(answered.status()).toBe(201);
    const sent = Number((await answered.request().allHeaders())['content-length']);
    expect(photo.length).toBeGreaterThan(2_000_000);
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThan(photo.length / 3);
  });

  await page.getByRole('link', { name: 'Layers mash' }).first().click();
  await expect(page.getByRole('heading', { name: 'Layers mash' })).toBeVisible();
  const thumbnail = page.getByRole('img', { name: 'Photo 1 of 1: Layers mash' });
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => loadedWidth(thumbnail)).toBe(320);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await thumbnail.click();
  const viewer = page.getByRole('dialog', { name: 'Photo 1 of 1: Layers mash' });
  const full = viewer.getByRole('img');
  await expect(full).toBeVisible();
  await expect.poll(() => loadedWidth(full)).toBe(1280);
  const src = await full.getAttribute('src');
  const served = await page.request.get(src!);
  expect(served.headers()['content-type']).toBe('image/webp');
  expect(served.headers()['cache-control']).toMatch(/^private/);

  // Back closes the photo and stays on the supply.
  await page.goBack();
  await expect(viewer).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Layers mash' })).toBeVisible();
});

test('the photo field fits a 320 px phone', async ({ farmer: { page } }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/dashboard/inventory');
  await page.getByRole('button', { name: 'Add supply' }).first().click();
  const form = page.getByRole('dialog', { name: 'Add a supply' });
  await choosePhoto(
    form,
    await cameraJpeg(page, 1200, 900),
    'Aṣẹ-fertiliser-delivery-note-from-Onitsha-market.jpg',
  );
  await expect(form.getByRole('img', { name: 'Chosen photo 1' })).toBeVisible();
  await expect(form.getByLabel('Take a photo')).toBeAttached();
  const overflow = await form.evaluate((dialog) => dialog.scrollWidth - dialog.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

test('a photo picked offline waits on the phone and arrives with its supply when the connection is back', async ({
  farmer: {
    page,
    farm: { id: farmId },
  },
  context,
}) => {
  await page.goto('/dashboard/inventory');
  const photo = await cameraJpeg(page, 1600, 1200);
  await expect(page.getByRole('heading', { name: 'No supplies yet' })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Add supply' }).first().click();
  const form = page.getByRole('dialog', { name: 'Add a supply' });
  await form.getByLabel('Name', { exact: true }).fill('Urea');
  await form.getByLabel('Category').selectOption({ label: 'Fertilizer' });
  await form.getByLabel('Quantity in stock').fill('4');
  await form.getByLabel('Unit', { exact: true }).selectOption({ label: 'Bags of 50 kg' });
  await form.getByLabel('Low-stock level').fill('1');
  await choosePhoto(form, photo);
  await expect(form.getByText('Waiting to send')).toBeVisible();
  await form.getByRole('button', { name: 'Save supply' }).click();
  await expect(
    page.getByText('Saved on this phone. It will be sent when you are back online.'),
  ).toBeVisible();
  await expect.poll(() => photosWaiting(page)).toBe(1);

  await context.setOffline(false);
  await expect
    .poll(async () => {
      const list = (await (await page.request.get(`/api/farms/${farmId}/supplies`)).json()) as {
        items: { id: string; name: string }[];
      };
      const urea = list.items.find((s) => s.name === 'Urea');
      if (!urea) return 0;
      const detail = (await (
        await page.request.get(`/api/farms/${farmId}/supplies/${urea.id}`)
      ).json()) as SupplyWithPhotos;
      return detail.photos.length;
    })
    .toBe(1);
  await expect.poll(() => photosWaiting(page)).toBe(0);

  await page.getByRole('link', { name: 'Urea' }).first().click();
  const thumbnail = page.getByRole('img', { name: 'Photo 1 of 1: Urea' });
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => loadedWidth(thumbnail)).toBe(320);
});
