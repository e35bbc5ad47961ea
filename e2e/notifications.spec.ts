import { expect, test } from './support/fixtures';
import { addSupply } from './support/inventory';

test('a stock use that leaves a supply low rings the bell; opening the notification marks it read', async ({
  farmer: { page },
}) => {
  await page.goto('/dashboard/inventory');
  await addSupply(page, { name: 'Broiler finisher', quantity: '10', lowStockLevel: '3' });
  const bell = page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');

  await page.getByRole('button', { name: 'Record use of Broiler finisher' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('How much?').fill('8');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await expect(bell).toHaveText('1');
  await bell.click();

  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  const notification = page
    .getByRole('list', { name: 'Your notifications' })
    .getByRole('link', { name: /Low stock: Broiler finisher/ });
  await expect(notification).toContainText('Unread');
  await expect(notification).toContainText(
    'Broiler finisher: 2 bags (25 kg) left (low at 3 bags (25 kg)). Buy more before it runs out.',
  );
  await notification.click();

  await expect(page).toHaveURL(/\/dashboard\/inventory\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Broiler finisher' })).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(bell).toHaveText('');

  await bell.click();
  await expect(
    page
      .getByRole('list', { name: 'Your notifications' })
      .getByRole('link', { name: /Low stock: Broiler finisher/ }),
  ).not.toContainText('Unread');
});

test('Settings › Notifications fits a 320 px phone and keeps what was saved', async ({
  farmer: { page },
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/dashboard/settings');
  await page
    .getByRole('main')
    .getByRole('link', { name: /Notifications/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  const lowStock = page.getByRole('group', { name: 'Low stock' });
  await expect(lowStock.getByRole('checkbox', { name: 'Email' })).toBeChecked();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  await lowStock.getByRole('checkbox', { name: 'Email' }).uncheck();
  await page.getByLabel('From').fill('22:00');
  await page.getByLabel('Until').fill('05:30');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Notification settings saved.')).toBeVisible();

  await page.reload();
  await expect(
    page.getByRole('group', { name: 'Low stock' }).getByRole('checkbox', { name: 'Email' }),
  ).not.toBeChecked();
  await expect(page.getByLabel('From')).toHaveValue('22:00');
  await expect(page.getByLabel('Until')).toHaveValue('05:30');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});
