import { mkdirSync } from 'node:fs';
import { expect, test } from './support/fixtures';

/** Where the journey keeps its 320 px and 1280 px screenshots, to look at. */
const SHOTS = '/tmp/shots';

test('on a 320 px phone, a farmer opens the app to what needs doing today, and still reads it offline', async ({
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
  await post(`livestock/${flock.id}/production`, { date: today, eggs_collected: 420 });
  await post('expenses', { date: today, category: 'feed', amount_kobo: 4_500_000, payment_method: 'cash' });
  await post('sales', {
    date: today,
    product: 'Eggs',
    quantity: '20',
    unit: 'crate',
    amount_kobo: 5_000_000,
    paid_kobo: 5_000_000,
  });
  await post('tasks', { title: 'Collect eggs twice', type: 'other', due_date: today });
  await post('tasks', {
    title: 'Newcastle vaccine',
    type: 'vaccination',
    due_date: today,
    livestock_id: flock.id,
  });

  await page.setViewportSize({ width: 320, height: 740 });
  await page.goto('/dashboard');
  const tasks = page.getByRole('region', { name: "Today's tasks" });
  await expect(tasks.getByText('Collect eggs twice')).toBeVisible();
  const money = page.getByRole('region', { name: 'Money this month' });
  await expect(money.getByText('₦50,000')).toBeVisible();
  await expect(money.getByText('₦45,000')).toBeVisible();
  await expect(page.getByRole('region', { name: "Today's production" }).getByText('420')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Animals needing care' }).getByText('Layers House A'),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Orders to act on' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.screenshot({ path: `${SHOTS}/dashboard-320.png`, fullPage: true });

  // Opened on a desktop's width (not resized: the phone's drawer would still be sliding away).
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await expect(money.getByText('₦50,000')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/dashboard-1280.png`, fullPage: true });

  // The cards as last read are there with no connection, with the time they were read.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect(money.getByText('₦50,000')).toBeVisible();
  await page.setViewportSize({ width: 320, height: 740 });
  await context.setOffline(true);
  await page.reload();
  await expect(money.getByText('₦50,000')).toBeVisible();
  await expect(page.getByText(/Offline: these cards are as they were at/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/dashboard-offline-320.png`, fullPage: true });
  await context.setOffline(false);
});

/** A UUID v7, as the app makes for records it saves. */
function uuidV7(): string {
  const hex = Date.now().toString(16).padStart(12, '0');
  const random = Array.from({ length: 20 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7${random.slice(0, 3)}-a${random.slice(3, 6)}-${random.slice(6, 18)}`;
}
