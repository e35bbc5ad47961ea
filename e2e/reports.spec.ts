import { mkdirSync } from 'node:fs';
import { expect, test } from './support/fixtures';

/** Where the journey keeps its 320 px and 1280 px screenshots, to look at. */
const SHOTS = '/tmp/shots';

test('on a 320 px phone, a farmer reads the month’s report, downloads its tables and reads it again offline', async ({
  farmer: { page, farm },
  context,
  baseURL,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  const post = async (path: string, data: Record<string, unknown>) => {
    const res = await page.request.post(`/api/farms/${farm.id}/${path}`, {
      headers: { origin: baseURL! },
      data: { id: uuidV7(), ...data },
    });
    expect(res.status(), await res.text()).toBeLessThan(300);
    return (await res.json()) as { id: string };
  };
  const today = new Date().toISOString().slice(0, 10);
  const flock = await post('livestock', {
    kind: 'group',
    species: 'chicken_layer',
    name: 'Layers House A',
    head_count: 500,
    acquisition: 'bought',
  });
  await post(`livestock/${flock.id}/events`, { date: today, kind: 'mortality', count: 5 });
  await post(`livestock/${flock.id}/production`, { date: today, eggs_collected: 420 });
  await post('expenses', {
    date: today,
    category: 'feed',
    amount_kobo: 4_500_000,
    payment_method: 'cash',
    allocations: [{ animal_id: flock.id }],
  });
  await post('sales', {
    date: today,
    product: 'Eggs',
    quantity: '20',
    unit: 'crate',
    amount_kobo: 5_000_000,
    paid_kobo: 5_000_000,
    animal_id: flock.id,
  });

  await page.setViewportSize({ width: 320, height: 740 });
  await page.goto('/dashboard/reports');
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  const money = page.getByRole('region', { name: 'Money' });
  await expect(money.getByText('₦50,000').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Production' }).getByText('420').first()).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Livestock' }).getByText('Layers House A').first(),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: 'Money in and out by month' })).toBeVisible();
  // A Free farm sees what the PDF holds and the way to Pro, not a button that fails.
  const pdf = page.getByRole('region', { name: 'PDF report for lenders' });
  await expect(pdf.getByText('PDF reports come with Gona Pro.')).toBeVisible();
  await expect(pdf.getByRole('link', { name: 'See Gona Pro' })).toBeVisible();
  await expect(pdf.getByRole('button')).toHaveCount(0);
  // Nothing wider than the phone: tables scroll inside their own box.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.screenshot({ path: `${SHOTS}/reports-320.png`, fullPage: true });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download tables (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.zip$/);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/reports-1280.png`, fullPage: true });

  // The last report opened is there with no connection, marked as such.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect(money.getByText('₦50,000').first()).toBeVisible();
  await context.setOffline(true);
  await page.reload();
  await expect(money.getByText('₦50,000').first()).toBeVisible();
  await expect(page.getByText('Offline: this is the report as it was last opened.')).toBeVisible();
  await context.setOffline(false);
});

/** A UUID v7, as the app makes for records it saves. */
function uuidV7(): string {
  const hex = Date.now().toString(16).padStart(12, '0');
  const random = Array.from({ length: 20 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7${random.slice(0, 3)}-a${random.slice(3, 6)}-${random.slice(6, 18)}`;
}
