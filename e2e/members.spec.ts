import { latestMail, linkIn, newUser } from './support/accounts';
import { expect, test } from './support/fixtures';

test('an owner invites a worker by email; the worker signs up from the link on another phone, lands on the farm, records stock use, and can neither delete a supply nor see costs', async ({
  farmer: { page, farm },
  browser,
  baseURL,
}) => {
  // A supply with a cost, which an owner sees and a worker must not.
  const supply = await page.request.post(`/api/farms/${farm.id}/supplies`, {
    headers: { origin: baseURL! },
    data: {
      category: 'animal_feed',
      name: 'Grower mash',
      unit: 'bag_25kg',
      quantity: '12',
      low_threshold: '2',
      unit_cost_kobo: 1_250_000,
    },
  });
  expect(supply.status(), await supply.text()).toBe(201);

  const worker = newUser('worker');
  worker.firstName = 'Bola';
  await page.goto('/dashboard/settings');
  await page.getByRole('link', { name: /^Members/ }).click();
  await expect(page.getByRole('heading', { name: `Members of ${farm.name}` })).toBeVisible();
  await page.getByRole('button', { name: 'Invite someone' }).click();
  const invite = page.getByRole('dialog', { name: `Invite someone to ${farm.name}` });
  await invite.getByLabel('Their email address').fill(worker.email);
  await invite.getByLabel('Role').selectOption({ label: 'Worker' });
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${worker.email}.`)).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Invitations not yet accepted' }).getByText(worker.email),
  ).toBeVisible();

  const mail = await latestMail(page.request, worker.email, /invited you to/);
  const link = linkIn(mail, baseURL!);

  // The worker's own phone: another browser, nobody signed in.
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const workerPage = await phone.newPage();
  await workerPage.goto(link);
  await expect(
    workerPage.getByText(`Amaka Okafor invited you to work on ${farm.name} on Gona.`),
  ).toBeVisible();
  await expect(workerPage.getByText('Worker', { exact: true })).toBeVisible();
  await workerPage.getByRole('link', { name: 'Create an account' }).click();
  await expect(workerPage.getByLabel('Email')).toHaveValue(worker.email);
  await workerPage.getByLabel('First name').fill(worker.firstName);
  await workerPage.getByLabel('Last name').fill(worker.lastName);
  await workerPage.getByLabel('Phone').fill('0805 555 1234');
  await workerPage.getByLabel('Password', { exact: true }).fill(worker.password);
  await workerPage.getByRole('button', { name: /sign up|create account/i }).click();
  await expect(workerPage.getByRole('heading', { name: /check your email/i })).toBeVisible();

  // Confirming the address lands where a newcomer would create a farm: the invitation is there.
  const confirm = linkIn(await latestMail(workerPage.request, worker.email, /confirm/i), baseURL!);
  await workerPage.goto(confirm);
  await expect(workerPage).toHaveURL(/\/create-farm$/);
  await workerPage.getByRole('button', { name: `Join ${farm.name}` }).click();
  await expect(workerPage).toHaveURL(/\/dashboard$/);
  await expect(workerPage.getByRole('heading', { name: farm.name })).toBeVisible();

  // A worker records what happened in the store room.
  await workerPage.goto('/dashboard/inventory');
  await expect(workerPage.getByRole('link', { name: 'Grower mash' }).first()).toBeVisible();
  await expect(workerPage.getByRole('button', { name: 'Add supply' })).toHaveCount(0);
  await workerPage.getByRole('button', { name: 'Record use of Grower mash' }).click();
  const use = workerPage.getByRole('dialog');
  await use.getByLabel('How much?').fill('2');
  await use.getByRole('button', { name: 'Save' }).click();
  await expect(workerPage.getByText('2 bags (25 kg) of Grower mash used')).toBeVisible();
  await expect(workerPage.locator('main')).not.toContainText('₦');

  // ...but may not delete a supply, on the screen or by asking the server.
  await workerPage.getByRole('link', { name: 'Grower mash' }).first().click();
  await expect(workerPage.getByRole('heading', { name: 'Grower mash' })).toBeVisible();
  await expect(workerPage.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(workerPage.locator('main')).not.toContainText('₦');
  const supplyId = ((await supply.json()) as { id: string }).id;
  const refused = await workerPage.request.delete(`/api/farms/${farm.id}/supplies/${supplyId}`, {
    headers: { origin: baseURL! },
  });
  expect(refused.status()).toBe(403);
  const detail = await workerPage.request.get(`/api/farms/${farm.id}/supplies/${supplyId}`);
  expect(JSON.stringify(await detail.json())).not.toContain('unit_cost_kobo');

  // The owner sees the worker among the members now, and the cost the worker cannot.
  await page.reload();
  const members = page.getByRole('list', { name: 'Members of this farm' });
  await expect(members.getByText(`${worker.firstName} ${worker.lastName}`)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Invitations not yet accepted' })).toHaveCount(0);
  await page.goto(`/dashboard/inventory/${supplyId}`);
  await expect(page.locator('main')).toContainText('₦12,500');
  await phone.close();
});

test('members, profile and account screens fit a 320 px phone, long addresses wrapping', async ({
  farmer: { page, farm },
  baseURL,
}) => {
  const long = `a-very-long-address-of-a-farm-adviser-${Date.now()}@cooperative-extension-services.example.com`;
  const res = await page.request.post(`/api/farms/${farm.id}/invitations`, {
    headers: { origin: baseURL! },
    data: { email: long, role: 'viewer' },
  });
  expect(res.status(), await res.text()).toBe(201);
  await page.setViewportSize({ width: 320, height: 640 });
  for (const [path, visible] of [
    ['/dashboard/settings/members', long],
    ['/dashboard/settings/profile', 'Save profile'],
    ['/dashboard/settings/account', 'Sign out everywhere else'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByText(visible).first()).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
  }
});
