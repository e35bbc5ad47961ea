import { expect, test } from './support/fixtures';
import { cameraJpeg, choosePhoto } from './support/photos';

test('on a phone, a farmer records feed with its receipt, sells eggs on credit, takes a part payment and sees the flock’s margin', async ({
  farmer: { page, farm },
  baseURL,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const flock = await page.request.post(`/api/farms/${farm.id}/livestock`, {
    headers: { origin: baseURL! },
    data: {
      kind: 'group',
      species: 'chicken_layer',
      name: 'Layers House A',
      head_count: 500,
      acquisition: 'bought',
    },
  });
  expect(flock.status(), await flock.text()).toBe(201);

  await page.goto('/dashboard/expenses');
  await expect(page.getByRole('heading', { name: 'No expenses in this period' })).toBeVisible();
  await page.getByRole('button', { name: 'Record expense' }).first().click();
  const form = page.getByRole('dialog', { name: 'Record an expense' });
  await form.getByLabel('Amount (₦)').fill('45,000');
  await form.getByLabel('What was it for?').selectOption({ label: 'Feed' });
  await form.getByLabel('Details').fill('10 bags of layer mash');
  await form.getByLabel('Which crop or animals?').selectOption({ label: 'Layers House A' });
  await choosePhoto(form, await cameraJpeg(page));
  await expect(form.getByRole('img', { name: 'Chosen photo 1' })).toBeVisible();
  await expect(form.getByText('Sending…')).toBeHidden();
  await form.getByRole('button', { name: 'Save expense' }).click();
  await expect(page.getByText('Expense of ₦45,000 saved')).toBeVisible();
  await expect(page.getByText('Feed · 10 bags of layer mash')).toBeVisible();
  await expect(page.getByText('1 receipt')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Spent in this period' })).toContainText('₦45,000');

  await page.getByRole('button', { name: 'Sales' }).click();
  await expect(page.getByText('Nobody owes the farm money.')).toBeVisible();
  await page.getByRole('button', { name: 'Record sale' }).first().click();
  const sale = page.getByRole('dialog', { name: 'Record a sale' });
  await sale.getByLabel('What was sold').fill('Eggs');
  await sale.getByLabel('Quantity', { exact: true }).fill('100');
  await sale.getByLabel('Unit', { exact: true }).selectOption({ label: 'crates' });
  await sale.getByLabel('Price per unit (₦)').fill('2500');
  await expect(sale.getByLabel('Amount (₦)')).toHaveValue('250000');
  await sale.getByLabel('Which crop or animals?').selectOption({ label: 'Layers House A' });
  await sale.getByLabel('Buyer', { exact: true }).fill('Mama Ngozi');
  await sale.getByLabel("Buyer's phone").fill('0803 555 0101');
  await sale.getByLabel('Paid part').check();
  await sale.getByLabel('Amount paid now (₦)').fill('100000');
  await sale.getByRole('button', { name: 'Save sale' }).click();
  await expect(page.getByText('Sale of ₦250,000 saved')).toBeVisible();
  const owed = page.getByRole('region', { name: 'Money owed to you' });
  await expect(owed.getByText('Mama Ngozi owes ₦150,000')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Eggs' }).getByText('Part paid')).toBeVisible();

  await page.getByRole('button', { name: 'Record payment' }).click();
  const payment = page.getByRole('dialog', { name: 'Payment for Eggs' });
  await expect(payment.getByLabel('Amount received (₦)')).toHaveValue('150000');
  await payment.getByLabel('Amount received (₦)').fill('50000');
  await payment.getByRole('button', { name: 'Save payment' }).click();
  await expect(page.getByText('Payment of ₦50,000 saved')).toBeVisible();
  await expect(owed.getByText('Mama Ngozi owes ₦100,000')).toBeVisible();

  await page.getByRole('button', { name: 'Profit' }).click();
  const card = page.getByRole('listitem').filter({ hasText: 'Layers House A' });
  await expect(card.getByText('₦250,000')).toBeVisible();
  await expect(card.getByText('₦45,000').first()).toBeVisible();
  await expect(card.getByText('₦205,000')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: 'test-results/money-profit-phone.png', fullPage: true });
});

test('a 30-letter product and a long flock name hold on a 320 px phone in every money view', async ({
  farmer: { page, farm },
  baseURL,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  const headers = { origin: baseURL! };
  const api = `/api/farms/${farm.id}`;
  const flock = await page.request.post(`${api}/livestock`, {
    headers,
    data: {
      kind: 'group',
      species: 'chicken_broiler',
      name: 'Abeokutabroilerhousenumberthree',
      head_count: 300,
      acquisition: 'bought',
    },
  });
  expect(flock.status(), await flock.text()).toBe(201);
  const animalId = ((await flock.json()) as { id: string }).id;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
  const expense = await page.request.post(`${api}/expenses`, {
    headers,
    data: {
      date: today,
      category: 'veterinary',
      amount_kobo: 123_456_789_00,
      description: 'Oxytetracyclinehydrochloride20',
      paid_to: 'Ibadanveterinarysupplieslimited',
      allocations: [{ animal_id: animalId }],
    },
  });
  expect(expense.status(), await expense.text()).toBe(201);
  const sale = await page.request.post(`${api}/sales`, {
    headers,
    data: {
      date: today,
      product: 'Oxytetracyclinefreebroilermeat',
      quantity: 1234.5,
      unit: 'bag_100kg',
      amount_kobo: 987_654_321_00,
      paid_kobo: 0,
      buyer_name: 'Oluwaseunfunmilayoadebayoakins',
      buyer_phone: '0803 555 0101',
      animal_id: animalId,
    },
  });
  expect(sale.status(), await sale.text()).toBe(201);
  // Bought on credit from a long-named supplier, and a staff member with a long name for Wages.
  const unpaid = await page.request.post(`${api}/expenses`, {
    headers,
    data: {
      date: today,
      category: 'feed',
      amount_kobo: 45_678_901_23,
      paid_on: null,
      due_date: today,
      description: 'Broilerfinisherpelletsfortyfive',
      paid_to: 'Ogbomoshofeedmillcooperativeltd',
    },
  });
  expect(unpaid.status(), await unpaid.text()).toBe(201);
  const person = await page.request.post(`${api}/staff`, {
    headers,
    data: {
      first_name: 'Oluwaseunfunmilayo',
      last_name: 'Adebayoakinsola',
      job: 'poultry_attendant',
      employment_type: 'permanent',
      pay_rate_kobo: 2_147_483_647,
      pay_period: 'month',
    },
  });
  expect(person.status(), await person.text()).toBe(201);

  const fits = () => page.evaluate(() => document.documentElement.scrollWidth);
  await page.goto('/dashboard/expenses');
  await expect(page.getByText('Veterinary · Oxytetracyclinehydrochloride20')).toBeVisible();
  expect(await fits()).toBeLessThanOrEqual(320);
  await page.getByRole('button', { name: 'Sales' }).click();
  await expect(page.getByText(/Oluwaseunfunmilayoadebayoakins owes/)).toBeVisible();
  await expect(page.getByText(/Ogbomoshofeedmillcooperativeltd/).first()).toBeVisible();
  expect(await fits()).toBeLessThanOrEqual(320);
  await page.getByRole('button', { name: 'Profit' }).click();
  await expect(page.getByRole('heading', { name: 'Abeokutabroilerhousenumberthree' })).toBeVisible();
  expect(await fits()).toBeLessThanOrEqual(320);
  await page.screenshot({ path: 'test-results/money-profit-320.png', fullPage: true });
  await page.getByRole('button', { name: 'Wages' }).click();
  await expect(page.getByRole('radiogroup', { name: 'Oluwaseunfunmilayo Adebayoakinsola' })).toBeVisible();
  expect(await fits()).toBeLessThanOrEqual(320);
  await page.getByRole('button', { name: 'Pay runs' }).click();
  await page.getByRole('button', { name: 'New pay run' }).click();
  await page
    .getByRole('dialog', { name: 'New pay run' })
    .getByRole('button', { name: 'Work out pay' })
    .click();
  await expect(page.getByRole('dialog', { name: /^Pay run/ }).getByTestId('pay-run-total')).toBeVisible();
  expect(await fits()).toBeLessThanOrEqual(320);
  await page.screenshot({ path: 'test-results/money-wages-320.png', fullPage: true });
});

test('opened with no network after a first visit, Expenses shows what it last knew and says a view it never loaded needs a connection', async ({
  farmer: { page, farm },
  context,
  baseURL,
}) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
  const expense = await page.request.post(`/api/farms/${farm.id}/expenses`, {
    headers: { origin: baseURL! },
    data: { date: today, category: 'fuel', amount_kobo: 1_250_000, description: 'Diesel for the pump' },
  });
  expect(expense.status(), await expense.text()).toBe(201);
  await page.goto('/dashboard/expenses');
  await expect(page.getByText('Fuel · Diesel for the pump')).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect(page.getByText('Fuel · Diesel for the pump')).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('Fuel · Diesel for the pump')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible();
  await page.getByRole('button', { name: 'Profit' }).click();
  await expect(page.getByRole('heading', { name: 'The figures could not be loaded' })).toBeVisible();
  await context.setOffline(false);
});
