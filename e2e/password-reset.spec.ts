import { expect, test } from '@playwright/test';
import { createConfirmedUser, latestMail, leaveSignedOut, linkIn, signIn } from './support/accounts';

test('a farmer who forgot the password sets a new one from the mailed link and logs in with it', async ({
  page,
  baseURL,
}) => {
  const user = await createConfirmedUser(page, baseURL!);
  await leaveSignedOut(page);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/a link to reset the password is on its way/)).toBeVisible();

  const mail = await latestMail(page.request, user.email, /password/i);
  await page.goto(linkIn(mail, baseURL!));
  await expect(page).toHaveURL(/\/update-password/);
  const newPassword = 'a brand new passphrase';
  await page.getByLabel('New password').fill(newPassword);
  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(
    page.getByText('Your password has been changed. Log in with your new password.'),
  ).toBeVisible();

  await signIn(page, user);
  await expect(page.getByText('Invalid email or password. Please try again.')).toBeVisible();

  await signIn(page, { ...user, password: newPassword });
  await expect(page).toHaveURL(/\/(create-farm|dashboard)/);
});

test('a reset link that was already used says so and offers a new one', async ({ page, baseURL }) => {
  const user = await createConfirmedUser(page, baseURL!);
  await leaveSignedOut(page);
  const res = await page.request.post('/api/auth/request-password-reset', {
    headers: { origin: baseURL! },
    data: { email: user.email, redirectTo: '/update-password' },
  });
  expect(res.ok()).toBe(true);
  const link = linkIn(await latestMail(page.request, user.email, /password/i), baseURL!);

  for (const password of ['first new passphrase', 'second new passphrase']) {
    await page.goto(link);
    await page.getByLabel('New password').fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Save new password' }).click();
  }
  await expect(page.getByText('This reset link is invalid or has expired. Ask for a new one.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Send a new reset link' })).toBeVisible();
});
