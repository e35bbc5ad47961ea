import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { createFarm } from './support/farms';
import { createConfirmedUser, latestMail, leaveSignedOut, linkIn, newUser, signIn } from './support/accounts';

const SIDEBAR: Array<[string, RegExp]> = [
  ['Dashboard', /\/dashboard$/],
  ['Staff Management', /\/dashboard\/staff$/],
  ['Supply Inventory', /\/dashboard\/inventory$/],
  ['Livestock', /\/dashboard\/livestock$/],
  ['Crop Management', /\/dashboard\/crops$/],
  ['Expenses', /\/dashboard\/expenses$/],
  ['Reports', /\/dashboard\/reports$/],
  ['Climate', /\/dashboard\/climate$/],
  ['Marketplace', /\/dashboard\/marketplace$/],
  ['Subscription', /\/dashboard\/subscription$/],
  ['Settings', /\/dashboard\/settings$/],
  ['Support', /\/dashboard\/support$/],
];

async function openMenuIfPhone(page: Page) {
  const menu = page.getByRole('button', { name: /open menu/i });
  if (await menu.isVisible()) await menu.click();
}

test('a new farmer signs up, confirms by email, creates a farm, visits every screen and signs out', async ({
  page,
  baseURL,
}) => {
  const user = newUser();
  await page.goto('/signup');
  await page.getByLabel('First name').fill(user.firstName);
  await page.getByLabel('Last name').fill(user.lastName);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Phone').fill(user.phone);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: /create account|sign up/i }).click();
  await expect(page.getByText(/check your email/i).first()).toBeVisible();

  const mail = await latestMail(page.request, user.email, /confirm|verify/i);
  await page.goto(linkIn(mail, baseURL!));
  await createFarm(page, 'Okafor Poultry');

  for (const [label, url] of SIDEBAR) {
    await openMenuIfPhone(page);
    await page
      .getByRole('navigation', { name: /dashboard/i })
      .getByRole('link', { name: label, exact: true })
      .click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }

  const stored = await page.evaluate(() => Object.keys(localStorage));
  expect(stored).toEqual(expect.arrayContaining(['selected_farm_id', 'user_farms']));

  await openMenuIfPhone(page);
  await page
    .getByRole('navigation', { name: /dashboard/i })
    .getByRole('link', { name: 'Logout' })
    .click();
  await expect(page).toHaveURL(/\/login/);
  // The log-in page is a page of its own: ready once its script enables the button.
  await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();
  const left = await page.evaluate(() => ({ ...localStorage }));
  expect(left).not.toHaveProperty('selected_farm_id');
  expect(left).not.toHaveProperty('user_farms');
  expect(left).not.toHaveProperty('gona.auth');

  // The app sends a signed-out visitor on to the log-in page as soon as it starts.
  await page.goto('/dashboard', { waitUntil: 'commit' });
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();
});

test('signing in before confirming explains, offers to resend, and resends', async ({ page, baseURL }) => {
  const user = newUser('unconfirmed');
  const res = await page.request.post('/api/auth/sign-up/email', {
    headers: { origin: baseURL! },
    data: {
      email: user.email,
      password: user.password,
      name: `${user.firstName} ${user.lastName}`,
      first_name: user.firstName,
      last_name: user.lastName,
      phone: user.phone,
      callbackURL: '/create-farm',
    },
  });
  expect(res.ok()).toBe(true);

  await signIn(page, user);
  await expect(
    page.getByText('Please check your email and click the confirmation link before signing in.'),
  ).toBeVisible();
  const prompt = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(prompt.getByText('Would you like us to resend the confirmation email?')).toBeVisible();
  await prompt.getByRole('button', { name: /yes/i }).click();
  await expect(page.getByText('A new confirmation link has been sent to your email.')).toBeVisible();

  // The mail job sends it shortly after the request.
  await expect
    .poll(async () => {
      const resent = await page.request.get('/api/dev/outbox');
      const { items } = (await resent.json()) as { items: Array<{ to: string }> };
      return items.filter((m) => m.to.includes(user.email)).length;
    })
    .toBeGreaterThanOrEqual(2);
});

test('a wrong password says so in plain words', async ({ page, baseURL }) => {
  const user = await createConfirmedUser(page, baseURL!);
  await leaveSignedOut(page);
  await signIn(page, { ...user, password: 'not the password' });
  await expect(page.getByText('Invalid email or password. Please try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('a deep dashboard link while signed out comes back there after sign-in', async ({
  farmer: { page, user, farm },
}) => {
  await leaveSignedOut(page);

  await page.goto('/dashboard/settings/activity', { waitUntil: 'commit' });
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: /sign in|log in/i }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\/activity$/);
  await expect(page.getByText(`Created farm ${farm.name}`, { exact: true }).first()).toBeVisible();
});

test('an unknown address shows the not-found page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/not-found$/);
  await expect(page.getByText('404')).toBeVisible();
  await expect(page.getByText('Page not found')).toBeVisible();
  await expect(page.getByText("The page you're looking for doesn't exist or has been moved.")).toBeVisible();
  await page.getByRole('link', { name: 'Go back home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('on a desktop the sidebar collapses to 70 px and expands to 240 px', async ({ farmer: { page } }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dashboard');
  const sidebar = page.getByRole('complementary');
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(240);
  await page.getByRole('button', { name: /collapse sidebar/i }).click();
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(70);
  await page.getByRole('button', { name: /expand sidebar/i }).click();
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(240);
});

test('a farm created elsewhere shows on the dashboard even after an earlier visit cached no farms', async ({
  page,
  baseURL,
}) => {
  await createConfirmedUser(page, baseURL!);
  await expect(page.getByRole('heading', { name: /create your farm/i })).toBeVisible();
  // The create-farm visit left an empty farm list in the persisted query cache.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<boolean>((resolve) => {
            const open = indexedDB.open('keyval-store');
            open.onsuccess = () => {
              const req = open.result.transaction('keyval').objectStore('keyval').get('gona.query-cache');
              req.onsuccess = () => resolve(Boolean(req.result));
              req.onerror = () => resolve(false);
            };
            open.onerror = () => resolve(false);
          }),
      ),
    )
    .toBe(true);

  const res = await page.request.post('/api/farms', {
    headers: { origin: baseURL! },
    data: { name: 'Made On Another Phone', location: 'Aba', farm_type: 'crop' },
  });
  expect(res.status()).toBe(201);

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Made On Another Phone' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});
