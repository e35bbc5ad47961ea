import { expect, test } from './support/fixtures';

test('on a phone, a farmer gives the farm its point from the phone and sees heavy rain coming, what to do, and the week ahead', async ({
  farmer: { page, farm },
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/dashboard/climate');
  // No point yet: the screen says where to add one.
  await expect(page.getByRole('heading', { name: 'Where is your farm?' })).toBeVisible();

  // Standing on the farm, the farmer lets the phone fill in the point.
  await page.context().grantPermissions(['geolocation']);
  await page.context().setGeolocation({ latitude: 11.1, longitude: 7.72 });
  await page.getByRole('link', { name: "Open the farm's settings" }).click();
  await page.getByRole('button', { name: "Use this phone's location" }).click();
  await expect(page.getByLabel('Latitude')).toHaveValue('11.10000');
  await expect(page.getByLabel('Longitude')).toHaveValue('7.72000');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`${farm.name} is saved.`)).toBeVisible();
  await page.goto('/dashboard/climate');

  // The first look fetches the farm's weather in the background; a moment later it is there.
  await page.reload();
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Warnings' })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  const alert = page.getByRole('listitem').filter({ hasText: 'Heavy rain: up to 65 mm in a day' });
  await expect(alert).toBeVisible();
  await expect(alert.getByText('Serious')).toBeVisible();
  await expect(alert.getByText(/Clear drains/)).toBeVisible();
  await expect(alert.getByText(/Source: NiMet and NIHSA flood outlooks/)).toBeVisible();
  await expect(page.getByText('Today', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Rain in the last 90 days' })).toBeVisible();
  // Against NASA POWER's normal for those weeks (the fake's normals).
  await expect(page.getByText(/^\d+ mm in all: \d+ % of the normal \d+ mm for these weeks\.$/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Planting dates' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  // The warning becomes a task, filled in with what to do and due the day before the rain.
  await alert.getByRole('button', { name: 'Add as a task' }).click();
  const form = page.getByRole('dialog', { name: 'Add a task' });
  await expect(form.getByLabel('What needs doing?')).toHaveValue(
    'Clear the drains and harvest what is ready before the rain',
  );
  await form.getByRole('button', { name: 'Save task' }).click();
  await expect(
    page.getByText('Task added: Clear the drains and harvest what is ready before the rain'),
  ).toBeVisible();

  // The owner is told through the bell too.
  await page
    .getByRole('link', { name: /Notifications/ })
    .first()
    .click();
  await expect(page.getByText(`Serious: Heavy rain on ${farm.name}`)).toBeVisible();

  // The dashboard shows today's weather and the most serious warning, and leads to the climate screen.
  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Weather on the farm' });
  await expect(card.getByText(/^Today: \d+° \/ \d+°, [\d.]+ mm of rain$/)).toBeVisible();
  await expect(card.getByText(/^Heavy rain: \d\d\/\d\d\/\d{4} to \d\d\/\d\d\/\d{4}$/)).toBeVisible();
  await card.getByRole('link').click();
  await expect(page).toHaveURL(/\/dashboard\/climate$/);
});
