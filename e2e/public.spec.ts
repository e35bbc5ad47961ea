import { expect, test, type Page } from '@playwright/test';

const NAV = [
  { name: 'About Us', path: '/about', heading: 'About Gona' },
  { name: 'Pricing', path: '/pricing', heading: 'Simple pricing for every farm' },
  { name: 'Contact Us', path: '/contact', heading: 'Contact us' },
  { name: 'Home', path: '/', heading: 'Run your farm and sell your harvest from one phone' },
];

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

async function walkNavigation(page: Page) {
  await page.goto('/');
  for (const { name, path, heading } of NAV) {
    await mainNav(page).getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path === '/' ? '/' : path}$`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // Spec: the current link is highlighted; Home only on exactly "/".
    await expect(mainNav(page).getByRole('link', { name, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const others = NAV.filter((link) => link.name !== name);
    for (const other of others) {
      await expect(mainNav(page).getByRole('link', { name: other.name, exact: true })).not.toHaveAttribute(
        'aria-current',
        'page',
      );
    }
  }
  const blog = mainNav(page).getByRole('link', { name: /^Blog/ });
  await expect(blog).toHaveAttribute('target', '_blank');
  await expect(blog).toHaveAttribute('rel', /noopener/);
  await expect(blog).toHaveAttribute('href', /^https?:\/\//);
  await page.getByRole('banner').getByRole('link', { name: 'Gona home' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test.describe('public navigation', () => {
  test('works on a phone (360 x 740) with the compact link row and Sign Up', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await walkNavigation(page);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign Up' })).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('works on a desktop (1280 x 800)', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await walkNavigation(page);
    await page.getByRole('banner').getByRole('link', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('hides Sign Up on very small screens', async ({ page }) => {
    await page.setViewportSize({ width: 340, height: 700 });
    await page.goto('/about');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign Up' })).toBeHidden();
    await expect(mainNav(page).getByRole('link', { name: 'Contact Us' })).toBeVisible();
  });

  test('the footer links the blog and the company pages', async ({ page }) => {
    await page.goto('/pricing');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('© 2024');
    await footer.getByRole('link', { name: 'Blog', exact: true }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test('an unknown page shows the 404 screen', async ({ page }) => {
    const res = await page.goto('/not-found');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go back home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test('Privacy Policy and Terms of Service open and close independently with the keyboard', async ({
  page,
}) => {
  await page.goto('/about');
  const privacyLink = page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' });
  const termsLink = page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' });
  const privacy = page.getByRole('dialog', { name: 'Privacy Policy' });
  const terms = page.getByRole('dialog', { name: 'Terms of Service' });

  await privacyLink.focus();
  await page.keyboard.press('Enter');
  await expect(privacy).toBeVisible();
  await expect(privacy).toContainText('Nigeria Data Protection Act 2023');
  await expect(terms).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(privacy).toBeHidden();
  await expect(privacyLink).toBeFocused();

  await termsLink.focus();
  await page.keyboard.press('Enter');
  await expect(terms).toBeVisible();
  await expect(privacy).toBeHidden();
  await expect(terms).toContainText('26/05/2025');
  await expect(terms).toContainText('at most 10 workers');
  await expect(terms).toContainText('no refund for unused time');
  await expect(terms).toContainText('Federal Republic of Nigeria');
  await terms.getByRole('button', { name: 'Close' }).focus();
  await page.keyboard.press('Enter');
  await expect(terms).toBeHidden();
  await expect(termsLink).toBeFocused();
});

test('the testimonial dots show a quote directly', async ({ page }) => {
  await page.goto('/');
  const carousel = page.locator('[data-carousel]');
  await carousel.getByRole('button', { name: 'Show testimonial 3 of 3' }).click();
  await expect(carousel.getByText('Tonye B.')).toBeVisible();
  await expect(carousel.getByText('Adaeze N.')).toBeHidden();
});

test('the pricing page shows Free and Pro with the price the server is configured with', async ({ page }) => {
  const answer = (await (await page.request.get('/api/plans')).json()) as {
    plans: Array<{ id: string; price_naira_per_year: number }>;
  };
  const pro = answer.plans.find((plan) => plan.id === 'pro')!;
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 2, name: 'Free' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Pro' })).toBeVisible();
  await expect(page.locator('[data-plan-amount="pro"]')).toHaveText(
    `₦${pro.price_naira_per_year.toLocaleString('en-NG')}`,
  );
  await expect(page.getByText('Up to 10 workers per farm').first()).toBeVisible();
  await expect(page.getByText('You can cancel at any time.', { exact: false })).toBeVisible();
});

test.describe('contact form', () => {
  test('shows what to fix next to each field', async ({ page }) => {
    await page.goto('/contact');
    await page.getByLabel('Email address').fill('ada');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Enter your name')).toBeVisible();
    await expect(page.getByText('Enter a valid email address, like ada@example.com')).toBeVisible();
    await expect(page.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Your name')).toBeFocused();
  });

  test('sends a valid message, confirms with a toast and mails support', async ({ page }) => {
    const subject = `Question about Pro ${Date.now()}`;
    await page.goto('/contact');
    await page.getByLabel('Your name').fill('Ada Okafor');
    await page.getByLabel('Email address').fill('ada@example.com');
    await page.getByLabel('Phone number (optional)').fill('0803 123 4567');
    await page.getByLabel('Subject').fill(subject);
    await page
      .getByRole('textbox', { name: /^Message/ })
      .fill('Can our cooperative pay for Pro for all member farms?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your message has been sent' })).toBeVisible();
    await expect(page.getByLabel('Subject')).toHaveValue('');
    await expect
      .poll(async () => {
        const res = await page.request.get('/api/dev/outbox');
        const body = (await res.json()) as { items: Array<{ subject: string; text: string }> };
        return body.items.find((m) => m.subject === `Contact form: ${subject}`)?.text ?? '';
      })
      .toContain('Can our cooperative pay for Pro');
  });
});

test('a blog post reads from the blog list', async ({ page }) => {
  await page.goto('/blog');
  await page
    .getByRole('link', { name: 'Fall armyworm in maize: how to find it early and what to do' })
    .click();
  await expect(page).toHaveURL(/\/blog\/fall-armyworm-in-maize$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Fall armyworm in maize: how to find it early and what to do',
  );
  await expect(page.getByRole('heading', { level: 2, name: 'Scout every week' })).toBeVisible();
  await expect(page).toHaveTitle(/Fall armyworm/);
});

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('pages read fully, the terms open from the footer and the contact form still sends', async ({
    page,
  }) => {
    await page.goto('/pricing');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Simple pricing for every farm' }),
    ).toBeVisible();
    await expect(page.locator('[data-plan-price="pro"]')).toContainText('₦');
    await expect(page.getByText('There is no refund for unused time after you cancel.')).toBeVisible();

    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL(/#terms$/);
    await expect(page.locator('#terms')).toBeVisible();
    await expect(page.locator('#terms')).toContainText('Governing law');

    await page.goto('/');
    await expect(page.getByText('Tonye B.')).toBeVisible();

    const subject = `No script ${Date.now()}`;
    await page.goto('/contact');
    await page.getByLabel('Your name').fill('Musa Ibrahim');
    await page.getByLabel('Email address').fill('musa@example.com');
    await page.getByLabel('Subject').fill(subject);
    await page
      .getByRole('textbox', { name: /^Message/ })
      .fill('I have no data today; does the form still work?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page).toHaveURL(/\/contact#contact-sent$/);
    await expect(page.locator('#contact-sent')).toBeVisible();
  });
});
