import { expect, test } from './support/fixtures';
import { newUser, signUp } from './support/accounts';

type TodayAnswer = {
  due_today: { items: { id: string; title: string; status: string; series_id: string | null }[] };
};

test('a manager plans a weekly task for a worker; the worker ticks it done offline on a phone and it arrives', async ({
  farmer: { page, farm },
  browser,
  baseURL,
}) => {
  const origin = { origin: baseURL! };
  // The worker: invited, signed up and joined on their own phone.
  const worker = newUser('worker');
  worker.firstName = 'Bola';
  const invited = await page.request.post(`/api/farms/${farm.id}/invitations`, {
    headers: origin,
    data: { email: worker.email, role: 'worker' },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const workerPage = await phone.newPage();
  await workerPage.goto(await signUp(workerPage.request, baseURL!, worker));
  const mine = (await (await workerPage.request.get('/api/invitations')).json()) as {
    items: { id: string }[];
  };
  const joined = await workerPage.request.post(`/api/invitations/${mine.items[0]!.id}/accept`, {
    headers: origin,
  });
  expect(joined.status(), await joined.text()).toBe(200);
  const me = (await (await workerPage.request.get('/api/me')).json()) as { id: string };
  // The farm's staff list names them, linked to their account.
  const staff = await page.request.post(`/api/farms/${farm.id}/staff`, {
    headers: origin,
    data: {
      first_name: 'Bola',
      last_name: 'Adeyemi',
      job: 'poultry_attendant',
      employment_type: 'permanent',
      member_user_id: me.id,
    },
  });
  expect(staff.status(), await staff.text()).toBe(201);

  // The manager, on a phone, plans feeding every week on today's weekday for Bola.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: "Today's tasks" })).toBeVisible();
  await page.goto('/dashboard/tasks');
  await page.getByRole('button', { name: 'Add task' }).click();
  const form = page.getByRole('dialog', { name: 'Add a task' });
  await form.getByLabel('What needs doing?').fill('Feed the layers and check water');
  await form.getByLabel('Kind of work').selectOption({ label: 'Feeding' });
  await form.getByLabel('Bola Adeyemi').check();
  await form.getByLabel('Repeat').selectOption({ label: 'Every week' });
  const todayInLagos = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Africa/Lagos',
    weekday: 'short',
  }).format(new Date());
  await form.getByText(todayInLagos, { exact: true }).click();
  await form.getByRole('button', { name: 'Save task' }).click();
  await expect(page.getByText('Task added: Feed the layers and check water')).toBeVisible();
  const todaySection = page.getByRole('region', { name: /^Today/ });
  await expect(todaySection.getByText('Feed the layers and check water')).toBeVisible();
  await expect(todaySection.getByText('Repeats')).toBeVisible();

  // The worker opens My tasks, loses the connection and ticks it in one tap.
  await workerPage.evaluate((id) => localStorage.setItem('selected_farm_id', id), farm.id);
  await workerPage.goto('/dashboard/tasks');
  await expect(workerPage.getByRole('checkbox', { name: 'Only my tasks' })).toBeChecked();
  const tick = workerPage
    .getByRole('region', { name: /^Today/ })
    .getByRole('button', { name: 'Mark Feed the layers and check water as done' });
  await expect(tick).toBeVisible();
  const box = await tick.boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(44);
  await phone.setOffline(true);
  await tick.click();
  await expect(
    workerPage.getByText('Saved on this phone. It will be sent when you are back online.'),
  ).toBeVisible();
  await expect(tick).toHaveAttribute('aria-pressed', 'true');
  expect(await workerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await phone.setOffline(false);
  await expect
    .poll(async () => {
      const today = (await (
        await page.request.get(`/api/farms/${farm.id}/tasks/today`)
      ).json()) as TodayAnswer;
      return today.due_today.items.find((task) => task.title === 'Feed the layers and check water')?.status;
    })
    .toBe('done');
  // The manager sees who did it.
  await page.reload();
  await todaySection.getByText('Feed the layers and check water', { exact: true }).click();
  await expect(page.getByText(/^Done by Bola /)).toBeVisible();
  await phone.close();
});

test('a 30-letter task title and the month calendar hold at 320 px', async ({
  farmer: { page, farm },
  baseURL,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
  const made = await page.request.post(`/api/farms/${farm.id}/tasks`, {
    headers: { origin: baseURL! },
    data: {
      title: 'Oxytetracyclinehydrochloridepowder dosing',
      type: 'vaccination',
      due_date: today,
      priority: 'high',
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  await page.goto('/dashboard/tasks');
  await expect(page.getByText('Oxytetracyclinehydrochloridepowder dosing')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.getByRole('button', { name: 'Calendar' }).click();
  await expect(page.getByRole('button', { name: /: 1 tasks$/ }).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.screenshot({ path: 'test-results/tasks-calendar-320.png' });
});
