import { expect, type Page } from '@playwright/test';

/** Orders and pays on the listing's page: the fake Paystack checkout, then back to the order's page. */
export async function orderAndPay(buyer: Page, title: string, bags: string): Promise<void> {
  await buyer
    .getByRole('link', { name: new RegExp(title) })
    .first()
    .click();
  await expect(buyer.getByRole('heading', { name: title })).toBeVisible();
  const panel = buyer.getByRole('region', { name: 'Order' });
  await panel.getByLabel(/^How many/).fill(bags);
  await panel.getByRole('radio', { name: 'I pick it up at the farm' }).check();
  await panel.getByLabel('Your phone').fill('0805 111 2222');
  await panel.getByRole('button', { name: 'Order and pay' }).dblclick();
  await expect(buyer.getByRole('heading', { name: 'Pay with Paystack (fake)' })).toBeVisible();
  await buyer.getByRole('button', { name: /^Pay ₦/ }).click();
  await expect(buyer).toHaveURL(/\/dashboard\/marketplace\/orders\//);
  await expect(buyer.getByText('Payment received. Gona holds it until your order is settled.')).toBeVisible({
    timeout: 20_000,
  });
}
