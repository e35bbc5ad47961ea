import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { addSupply } from './support/inventory';

const supplyRow = (page: Page) =>
  page.getByRole('list', { name: 'Supplies' }).getByRole('listitem').filter({ hasText: 'Layers mash' });

test('after a first visit, Gona opens with no network at all: the signed-in shell, the last known data and the offline mark', async ({
  farmer: { page, farm },
  context,
}) => {
  await page.goto('/dashboard/inventory');
  await addSupply(page, { name: 'Layers mash', quantity: '10', lowStockLevel: '2' });
  await expect(supplyRow(page)).toBeVisible();
  // The service worker has the app shell once it controls the page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect(supplyRow(page)).toBeVisible();
  await page.goto('/pricing');
  await page.goto('/dashboard/inventory');
  await expect(supplyRow(page)).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('Loading...')).toBeHidden();
  await expect(supplyRow(page)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible();

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: farm.name })).toBeVisible();

  // A screen never opened online: its code is in the service worker's copy of the app too.
  await page.goto('/dashboard/assistant');
  await expect(page.getByRole('heading', { name: 'Ask Gona', level: 1 })).toBeVisible();
  await expect(page.getByText('You are offline. Asking Gona needs a connection')).toBeVisible();

  // A public page, from the service worker too.
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await context.setOffline(false);
});
