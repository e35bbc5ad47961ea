import { newUser, signUp } from './support/accounts';
import { expect, test } from './support/fixtures';
import { cameraJpeg, choosePhoto, loadedWidth } from './support/photos';
import { backOfficeDatabaseUrl, grantAdmin } from './support/back-office';
import { BACK_OFFICE_PORT } from './support/ports';

const NARROW = { width: 320, height: 700 };
const DESKTOP = { width: 1280, height: 900 };
const backOffice = `http://localhost:${BACK_OFFICE_PORT}`;
const database = backOfficeDatabaseUrl();
const SHOTS = 'test-results';

// Support's answer comes from Gona's staff, whose role the admin script gives on PostgreSQL.
test.skip(database === null, 'needs TEST_DATABASE_URL (PostgreSQL) for its own app');
test.use({ baseURL: backOffice, viewport: NARROW });

test('a farmer on a 320 px phone writes a request with a photo, support answers with a note the farmer never sees, and the farmer reads the answer', async ({
  farmer: { page },
  browser,
}) => {
  test.setTimeout(180_000);
  const problem = 'The egg count for Pen B will not save since this morning.';

  await page.goto('/dashboard/support');
  await expect(page.getByText('Pro farms get an answer within 1 working day')).toBeVisible();
  await page.getByRole('link', { name: 'New request' }).first().click();
  const form = page.locator('form');
  await form.getByLabel('What is it about?').selectOption({ label: 'Something is broken' });
  await form.getByLabel(/What happened/).fill(problem);
  await choosePhoto(form, await cameraJpeg(page, 1600, 1200), 'Screenshot_egg_count.jpg');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);
  await page.screenshot({ path: `${SHOTS}/support-new-320.png`, fullPage: true });
  await expect(async () => {
    await form.getByRole('button', { name: 'Send request' }).click();
    await expect(page).toHaveURL(/\/dashboard\/support\/[0-9a-f-]{36}$/, { timeout: 2_000 });
  }).toPass();
  const requestUrl = page.url();
  await expect(page.getByRole('listitem').getByText(problem)).toBeVisible();
  const photo = page.getByRole('img', { name: /Photo 1 of 1/ });
  await expect.poll(() => loadedWidth(photo)).toBeGreaterThan(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);
  await page.screenshot({ path: `${SHOTS}/support-request-320.png`, fullPage: true });

  // Gona's support, on a desktop: the queue, the request with the farmer's photo, a note, an answer.
  const staff = newUser('support');
  const deskContext = await browser.newContext({ viewport: DESKTOP, baseURL: backOffice });
  const desk = await deskContext.newPage();
  await desk.goto(
    await signUp(desk.request, backOffice, staff, { intent: 'buy', callbackURL: '/dashboard/marketplace' }),
  );
  grantAdmin(database!, staff.email);
  await desk.goto('/admin/support');
  const queued = desk.getByRole('link', { name: /The egg count for Pen B/ });
  await expect(queued).toContainText('With support');
  await desk.screenshot({ path: `${SHOTS}/support-queue-1280.png`, fullPage: true });
  await queued.click();
  const evidence = desk.getByRole('img', { name: /Photo 1 of 1/ });
  await expect.poll(() => loadedWidth(evidence)).toBeGreaterThan(0);
  await desk.getByLabel('Internal note (the person does not see it)').check();
  await desk.getByLabel('Internal note', { exact: true }).fill('Seen on old Chrome: asked them to update.');
  await desk.getByRole('button', { name: 'Save note' }).click();
  await expect(desk.getByText('Internal note by')).toBeVisible();
  await desk.getByLabel('Internal note (the person does not see it)').uncheck();
  await desk
    .getByLabel('Answer', { exact: true })
    .fill('Please close Gona and open it again to update, then save again.');
  await desk.getByRole('button', { name: 'Send answer' }).click();
  await expect(desk.getByText('Please close Gona and open it again to update')).toBeVisible();
  await expect(desk.getByText('Waiting for you').first()).toBeVisible();
  await desk.screenshot({ path: `${SHOTS}/support-desk-1280.png`, fullPage: true });

  // The farmer is told once, and reads the answer (never the note).
  await expect
    .poll(async () => {
      const res = await page.request.get('/api/notifications');
      const body = (await res.json()) as { items: { kind: string }[] };
      return body.items.filter((n) => n.kind === 'support_reply').length;
    })
    .toBe(1);
  await page.goto(requestUrl);
  await expect(page.getByText('Please close Gona and open it again to update')).toBeVisible();
  await expect(page.getByText('Waiting for you')).toBeVisible();
  await expect(page.getByText('Seen on old Chrome')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);
  await page.screenshot({ path: `${SHOTS}/support-answer-320.png`, fullPage: true });
  await page.goto('/dashboard/support');
  await expect(page.getByRole('link', { name: /The egg count for Pen B/ })).toContainText('Waiting for you');
  await page.screenshot({ path: `${SHOTS}/support-list-320.png`, fullPage: true });
  await deskContext.close();
});
