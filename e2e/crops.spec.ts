import { expect, test } from './support/fixtures';

function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

test('on a phone, a farmer plans maize for the season, sees its tasks, and records a stage, a harvest and a prediction', async ({
  farmer: { page, farm },
  baseURL,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
  // A farm in Kaduna: the northern Guinea savanna, where maize goes in at the end of June.
  const current = await page.request.get(`/api/farms/${farm.id}`);
  const { version } = (await current.json()) as { version: number };
  const moved = await page.request.patch(`/api/farms/${farm.id}`, {
    headers: { origin: baseURL! },
    data: { state: 'Kaduna', version },
  });
  expect(moved.status(), await moved.text()).toBe(200);

  await page.goto('/dashboard/crops');
  await expect(page.getByRole('heading', { name: 'No crops yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Plan a season' }).click();
  const plan = page.getByRole('dialog', { name: 'Plan a season' });
  await plan.getByLabel('Crop', { exact: true }).selectOption('maize');
  await expect(plan.getByText('Best planting in your zone (Northern Guinea savanna):')).toBeVisible();
  await expect(plan.getByLabel('Planting day')).not.toHaveValue('');
  await plan.getByLabel('Area planted (hectares)').fill('2');
  await plan.getByRole('button', { name: 'Plan 1 crop' }).click();
  await expect(page.getByText(/1 crop planned, \d+ tasks written/)).toBeVisible();

  await page.getByRole('link', { name: 'Maize' }).click();
  await expect(page.getByRole('heading', { name: 'Maize' })).toBeVisible();
  await expect(page.getByText(/^Planned for \d\d\/\d\d\/\d{4}\.$/)).toBeVisible();
  await expect(page.getByText('Prepare the land for the maize')).toBeVisible();

  // A second maize, planted a month ago with 8 kg of the store's 10 kg of seed: its stage today,
  // then a stage and a harvest recorded.
  const seed = await page.request.post(`/api/farms/${farm.id}/supplies`, {
    headers: { origin: baseURL! },
    data: { category: 'seeds_seedlings', name: 'SAMMAZ 15 maize seed', unit: 'kg', quantity: '10' },
  });
  expect(seed.status(), await seed.text()).toBe(201);
  const { id: seedId } = (await seed.json()) as { id: string };
  await page.getByRole('link', { name: 'All crops' }).click();
  await page.getByRole('button', { name: 'Add a crop' }).click();
  const form = page.getByRole('dialog', { name: 'Add a crop' });
  await form.getByLabel('Crop', { exact: true }).selectOption('maize');
  await form.getByLabel('Planting day').fill(addDays(today, -30));
  await form
    .getByLabel('Seed from your store (optional)')
    .selectOption({ label: 'SAMMAZ 15 maize seed (10 kg in store)' });
  await form.getByLabel('Seed used (kg)').fill('12');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Only 10 left', { exact: true })).toBeVisible();
  await form.getByLabel('Seed used (kg)').fill('8');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Maize is added.')).toBeVisible();
  const store = await page.request.get(`/api/farms/${farm.id}/supplies/${seedId}`);
  expect(((await store.json()) as { quantity: string }).quantity).toBe('2');
  await page.getByRole('link', { name: 'Maize' }).first().click();
  await expect(page.getByText('Vegetative growth · day 30 after planting')).toBeVisible();

  await page.getByRole('button', { name: 'Record a stage' }).click();
  const stage = page.getByRole('dialog');
  await stage.getByLabel('Stage').selectOption({ label: 'Tasselling and silking' });
  await stage.getByLabel('What you saw (optional)').fill('Tassels on most plants');
  await stage.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Tasselling and silking · day 30 after planting')).toBeVisible();

  await page.getByRole('button', { name: 'Record a harvest' }).click();
  const harvest = page.getByRole('dialog');
  await harvest.getByLabel('How much').fill('3');
  await harvest.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/3 bags of 100 kg \(300 kg\)/)).toBeVisible();

  await page.getByRole('button', { name: 'Predict now' }).click();
  await expect(page.getByText(/^About [\d.]+ to [\d.]+ tonnes/)).toBeVisible();
  await expect(page.getByText(/no soil test for the field yet/)).toBeVisible();
  // The 300 kg harvest beside the prediction: a poor start against the 1 ha's expected tonnes.
  await expect(
    page.getByText(
      /^Harvested so far: 0\.3 t\. Below the [\d.]+ to [\d.]+ t predicted on \d\d\/\d\d\/\d{4} \(-\d+ %/,
    ),
  ).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('a field with an acid soil test says to lime, and a crop on it expects less', async ({
  farmer: { page },
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/dashboard/crops');
  await page.getByRole('link', { name: 'Fields' }).click();
  await expect(page.getByRole('heading', { name: 'No fields yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Add a field' }).first().click();
  const form = page.getByRole('dialog', { name: 'Add a field' });
  await form.getByLabel('Field', { exact: true }).fill('Riverside plot by the Kaduna road');
  await form.getByLabel('Area (hectares, optional)').fill('2.5');
  await form.getByLabel('How you hold it').selectOption('rented');
  await form.getByLabel('Rent per season (₦)').fill('150,000');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Riverside plot by the Kaduna road is added.')).toBeVisible();
  await page.getByRole('link', { name: 'Riverside plot by the Kaduna road' }).click();

  await page.getByRole('button', { name: 'Add a soil test' }).click();
  const soil = page.getByRole('dialog');
  await soil.getByLabel('pH', { exact: true }).fill('5.1');
  await soil.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Acid soil: lime would help most crops.').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  await page.goto('/dashboard/crops');
  await page.getByRole('button', { name: 'Add a crop' }).first().click();
  const crop = page.getByRole('dialog', { name: 'Add a crop' });
  await crop.getByLabel('Crop', { exact: true }).selectOption('maize');
  await crop.getByLabel('Field').selectOption({ label: 'Riverside plot by the Kaduna road (2.5 ha)' });
  await crop.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Maize is added.')).toBeVisible();
  await page.getByRole('link', { name: 'Maize' }).click();
  await page.getByRole('button', { name: 'Predict now' }).click();
  await expect(page.getByText(/soil pH 5\.1 is acid: liming would help \(-10 %\)/)).toBeVisible();
});
