import { newUser, signUp } from './support/accounts';
import { expect, test } from './support/fixtures';
import { orderAndPay } from './support/marketplace';
import { cameraJpeg, choosePhoto } from './support/photos';

const PHONE = { width: 360, height: 740 };

test('on two phones, a farmer lists 20 bags of maize with photos, a buyer without a farm orders 5 and pays, the farmer accepts and hands over 4.5 against the buyer’s code, the buyer says all is well and the farm is paid; a second order is declined and refunded', async ({
  farmer: { page: farmer, farm, user: owner },
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const headers = { origin: baseURL! };
  // Buyers look for produce by state: the farm's settings say where it is.
  const current = await farmer.request.get(`/api/farms/${farm.id}`);
  const { version } = (await current.json()) as { version: number };
  const settings = await farmer.request.patch(`/api/farms/${farm.id}`, {
    headers,
    data: { state: 'Rivers', lga: 'Ikwerre', version },
  });
  expect(settings.status(), await settings.text()).toBe(200);

  // The farmer lists 20 bags of maize with two photos and publishes it.
  await farmer.goto('/dashboard/marketplace?tab=mine');
  await farmer.getByRole('button', { name: 'New listing' }).first().click();
  const form = farmer.getByRole('dialog', { name: 'New listing' });
  await form.getByLabel('What are you selling?').selectOption({ label: 'Crops' });
  await form.getByLabel('Product', { exact: true }).selectOption({ label: 'Maize' });
  await form.getByLabel('Title buyers see').fill('Dry white maize, Ikwerre');
  await form.getByLabel('Quantity to sell').fill('20');
  await form.getByLabel('Unit', { exact: true }).selectOption({ label: 'bag (100 kg)' });
  await form.getByLabel('Price per unit (₦)').fill('45,000');
  await form.getByLabel('Smallest order').fill('1');
  await form.getByLabel('Buyers pick up at the farm').check();
  const photo = await cameraJpeg(farmer, 1600, 1200);
  await choosePhoto(form, photo);
  await choosePhoto(form, photo, 'IMG_20250526_081600.jpg');
  await expect(form.getByRole('img', { name: 'Chosen photo 2' })).toBeVisible();
  await expect(form.getByText('Sending…')).toHaveCount(0);
  await form.getByRole('button', { name: 'Save as draft' }).click();
  await expect(farmer.getByText('“Dry white maize, Ikwerre” saved')).toBeVisible();
  await farmer.getByRole('button', { name: 'Publish' }).click();
  await expect(farmer.getByText('“Dry white maize, Ikwerre” is on sale')).toBeVisible();

  // The owner adds the bank account the farm's marketplace money goes to, checked with the bank.
  await farmer.goto('/dashboard/marketplace?tab=sales');
  await farmer.getByRole('button', { name: 'Add payout account' }).click();
  const account = farmer.getByRole('dialog', { name: 'Add payout account' });
  await account.getByLabel('Bank', { exact: true }).selectOption({ label: 'Access Bank' });
  await account.getByLabel('Account number').fill('0123456789');
  await expect(account.getByText('Account name: FAKE ACCOUNT 6789')).toBeVisible();
  await account.getByLabel('Confirm with your password').fill(owner.password);
  await account.getByRole('button', { name: 'Save payout account' }).click();
  await expect(farmer.getByText('Payout account saved')).toBeVisible();
  await expect(farmer.getByText(/••••6789/)).toBeVisible();
  await farmer.screenshot({ path: 'test-results/marketplace-payout-account-phone.png', fullPage: true });

  // A buyer signs up to buy, without a farm, and lands in the marketplace.
  const buyerContext = await browser.newContext({ viewport: PHONE });
  const buyer = await buyerContext.newPage();
  const confirm = await signUp(
    buyer.request,
    baseURL!,
    { ...newUser('buyer'), firstName: 'Bisi', lastName: 'Adeyemi' },
    {
      intent: 'buy',
      callbackURL: '/dashboard/marketplace',
    },
  );
  await buyer.goto(confirm);
  await expect(buyer).toHaveURL(/\/dashboard\/marketplace$/);
  await buyer.getByLabel('Search produce').fill('maize ikwerre');
  const card = buyer.getByRole('link', { name: /Dry white maize, Ikwerre/ });
  await expect(card).toBeVisible();
  await expect(card).toContainText('20 bags (100 kg) available');

  await orderAndPay(buyer, 'Dry white maize, Ikwerre', '5');
  await expect(buyer.getByText("Seller's phone:")).toBeVisible();
  expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await buyer.screenshot({ path: 'test-results/marketplace-order-paid-phone.png', fullPage: true });

  // The farmer sees the paid order, with the buyer's phone, and accepts it.
  await farmer.goto('/dashboard/marketplace?tab=sales');
  const orders = farmer.getByRole('list', { name: 'Orders from buyers' });
  const first = orders.getByRole('listitem').filter({ hasText: '5 bags (100 kg)' });
  await expect(first.getByText('Paid, held by Gona')).toBeVisible();
  await expect(first.getByText('Ordered by Bisi Adeyemi')).toBeVisible();
  await expect(first.getByText("Buyer's phone:")).toBeVisible();
  await first.getByRole('button', { name: 'Accept' }).click();
  const accept = farmer.getByRole('alertdialog', { name: 'Accept this order?' });
  await accept.getByRole('button', { name: 'Accept' }).click();
  await expect(farmer.getByText('Order accepted')).toBeVisible();
  await expect(first.getByText('Accepted', { exact: true })).toBeVisible();

  await buyer.reload();
  await expect(buyer.getByText('Paid, and the seller has accepted your order.')).toBeVisible();

  // The farmer has the bags ready for pickup; the buyer gets a code to give when they have them.
  await first.getByRole('button', { name: 'Mark dispatched' }).click();
  const ready = farmer.getByRole('dialog', { name: 'Ready for pickup' });
  await ready.getByRole('button', { name: 'Mark ready for pickup' }).click();
  await expect(first.getByText('Ready for pickup', { exact: true })).toBeVisible();
  await buyer.reload();
  const code = buyer.getByText(/^\d{3} \d{3}$/);
  await expect(code).toBeVisible();
  await expect(buyer.getByText('Give it to the seller only when you have the produce.')).toBeVisible();
  await expect(buyer.getByText('Your order is ready for pickup at the farm.')).toBeVisible();
  const deliveryCode = (await code.textContent())!.replace(/\s/g, '');
  await buyer.setViewportSize({ width: 320, height: 640 });
  expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await buyer.screenshot({ path: 'test-results/marketplace-delivery-code-320.png', fullPage: true });
  await buyer.setViewportSize(PHONE);

  // Weighed at pickup, 4.5 bags: the farmer records it with the buyer's code; the half bag is refunded.
  await first.getByRole('button', { name: 'Record delivery' }).click();
  const delivery = farmer.getByRole('dialog', { name: 'Record delivery' });
  await delivery.getByLabel("Buyer's delivery code").fill(deliveryCode === '000000' ? '111111' : '000000');
  await delivery.getByLabel(/^How many bags \(100 kg\) were delivered/).fill('4.5');
  await expect(delivery.getByText('Short by 0.5 bags (100 kg): the buyer is refunded ₦22,500')).toBeVisible();
  await delivery.getByRole('button', { name: 'Record delivery' }).click();
  await expect(
    delivery.getByText('That code does not match. Ask the buyer for the code in their order'),
  ).toBeVisible();
  await delivery.getByLabel("Buyer's delivery code").fill(deliveryCode);
  await delivery.getByRole('button', { name: 'Record delivery' }).click();
  await expect(first.getByText('Delivered', { exact: true })).toBeVisible();
  await expect(first.getByText(/Short by 0.5 bags \(100 kg\)/)).toBeVisible();
  await buyer.reload();
  await expect(buyer.getByText('Delivered: 4.5 bags (100 kg)')).toBeVisible();
  await expect(buyer.getByText(/^\d{3} \d{3}$/)).toHaveCount(0);

  // All is well: the buyer completes the order now, and the farm's payout reaches its bank.
  await buyer.getByRole('button', { name: 'All is well: pay the farmer now' }).click();
  const release = buyer.getByRole('alertdialog', { name: 'Is everything as you ordered?' });
  await release.getByRole('button', { name: 'All is well: pay the farmer now' }).dblclick();
  await expect(buyer.getByText(/is being paid\./)).toBeVisible();
  await expect(buyer.getByText('Completed', { exact: true })).toBeVisible();
  await expect(buyer.getByRole('button', { name: 'Report a problem' })).toHaveCount(0);
  await farmer.reload();
  await expect(first.getByText('Completed', { exact: true })).toBeVisible();
  // Paystack reports the transfer by webhook; the list asks again until it shows paid.
  const payoutList = farmer.getByRole('list', { name: 'Payouts to your bank' });
  await expect(async () => {
    await farmer.reload();
    await expect(payoutList.getByText(/^Paid on /)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(payoutList.getByRole('listitem')).toHaveCount(1);

  // A second order of 2 bags: the listing now has 15 left; the farmer declines and the buyer is refunded.
  await buyer.goto('/dashboard/marketplace');
  await expect(buyer.getByRole('link', { name: /Dry white maize, Ikwerre/ })).toContainText(
    '15 bags (100 kg) available',
  );
  await orderAndPay(buyer, 'Dry white maize, Ikwerre', '2');

  await farmer.reload();
  const second = orders.getByRole('listitem').filter({ hasText: '2 bags (100 kg)' });
  await second.getByRole('button', { name: 'Decline' }).click();
  const decline = farmer.getByRole('alertdialog', { name: 'Decline this order?' });
  await expect(decline).toContainText('is refunded ₦90,000 in full');
  await decline.getByRole('button', { name: 'Decline' }).click();
  await expect(farmer.getByText('Order declined; the buyer is refunded')).toBeVisible();
  await expect(second.getByText('Declined', { exact: true })).toBeVisible();

  await buyer.reload();
  await expect(buyer.getByText('The seller declined this order; you are refunded in full.')).toBeVisible();
  // Paystack reports the refund processed by webhook; the order's page asks again until it shows.
  await expect(async () => {
    await buyer.reload();
    await expect(buyer.getByText('₦90,000 refunded')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await buyer.goto('/dashboard/marketplace');
  await expect(buyer.getByRole('link', { name: /Dry white maize, Ikwerre/ })).toContainText(
    '15 bags (100 kg) available',
  );

  await farmer.setViewportSize({ width: 1280, height: 800 });
  await farmer.reload();
  await expect(second.getByText('₦90,000 refunded')).toBeVisible();
  await farmer.screenshot({ path: 'test-results/marketplace-sales-desktop.png', fullPage: true });
  await buyerContext.close();
});
