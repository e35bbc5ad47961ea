import { newUser, signUp } from './support/accounts';
import { expect, test } from './support/fixtures';
import { cameraJpeg, choosePhoto } from './support/photos';

const PHONE = { width: 320, height: 640 };

test('at 320 px, a buyer whose first payment failed pays on a second checkout, then the first completes late: one paid order, and the second payment refunded with its day', async ({
  farmer: { page: farmer, farm },
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const headers = { origin: baseURL! };
  const current = await farmer.request.get(`/api/farms/${farm.id}`);
  const { version } = (await current.json()) as { version: number };
  const settings = await farmer.request.patch(`/api/farms/${farm.id}`, {
    headers,
    data: { state: 'Rivers', lga: 'Ikwerre', version },
  });
  expect(settings.status(), await settings.text()).toBe(200);

  await farmer.goto('/dashboard/marketplace?tab=mine');
  await farmer.getByRole('button', { name: 'New listing' }).first().click();
  const form = farmer.getByRole('dialog', { name: 'New listing' });
  await form.getByLabel('What are you selling?').selectOption({ label: 'Crops' });
  await form.getByLabel('Product', { exact: true }).selectOption({ label: 'Maize' });
  await form.getByLabel('Title buyers see').fill('Yellow maize, Omuma');
  await form.getByLabel('Quantity to sell').fill('10');
  await form.getByLabel('Unit', { exact: true }).selectOption({ label: 'bag (100 kg)' });
  await form.getByLabel('Price per unit (₦)').fill('25,000');
  await form.getByLabel('Smallest order').fill('1');
  await form.getByLabel('Buyers pick up at the farm').check();
  await choosePhoto(form, await cameraJpeg(farmer, 1600, 1200));
  await expect(form.getByText('Sending…')).toHaveCount(0);
  await form.getByRole('button', { name: 'Save as draft' }).click();
  await expect(farmer.getByText('“Yellow maize, Omuma” saved')).toBeVisible();
  await farmer.getByRole('button', { name: 'Publish' }).click();
  await expect(farmer.getByText('“Yellow maize, Omuma” is on sale')).toBeVisible();

  const buyerContext = await browser.newContext({ viewport: PHONE });
  const buyer = await buyerContext.newPage();
  const confirm = await signUp(
    buyer.request,
    baseURL!,
    { ...newUser('twice'), firstName: 'Ngozi', lastName: 'Eze' },
    { intent: 'buy', callbackURL: '/dashboard/marketplace' },
  );
  await buyer.goto(confirm);
  await buyer.getByLabel('Search produce').fill('maize omuma');
  await buyer
    .getByRole('link', { name: /Yellow maize, Omuma/ })
    .first()
    .click();
  const panel = buyer.getByRole('region', { name: 'Order' });
  await panel.getByLabel(/^How many/).fill('2');
  await panel.getByRole('radio', { name: 'I pick it up at the farm' }).check();
  await panel.getByLabel('Your phone').fill('0805 111 2222');
  await panel.getByRole('button', { name: 'Order and pay' }).click();

  // The first try fails (a declined card; a bank transfer not confirmed yet).
  await expect(buyer.getByRole('heading', { name: 'Pay with Paystack (fake)' })).toBeVisible();
  const firstCheckout = buyer.url();
  await buyer.getByRole('button', { name: 'Decline' }).click();
  await expect(buyer).toHaveURL(/\/dashboard\/marketplace\/orders\//);
  const orderPage = buyer.url().replace(/\/return(\?.*)?$/, '');

  // The buyer pays again on the order's page: a new checkout, paid.
  await buyer.getByRole('button', { name: 'Pay ₦50,000' }).click();
  await expect(buyer.getByRole('heading', { name: 'Pay with Paystack (fake)' })).toBeVisible();
  expect(buyer.url()).not.toBe(firstCheckout);
  await buyer.getByRole('button', { name: /^Pay ₦/ }).click();
  await expect(buyer.getByText('Payment received. Gona holds it until your order is settled.')).toBeVisible({
    timeout: 20_000,
  });

  // The first checkout completes late: that money paid nothing and goes back by itself.
  await buyer.goto(firstCheckout);
  await buyer.getByRole('button', { name: /^Pay ₦/ }).click();
  await expect(buyer).toHaveURL(/\/dashboard\/marketplace\/orders\//);
  await expect(async () => {
    await buyer.goto(orderPage);
    await expect(
      buyer.getByText(/^A second payment of ₦50,000 was refunded to you on \d\d\/\d\d\/\d{4}$/),
    ).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(buyer.getByText('Paid, held by Gona')).toBeVisible();
  expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await buyer.screenshot({ path: testInfo.outputPath('paid-twice-320.png'), fullPage: true });

  // The farm sees one paid order of 2 bags.
  await farmer.goto('/dashboard/marketplace?tab=sales');
  await expect(farmer.getByRole('listitem').filter({ hasText: 'Yellow maize, Omuma' })).toHaveCount(1);
  await buyerContext.close();
});
