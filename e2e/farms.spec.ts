import { expect, test } from './support/fixtures';

test('an owner adds a second farm from the switcher, renames it in its settings and deletes it with its name typed out', async ({
  farmer: { page, farm },
}) => {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: farm.name })).toBeVisible();

  await page.getByRole('button', { name: 'Farm options' }).click();
  await page.getByRole('link', { name: 'Add a farm' }).click();
  await page.getByLabel('Farm name').fill('River Plot');
  await page.getByLabel('Location').fill('Omoku');
  await page.getByLabel('Farm type').selectOption({ label: 'Crops' });
  await page.getByRole('button', { name: 'Create farm' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('button', { name: 'Farm options' }).click();
  await page.getByRole('link', { name: 'Manage farms' }).click();
  await expect(page.getByRole('heading', { name: 'Your farms' })).toBeVisible();
  await page.getByRole('link', { name: 'Settings of River Plot' }).click();

  await page.getByLabel('Farm name').fill('OtamiriRiverPlotEastOfTheOldBridge');
  await page.getByLabel('Size', { exact: true }).fill('1.5');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { name: 'OtamiriRiverPlotEastOfTheOldBridge' })).toBeVisible();
  // The switcher shows the new name at once.
  await expect(page.getByRole('combobox', { name: 'Farm', exact: true })).toContainText(
    'OtamiriRiverPlotEastOfTheOldBridge',
  );

  // A 34-letter single-word name holds at 320 px: nothing scrolls sideways.
  await page.setViewportSize({ width: 320, height: 640 });
  for (const path of [
    '/dashboard/select-farm',
    '/dashboard/settings/farms',
    '/dashboard/settings/activity',
  ]) {
    await page.goto(path);
    await expect(
      page
        .getByRole('main')
        .getByText(/OtamiriRiverPlotEastOfTheOldBridge/)
        .first(),
    ).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(320);
  }
  await page.goto('/dashboard/settings/farms');
  await page.getByRole('link', { name: 'Settings of OtamiriRiverPlotEastOfTheOldBridge' }).click();

  await page.getByRole('button', { name: 'Delete OtamiriRiverPlotEastOfTheOldBridge' }).click();
  const confirm = page.getByRole('alertdialog');
  await confirm
    .getByLabel('Type OtamiriRiverPlotEastOfTheOldBridge to confirm')
    .fill('OtamiriRiverPlotEastOfTheOldBridge');
  await confirm.getByRole('button', { name: 'Delete farm' }).click();

  await expect(page).toHaveURL(/\/dashboard\/select-farm$/);
  await expect(page.getByRole('button', { name: `Open ${farm.name}` })).toBeVisible();
  await expect(page.getByRole('button', { name: /River Plot/ })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: `Open ${farm.name}` })).toBeVisible();
  await expect(page.getByRole('button', { name: /River Plot/ })).toHaveCount(0);
});
