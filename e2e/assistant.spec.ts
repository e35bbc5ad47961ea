import { randomBytes } from 'node:crypto';
import { expect, test } from './support/fixtures';

const PHONE = { width: 360, height: 740 };

/** An id as the app makes them (UUID v7: the time in its first 48 bits). */
function newClientId(): string {
  const hex = Date.now().toString(16).padStart(12, '0') + randomBytes(10).toString('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

test('on a phone in Kaduna, “When should I plant maize?” gets the zone’s planting window and the farm’s own plan, with sources', async ({
  farmer: { page, farm },
  baseURL,
}) => {
  await page.setViewportSize(PHONE);
  const headers = { origin: baseURL! };
  // The farm is in Kaduna (Northern Guinea savanna), with maize planned for 20 June next year.
  const current = (await (await page.request.get(`/api/farms/${farm.id}`)).json()) as { version: number };
  const moved = await page.request.patch(`/api/farms/${farm.id}`, {
    headers,
    data: { state: 'Kaduna', lga: 'Zaria', version: current.version },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  const year = new Date().getFullYear() + 1;
  const planned = await page.request.post(`/api/farms/${farm.id}/crops`, {
    headers,
    data: {
      id: newClientId(),
      crop_key: 'maize',
      area_planted: '2',
      season: 'main',
      planting_date: `${year}-06-20`,
      status: 'planned',
    },
  });
  expect(planned.status(), await planned.text()).toBe(201);

  // From the dashboard's "Ask Gona" card.
  await page.goto('/dashboard');
  await page
    .getByRole('link', { name: /Ask Gona/ })
    .last()
    .click();
  await expect(page).toHaveURL(/\/dashboard\/assistant/);
  await page.getByRole('textbox', { name: 'Your question' }).fill('When should I plant maize?');
  await page.getByRole('button', { name: 'Send' }).click();

  const thread = page.getByRole('list', { name: 'Your conversation with Gona' });
  const answer = thread.getByRole('article').last();
  await expect(answer).toContainText('Northern Guinea savanna', { timeout: 20_000 });
  await expect(answer).toContainText(`20 June ${year}`);
  await expect(answer.getByText('What this answer rests on')).toBeVisible();
  await expect(answer.getByText(/^Source: /).first()).toBeAttached();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: 'test-results/assistant-maize-kaduna-phone.png', fullPage: true });
});

test('at 320 px, a question with a 30-letter word and the answer to it stay inside the screen', async ({
  farmer: { page },
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/dashboard/assistant');
  const long = 'Oxytetracyclinehydrochlorideaa';
  await page.getByRole('textbox', { name: 'Your question' }).fill(`Can I give ${long} to my layers?`);
  await page.getByRole('button', { name: 'Send' }).click();
  const thread = page.getByRole('list', { name: 'Your conversation with Gona' });
  await expect(thread.getByText(long)).toBeVisible();
  // Whatever Gona says (an answer or "I don't know this one"), it comes, and nothing scrolls sideways.
  await expect(thread.getByRole('group', { name: 'Did this answer help?' })).toBeVisible({ timeout: 20_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.screenshot({ path: 'test-results/assistant-long-word-320.png', fullPage: true });
});
