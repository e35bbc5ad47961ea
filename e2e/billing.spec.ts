import { mkdirSync } from 'node:fs';
import pg from 'pg';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { backOfficeDatabaseUrl, grantAdmin } from './support/back-office';
import { BACK_OFFICE_PORT } from './support/ports';

const PHONE = { width: 360, height: 740 };
const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

/** The screen as a 320 px phone and a 1280 px desktop show it, for looking at. */
async function shoot(page: Page, name: string) {
  for (const width of [320, 1280]) {
    await page.setViewportSize({ width, height: width === 320 ? 640 : 800 });
    // The sidebar and the content's padding slide to the new width: shot once they have.
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${SHOTS}/billing-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(PHONE);
}

/** Pays on the fake Paystack checkout and comes back to the subscription screen, confirmed. */
async function payOnCheckout(page: Page) {
  await expect(page.getByRole('heading', { name: 'Pay with Paystack (fake)' })).toBeVisible();
  await page.getByRole('button', { name: /^Pay ₦/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/subscription/);
  await expect(
    page.getByText(/^Payment received: your farm is on Gona Pro until \d\d\/\d\d\/\d{4}\.$/),
  ).toBeVisible({
    timeout: 20_000,
  });
}

test.use({ viewport: PHONE });

test('on a phone, the owner upgrades to Pro by a card that renews through the checkout, opens the receipt, cancels renewal and keeps Pro to the end of the year, then pays a year ahead by transfer', async ({
  farmer: { page },
}) => {
  test.setTimeout(180_000);
  await page.goto('/dashboard/subscription');
  const plan = page.getByRole('region', { name: /^Your plan/ });
  await expect(plan.getByRole('heading', { name: 'Your plan: Free' })).toBeVisible();
  await expect(plan.getByText('0 of 10', { exact: true })).toBeVisible();
  await expect(plan.getByText('SMS alerts')).toBeVisible();
  const offer = page.getByRole('region', { name: 'What Gona Pro adds' });
  await expect(offer.getByText('Unlimited workers')).toBeVisible();
  await expect(offer.getByText(/VAT included: ₦[\d,.]+ of it is VAT at 7\.5 %\./)).toBeVisible();
  await expect(offer.getByRole('heading', { name: 'Pay every year by card (renews)' })).toBeVisible();
  await expect(
    offer.getByRole('heading', { name: 'Pay for one year (bank transfer, USSD or card; does not renew)' }),
  ).toBeVisible();
  await shoot(page, 'free');

  // A double tap opens one checkout.
  await offer.getByRole('button', { name: /^Pay ₦[\d,]+ by card$/ }).dblclick();
  await payOnCheckout(page);
  await expect(page).toHaveURL(/\/dashboard\/subscription$/);
  await expect(plan.getByRole('heading', { name: 'Your plan: Gona Pro' })).toBeVisible();
  await expect(
    plan.getByText(/^Gona Pro\. It renews on \d\d\/\d\d\/\d{4}: Paystack charges your card then\.$/),
  ).toBeVisible();
  await expect(plan.getByText('0, no limit')).toBeVisible();
  await shoot(page, 'pro');

  // The payment's receipt, a PDF named after its number (the page's own session fetches it).
  const payments = page.getByRole('list', { name: 'Past payments' });
  await expect(payments.getByRole('listitem')).toHaveCount(1);
  const receiptLink = payments.getByRole('link', { name: /^Open receipt GP-\d{6} \(PDF\)$/ });
  const number = /GP-\d{6}/.exec((await receiptLink.getAttribute('aria-label')) ?? '')![0];
  const receipt = await page.request.get((await receiptLink.getAttribute('href'))!);
  expect(receipt.status()).toBe(200);
  expect(receipt.headers()['content-type']).toBe('application/pdf');
  expect(receipt.headers()['content-disposition']).toContain(`Gona receipt ${number}.pdf`);
  expect((await receipt.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Cancel: the question says what happens before anything does.
  await page.getByRole('button', { name: 'Cancel renewal' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Cancel Gona Pro renewal?' });
  await expect(dialog).toContainText('Nothing is refunded for the time left.');
  await dialog.getByRole('button', { name: 'Cancel renewal' }).click();
  await expect(
    plan.getByText(
      /^Renewal cancelled\. Gona Pro stays until \d\d\/\d\d\/\d{4}, then the farm returns to Free\.$/,
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel renewal' })).toHaveCount(0);

  // A year ahead, without a card: the new year starts after the paid one.
  const keep = page.getByRole('region', { name: /^Keep Pro after/ });
  await keep.getByRole('button', { name: /^Pay ₦[\d,]+ for one year$/ }).click();
  await payOnCheckout(page);
  await expect(payments.getByRole('listitem')).toHaveCount(2);
  await shoot(page, 'two-years');
});

const database = backOfficeDatabaseUrl();

test.describe('a renewal that failed', () => {
  // The grace state is seeded in the app's database, which the embedded engine keeps to itself: this
  // journey runs on the back office's app, on PostgreSQL.
  test.skip(database === null, 'needs TEST_DATABASE_URL (PostgreSQL) for its own app');
  test.use({ baseURL: `http://localhost:${BACK_OFFICE_PORT}` });

  test('the owner’s dashboard says until when to pay, and the link leads to paying; Gona’s support extends Pro with a reason', async ({
    farmer: { page, farm, user },
  }) => {
    const client = new pg.Client({ connectionString: database! });
    await client.connect();
    try {
      await client.query(
        `INSERT INTO farm_subscriptions (farm_id, state, method, period_start, period_end, grace_ends_at,
           customer_code, subscription_code, email_token)
         VALUES ($1, 'past_due', 'card_subscription', now() - interval '1 year 2 days', now() - interval '2 days',
           now() + interval '5 days', 'CUS_e2e', 'SUB_e2e_' || $2::text, 'tok_e2e')`,
        [farm.id, farm.id.slice(-12)],
      );
    } finally {
      await client.end();
    }
    await page.goto('/dashboard');
    const banner = page.getByRole('region', {
      name: /^Your Pro renewal failed\. Pay by \d\d\/\d\d\/\d{4} to keep Pro\.$/,
    });
    await expect(banner).toBeVisible();
    await shoot(page, 'grace-banner');
    await banner.getByRole('link', { name: 'Pay to keep Pro' }).click();
    await expect(page).toHaveURL(/\/dashboard\/subscription$/);
    await expect(page.getByRole('region', { name: 'Pay to keep Pro' })).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: /^Your plan/ })
        .getByText(/^Your Pro renewal failed\. Pay by \d\d\/\d\d\/\d{4} to keep Pro\.$/),
    ).toBeVisible();
    await shoot(page, 'past-due');

    // Gona's support finds the farm among the failed renewals and extends its Pro, with a reason.
    grantAdmin(database!, user.email);
    await page.goto('/admin/subscriptions?state=past_due');
    await page
      .getByRole('link', { name: `Open ${farm.name}` })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: farm.name })).toBeVisible();
    await expect(page.getByText('Payment failed')).toBeVisible();
    await expect(page.getByRole('term').filter({ hasText: 'Last day of grace' })).toBeVisible();
    await page.getByRole('button', { name: 'Grant or extend Pro' }).click();
    const grant = page.getByRole('dialog', { name: `Grant or extend Pro for ${farm.name}` });
    const until = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await grant.getByLabel('Last day of Pro').fill(until);
    await grant.getByLabel('Reason').fill('Paid by bank transfer to Gona while the card was blocked');
    await grant.getByRole('button', { name: 'Grant Pro' }).click();
    const [year, month, day] = until.split('-');
    await expect(page.getByText(`${farm.name} has Gona Pro until ${day}/${month}/${year}`)).toBeVisible();
    await expect(page.getByText(/Paid by bank transfer to Gona while the card was blocked/)).toBeVisible();
    await shoot(page, 'admin-grant');
  });
});
