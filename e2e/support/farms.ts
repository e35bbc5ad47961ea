import { expect, type Page } from '@playwright/test';

/** Fills the create-farm screen (where a confirmed newcomer lands) and waits for the farm's dashboard. */
export async function createFarm(page: Page, name: string): Promise<void> {
  await expect(page).toHaveURL(/\/create-farm$/);
  await page.getByLabel('Farm name').fill(name);
  await page.getByLabel('Location').fill('Omagwa, Ikwerre');
  await page.getByLabel('Farm type').selectOption({ label: 'Poultry' });
  await page.getByRole('button', { name: /create farm/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
}
