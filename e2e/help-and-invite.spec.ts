import { latestMail, linkIn, newUser } from './support/accounts';
import { expect, test } from './support/fixtures';

/**
 * Issue 34 on a 320 px phone: a stuck farmer finds the answer on the public help centre and says
 * whether it helped, with no script needed for the answer; a farmer invites a neighbour with their
 * link, the neighbour signs up from it and confirms their address, and the inviter sees them joined.
 */
test.use({ viewport: { width: 320, height: 720 } });

test('the help centre finds an article by the words of a question, and counts whether it answered', async ({
  page,
}) => {
  await page.goto('/help');
  await page.getByRole('searchbox', { name: 'Search the help' }).fill('buyer will pay me later');
  await page.getByRole('button', { name: 'Search' }).click();
  const results = page.getByRole('list', { name: 'Articles that match' });
  await results.getByRole('link', { name: 'How do sales on credit work?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'How do sales on credit work?' })).toBeVisible();
  await expect(page.getByText('Not yet (on credit)', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'No' }).click();
  await expect(page).toHaveURL(/\/help\/sale-on-credit#help-thanks$/);
  await expect(page.getByText('Thank you for telling us.')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

test('a farmer shares their link; whoever signs up from it and confirms shows as joined', async ({
  farmer,
  browser,
  baseURL,
}) => {
  const { page } = farmer;
  await page.goto('/dashboard/invite-farmer');
  const link = (await page.getByText('/signup?ref=').textContent())!.trim();
  expect(link).toMatch(/\/signup\?ref=[a-z0-9]{10}$/);
  const whatsapp = await page.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href');
  expect(decodeURIComponent(whatsapp!)).toContain(link);
  await expect(page.getByText('Nobody yet.')).toBeVisible();

  // The neighbour, on their own phone.
  const theirs = await browser.newContext({ viewport: { width: 320, height: 720 } });
  const neighbourPage = await theirs.newPage();
  const neighbour = { ...newUser('neighbour'), firstName: 'Ngozi', phone: '08039876543' };
  await neighbourPage.goto(link);
  await neighbourPage.getByLabel('First name').fill(neighbour.firstName);
  await neighbourPage.getByLabel('Last name').fill(neighbour.lastName);
  await neighbourPage.getByLabel('Email').fill(neighbour.email);
  await neighbourPage.getByLabel('Phone').fill(neighbour.phone);
  await neighbourPage.getByLabel('Password', { exact: true }).fill(neighbour.password);
  await neighbourPage.getByRole('button', { name: 'Create account' }).click();
  await expect(neighbourPage.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await neighbourPage.goto(
    linkIn(await latestMail(neighbourPage.request, neighbour.email, /confirm|verify/i), baseURL!),
  );
  await expect(neighbourPage).toHaveURL(/\/create-farm/);
  await theirs.close();

  await page.reload();
  const joined = page.getByRole('region', { name: 'People who joined through your link' });
  await expect(joined.getByText('Ngozi')).toBeVisible();
  await expect(joined.getByText(/^Joined \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
});
