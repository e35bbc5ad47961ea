import { expect, test } from './support/fixtures';

test('on a phone, a manager marks a day’s attendance, adds casual labour, pays the month and finds the wages among the expenses', async ({
  farmer: { page, farm },
  baseURL,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const staff = async (first_name: string, pay_rate_kobo: number, pay_period: string) => {
    const res = await page.request.post(`/api/farms/${farm.id}/staff`, {
      headers: { origin: baseURL! },
      data: {
        first_name,
        last_name: 'Bello',
        job: 'poultry_attendant',
        employment_type: 'permanent',
        start_date: '2026-01-05',
        pay_rate_kobo,
        pay_period,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  };
  await staff('Ada', 300_000, 'day');
  await staff('Musa', 5_200_000, 'month');

  await page.goto('/dashboard/expenses?view=wages');
  await page.getByLabel('Day', { exact: true }).fill('2026-10-06');
  await page.getByRole('radiogroup', { name: 'Ada Bello' }).getByText('Present').click();
  await page.getByRole('radiogroup', { name: 'Musa Bello' }).getByText('Absent').click();
  await page.getByRole('button', { name: 'Save attendance' }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Add casual labour' }).click();
  const casual = page.getByRole('dialog', { name: 'Add casual labour' });
  await casual.getByLabel('Date').fill('2026-10-06');
  await casual.getByLabel('How many people').fill('8');
  await casual.getByLabel('Pay per person (₦)').fill('2500');
  await casual.getByLabel('Work done').fill('Harvesting');
  await expect(casual.getByTestId('casual-amount')).toContainText('₦20,000');
  await casual.getByRole('button', { name: 'Save casual labour' }).click();
  await expect(page.getByText('Casual labour of ₦20,000 saved')).toBeVisible();

  await page.getByRole('button', { name: 'Pay runs' }).click();
  await page.getByRole('button', { name: 'New pay run' }).click();
  const create = page.getByRole('dialog', { name: 'New pay run' });
  await create.getByLabel('First day').fill('2026-10-01');
  await create.getByLabel('Last day').fill('2026-10-31');
  await create.getByRole('button', { name: 'Work out pay' }).click();
  const run = page.getByRole('dialog', { name: /^Pay run/ });
  // Ada: 1 day × ₦3,000; Musa: ₦52,000 less a 26th for the day absent; 8 × ₦2,500 of casual labour.
  await expect(run.getByTestId('pay-run-total')).toContainText('₦73,000');
  await run.getByRole('button', { name: 'Change pay for Ada Bello' }).click();
  await run.getByLabel('Pay for Ada Bello (₦)').fill('5000');
  await run.getByLabel('Note').fill('Transport to market');
  await run.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(run.getByTestId('pay-run-total')).toContainText('₦75,000');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: 'test-results/wages-pay-run-phone.png', fullPage: true });

  await run.getByLabel('Paid on').fill('2026-11-02');
  await run.getByRole('button', { name: 'Record payment' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Record payment of ₦75,000?' });
  await expect(confirm).toContainText('3 labour expenses');
  await confirm.getByRole('button', { name: 'Record payment' }).dblclick();
  await expect(run.getByText(/Paid on 02\/11\/2026 by Cash — 3 labour expenses recorded/)).toBeVisible();
  await run.getByRole('button', { name: 'Close' }).first().click();

  await page.getByRole('button', { name: 'Expenses' }).click();
  await expect(page.getByRole('region', { name: 'Spent in this period' })).toContainText('₦75,000');
});
