import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Adds a supply of bags of 25 kg of animal feed through the inventory screen's "Add supply" form;
 * `beforeSave` does more in the form first (adds a photo).
 */
export async function addSupply(
  page: Page,
  supply: { name: string; quantity: string; lowStockLevel: string },
  beforeSave?: (form: Locator) => Promise<void>,
): Promise<void> {
  await page.getByRole('button', { name: 'Add supply' }).first().click();
  const form = page.getByRole('dialog', { name: 'Add a supply' });
  await form.getByLabel('Name', { exact: true }).fill(supply.name);
  await form.getByLabel('Category').selectOption({ label: 'Animal feed' });
  await form.getByLabel('Quantity in stock').fill(supply.quantity);
  await form.getByLabel('Unit', { exact: true }).selectOption({ label: 'Bags of 25 kg' });
  await form.getByLabel('Low-stock level').fill(supply.lowStockLevel);
  await beforeSave?.(form);
  await form.getByRole('button', { name: 'Save supply' }).click();
  await expect(page.getByText(`${supply.name} added`)).toBeVisible();
}
