import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { cameraJpeg, choosePhoto, loadedWidth } from './support/photos';

const LIMIT = 'The Free plan allows up to 10 workers. Upgrade to Pro to add more.';

/** Staff written through the API in the page's session, as the owner would add them. */
async function addStaffByApi(
  page: Page,
  origin: string,
  farmId: string,
  people: { first_name: string; last_name: string }[],
) {
  for (const person of people) {
    const res = await page.request.post(`/api/farms/${farmId}/staff`, {
      headers: { origin },
      data: { ...person, job: 'casual_labourer', employment_type: 'casual' },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
}

test('a farmer adds a staff member from a phone and finds them in the list, with a number to call', async ({
  farmer: { page },
}) => {
  await page.goto('/dashboard/staff');
  await expect(page.getByRole('heading', { name: 'No staff yet' })).toBeVisible();
  await expect(page.getByText('0 of 10 workers')).toBeVisible();
  await page.getByRole('link', { name: 'Add staff' }).first().click();

  await expect(page).toHaveURL(/\/dashboard\/add-staff$/);
  await page.getByLabel('First name').fill('Musa');
  await page.getByLabel('Last name').fill('Ibrahim');
  await page.getByLabel('Phone number').fill('0803 123 4567');
  await page.getByLabel('Job').selectOption({ label: 'Herdsman' });
  await page.getByLabel('Employment').selectOption({ label: 'Permanent' });
  await page.getByLabel('Pay (₦)').fill('3,500');
  await page.getByLabel('Paid').selectOption({ label: 'Per week' });
  const form = page.locator('form');
  await choosePhoto(form, await cameraJpeg(page, 1200, 1600));
  const chosen = form.getByRole('img', { name: 'Chosen photo 1' });
  await expect(chosen).toBeVisible();
  await expect(form.getByText('Sending…')).toBeHidden();
  await page.getByRole('button', { name: 'Save staff member' }).click();

  await expect(page.getByText('Musa Ibrahim added')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/staff$/);
  const card = page
    .getByRole('list', { name: 'Staff' })
    .getByRole('listitem')
    .filter({ hasText: 'Musa Ibrahim' });
  await expect(card.getByText('Herdsman · Permanent')).toBeVisible();
  await expect(card.getByText('₦3,500 a week')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Call Musa Ibrahim on 0803 123 4567' })).toHaveAttribute(
    'href',
    'tel:+2348031234567',
  );
  await expect(page.getByText('1 of 10 workers')).toBeVisible();

  // The photo is on their record.
  await card.getByRole('link', { name: 'Musa Ibrahim', exact: true }).click();
  const photo = page.locator('form').getByRole('img', { name: 'Chosen photo 1' });
  await expect(photo).toBeVisible();
  await expect.poll(() => loadedWidth(photo)).toBeGreaterThan(0);
});

test('with 10 active workers the Free plan says so before the form opens, and a long name holds at 320 px', async ({
  farmer: { page, farm },
  baseURL,
}) => {
  // Through the API: the embedded database belongs to the running server alone.
  await addStaffByApi(page, baseURL!, farm.id, [
    { first_name: 'Oluwadamilareoluwafunmilayo', last_name: 'Abubakar-Oyelaran-Nwachukwu' },
    ...Array.from({ length: 9 }, (_, i) => ({ first_name: 'Worker', last_name: `No${i + 2}` })),
  ]);

  await page.goto('/dashboard/staff');
  await expect(page.getByText('10 of 10 workers')).toBeVisible();
  await expect(page.getByText(LIMIT)).toBeVisible();
  await expect(page.getByRole('link', { name: 'See the Pro plan' })).toHaveAttribute(
    'href',
    '/dashboard/subscription',
  );
  await expect(page.getByRole('link', { name: 'Add staff' })).toHaveCount(0);

  await page.goto('/dashboard/add-staff');
  await expect(page.getByText(LIMIT)).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveCount(0);

  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/dashboard/staff');
  const longName = page
    .getByRole('list', { name: 'Staff' })
    .getByRole('link', { name: 'Oluwadamilareoluwafunmilayo Abubakar-Oyelaran-Nwachukwu' });
  await expect(longName).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await longName.click();
  await expect(page.getByLabel('First name')).toHaveValue('Oluwadamilareoluwafunmilayo');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

test("the phone's Back button asks before leaving a half-filled staff form, and leaves an untouched one", async ({
  farmer: { page },
}) => {
  await page.goto('/dashboard/staff');
  await page.getByRole('link', { name: 'Add staff' }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/add-staff$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard\/staff$/);

  await page.goForward();
  await page.getByLabel('First name').fill('Hauwa');
  await page.goBack();
  const ask = page.getByRole('alertdialog', { name: 'Discard your changes?' });
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page).toHaveURL(/\/dashboard\/add-staff$/);
  await expect(page.getByLabel('First name')).toHaveValue('Hauwa');

  await page.goBack();
  await ask.getByRole('button', { name: 'Discard' }).click();
  await expect(page).toHaveURL(/\/dashboard\/staff$/);
  await expect(page.getByRole('heading', { name: 'No staff yet' })).toBeVisible();
});
