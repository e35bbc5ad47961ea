import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { addSupply } from './support/inventory';

async function recordStock(page: Page, button: string, quantity: string) {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('How much?').fill(quantity);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

test('a farmer runs the store room from a phone: add a supply, use it down to its low-stock level, see the alert, restock, see it resolved', async ({
  farmer: { page },
}) => {
  await page.goto('/dashboard/inventory');
  await expect(page.getByRole('heading', { name: 'No supplies yet' })).toBeVisible();
  await addSupply(page, { name: 'Layers mash', quantity: '10', lowStockLevel: '3' });

  const alerts = page.getByRole('region', { name: 'Low-stock alerts' });
  await expect(
    alerts.getByText('No low-stock alerts. Everything is above its low-stock level.'),
  ).toBeVisible();

  await recordStock(page, 'Record use of Layers mash', '4');
  await expect(page.getByText('4 bags (25 kg) of Layers mash used')).toBeVisible();
  await recordStock(page, 'Record use of Layers mash', '3');

  await expect(
    alerts.getByRole('link', { name: 'Layers mash: 3 bags (25 kg) left (low at 3 bags (25 kg))' }),
  ).toBeVisible();
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Layers mash' }).getByText('Low stock'),
  ).toBeVisible();

  await recordStock(page, 'Record stock received for Layers mash', '20');
  await expect(page.getByText('20 bags (25 kg) of Layers mash received')).toBeVisible();
  await expect(
    alerts.getByText('No low-stock alerts. Everything is above its low-stock level.'),
  ).toBeVisible();
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Layers mash' }).getByText('23 bags (25 kg)'),
  ).toBeVisible();

  await page.getByRole('link', { name: 'Layers mash' }).first().click();
  await expect(page.getByRole('heading', { name: 'Layers mash' })).toBeVisible();
  const history = page.getByRole('list', { name: 'Stock movements' });
  await expect(history.getByRole('listitem')).toHaveCount(4);
  await expect(history.getByRole('listitem').first()).toContainText('Received');
});

test("the phone's Back button closes an open sheet, and asks first when something was typed in it", async ({
  farmer: { page },
}) => {
  await page.goto('/dashboard');
  await page.goto('/dashboard/inventory');
  const form = page.getByRole('dialog', { name: 'Add a supply' });

  await page.getByRole('button', { name: 'Add supply' }).first().click();
  await expect(form).toBeVisible();
  await page.goBack();
  await expect(form).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard\/inventory$/);

  await page.getByRole('button', { name: 'Add supply' }).first().click();
  await form.getByLabel('Name', { exact: true }).fill('Vitamin premix');
  await page.goBack();
  const ask = page.getByRole('alertdialog', { name: 'Discard your changes?' });
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Vitamin premix');
  await expect(page).toHaveURL(/\/dashboard\/inventory$/);

  await page.goBack();
  await ask.getByRole('button', { name: 'Discard' }).click();
  await expect(form).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard\/inventory$/);
  // The sheet's place in the history is gone with it: Back now leaves the page.
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard$/);
});
