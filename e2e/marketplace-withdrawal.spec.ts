import { expect, test } from './support/fixtures';
import { cameraJpeg, choosePhoto } from './support/photos';

test('at 320 px, a farmer lists the eggs of a layer flock by its name, treats the flock with an 8-day withdrawal, and sees the listing paused with the reason', async ({
  farmer: { page, farm },
  baseURL,
}, testInfo) => {
  const headers = { origin: baseURL! };
  const current = await page.request.get(`/api/farms/${farm.id}`);
  const { version } = (await current.json()) as { version: number };
  const settings = await page.request.patch(`/api/farms/${farm.id}`, {
    headers,
    data: { state: 'Rivers', lga: 'Ikwerre', version },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  const created = await page.request.post(`/api/farms/${farm.id}/livestock`, {
    headers,
    data: {
      kind: 'group',
      species: 'chicken_layer',
      name: 'Layers House 2',
      head_count: 300,
      acquisition: 'bought',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const flock = (await created.json()) as { id: string };

  // The eggs are listed from the flock, chosen by its name.
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/dashboard/marketplace?tab=mine');
  await page.getByRole('button', { name: 'New listing' }).first().click();
  const form = page.getByRole('dialog', { name: 'New listing' });
  await form.getByLabel('What are you selling?').selectOption({ label: 'Farm products' });
  await form.getByLabel('Product', { exact: true }).selectOption({ label: 'Eggs' });
  await form.getByLabel('Which flock, herd or pond it comes from').selectOption({ label: 'Layers House 2' });
  await form.getByLabel('Title buyers see').fill('Fresh eggs, Layers House 2');
  await form.getByLabel('Quantity to sell').fill('40');
  await form.getByLabel('Unit', { exact: true }).selectOption({ label: 'crate' });
  await form.getByLabel('Kg in one unit').fill('1.8');
  await form.getByLabel('Price per unit (₦)').fill('4,500');
  await form.getByLabel('Smallest order').fill('1');
  await choosePhoto(form, await cameraJpeg(page, 1600, 1200));
  await expect(form.getByText('Sending…')).toHaveCount(0);
  await form.getByRole('button', { name: 'Save as draft' }).click();
  await expect(page.getByText('“Fresh eggs, Layers House 2” saved')).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('“Fresh eggs, Layers House 2” is on sale')).toBeVisible();

  // The flock is treated on its screen: 8 days before its eggs may be sold again.
  await page.goto(`/dashboard/livestock/${flock.id}`);
  await page.getByRole('button', { name: 'Health record' }).click();
  const record = page.getByRole('dialog', { name: 'Health record: Layers House 2' });
  await record.getByLabel('Kind of care').selectOption({ label: 'Treatment' });
  await record.getByLabel('Product', { exact: true }).fill('Oxytetracycline');
  await record.getByLabel('Withdrawal period (days)').fill('8');
  await record.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Recorded.')).toBeVisible();
  const notice = page.getByText(/^Not for sale or eating until (\d\d)\/(\d\d)\/(\d{4})/).first();
  await expect(notice).toBeVisible();
  const [, day, month, year] = /(\d\d)\/(\d\d)\/(\d{4})/.exec((await notice.textContent()) ?? '')!;

  // Back to the marketplace through the menu, as a farmer would.
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await page
    .getByRole('navigation', { name: /dashboard/i })
    .getByRole('link', { name: 'Marketplace', exact: true })
    .click();
  await page.getByRole('tab', { name: 'My listings' }).click();
  const card = page.getByRole('listitem').filter({ hasText: 'Fresh eggs, Layers House 2' });
  await expect(card.getByText('Paused', { exact: true })).toBeVisible();
  await expect(
    card.getByText(
      `Paused until ${day}/${month}/${year}: Layers House 2 is under withdrawal after Oxytetracycline`,
    ),
  ).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.screenshot({ path: testInfo.outputPath('withdrawal-paused-320.png'), fullPage: true });

  // The listing's own screen says the same to the farm.
  await card.getByRole('link', { name: 'Fresh eggs, Layers House 2' }).click();
  await expect(
    page.getByText(
      `Paused until ${day}/${month}/${year}: Layers House 2 is under withdrawal after Oxytetracycline`,
    ),
  ).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});
