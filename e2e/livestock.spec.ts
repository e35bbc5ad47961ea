import { expect, test } from './support/fixtures';

test('a farmer adds a layer flock of 500 on a phone, accepts its programme, records 412 eggs and 3 deaths, and sees the hen-day rate and the next vaccination', async ({
  farmer: { page },
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
  await page.goto('/dashboard/livestock');
  await expect(page.getByRole('heading', { name: 'No animals yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Add animals' }).first().click();

  const form = page.getByRole('dialog', { name: 'Add animals' });
  await form.getByLabel('Animal', { exact: true }).selectOption({ label: 'Layers (chicken)' });
  await form.getByLabel('Group name').fill('Layers House A');
  await form.getByLabel('Breed').fill('Isa Brown');
  await form.getByLabel('How many').fill('500');
  // Day-old chicks bought today.
  await form.getByLabel('Date bought').fill(today);
  await form.getByLabel('Age when it came').fill('1');
  await form.getByLabel('Age in').selectOption({ label: 'Days' });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Layers House A is added.')).toBeVisible();

  // Its programme is offered: the hatchery's day-1 check is already past, the other ten are planned.
  const offer = page.getByRole('dialog', { name: 'Layer and pullet vaccinations' });
  await expect(offer.getByText(dayMonthYear(addDays(today, 9))).first()).toBeVisible();
  await offer.getByRole('button', { name: 'Plan 10 tasks' }).click();
  await expect(page.getByText('10 tasks planned for Layers House A')).toBeVisible();
  const nextVaccine = `${dayMonthYear(addDays(today, 9))} · Layers House A`;

  const card = page.getByRole('list', { name: 'Animals and groups' }).getByRole('listitem');
  await expect(card.getByText('500 birds')).toBeVisible();
  await card.getByRole('link', { name: 'Layers House A' }).click();
  await expect(page).toHaveURL(/\/dashboard\/livestock\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Layers House A' })).toBeVisible();

  // Eggs: the button, the number, Save.
  await page.getByRole('button', { name: 'Record eggs' }).click();
  const eggs = page.getByRole('dialog');
  await eggs.getByLabel('Eggs collected').fill('412');
  await eggs.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('412 eggs (13 crates + 22)').first()).toBeVisible();

  // A death: the button and Save record one; three here.
  await page.getByRole('button', { name: 'Record a death' }).click();
  const death = page.getByRole('dialog');
  await expect(death.getByLabel('What happened')).toHaveValue('mortality');
  await death.getByLabel('How many').fill('3');
  await death.getByLabel('Cause, if known').fill('Heat stress');
  await death.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText('Hen-day 82.9 % of 497 hens')).toBeVisible();
  await expect(page.getByText('Death · 3 birds · Heat stress · 497 birds now')).toBeVisible();
  await expect(page.getByText(/hen-day 82\.9 %/)).toBeVisible();

  await page.getByRole('link', { name: 'All livestock' }).click();
  const summary = page.getByRole('region', { name: 'Livestock summary' });
  await expect(summary.getByText('Layers (chicken): 497 birds')).toBeVisible();
  await expect(summary.getByText('Mortality 0.6 %')).toBeVisible();
  await expect(summary.getByText('412 eggs (13 crates + 22)')).toBeVisible();
  await expect(
    summary.getByRole('link', { name: 'Newcastle and infectious bronchitis vaccine, 1st dose' }),
  ).toBeVisible();
  await expect(summary.getByText(nextVaccine)).toBeVisible();
});

function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

function dayMonthYear(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

test('a 30-letter breed and drug name wrap at 320 px, and the withdrawal notice shows its date', async ({
  farmer: { page, farm },
  baseURL,
}) => {
  const long = 'Oxytetracyclinehydrochlorideaa';
  const created = await page.request.post(`/api/farms/${farm.id}/livestock`, {
    headers: { origin: baseURL! },
    data: {
      kind: 'individual',
      species: 'goat',
      tag: 'RS-014',
      breed: 'Redsokotomaradiwestafricandwarf',
      acquisition: 'born_on_farm',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const goat = (await created.json()) as { id: string };
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
  const treated = await page.request.post(`/api/farms/${farm.id}/livestock/${goat.id}/health-records`, {
    headers: { origin: baseURL! },
    data: { id: uuidV7(), date: today, kind: 'treatment', product_name: long, withdrawal_days: 28 },
  });
  expect(treated.status(), await treated.text()).toBe(201);
  const until = ((await treated.json()) as { withdrawal_until: string }).withdrawal_until;
  const [year, month, day] = until.split('-');

  await page.setViewportSize({ width: 320, height: 640 });
  for (const path of ['/dashboard/livestock', `/dashboard/livestock/${goat.id}`]) {
    await page.goto(path);
    await expect(page.getByText('Redsokotomaradiwestafricandwarf').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(320);
  }
  await expect(page.getByText(`Not for sale or eating until ${day}/${month}/${year}`)).toBeVisible();
  await expect(page.getByText(new RegExp(long))).toBeVisible();
  await page.getByRole('button', { name: 'Health record' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

test('a broiler flock weighed three times reads against its target curve at 320 px', async ({
  farmer: { page, farm },
  baseURL,
}, testInfo) => {
  const lagosDay = (daysAgo: number) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(
      new Date(Date.now() - daysAgo * 86_400_000),
    );
  const created = await page.request.post(`/api/farms/${farm.id}/livestock`, {
    headers: { origin: baseURL! },
    data: {
      kind: 'group',
      species: 'chicken_broiler',
      name: 'Broilers, house 1',
      head_count: 200,
      acquisition: 'born_on_farm',
      date_of_birth: lagosDay(42),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const flock = (await created.json()) as { id: string };
  for (const [age, kg] of [
    [14, '0.42'],
    [28, '1.2'],
    [42, '1.8'],
  ] as const) {
    const weighed = await page.request.post(`/api/farms/${farm.id}/livestock/${flock.id}/growth-logs`, {
      headers: { origin: baseURL! },
      data: { id: uuidV7(), date: lagosDay(42 - age), weight_kg: kg, count_weighed: 20 },
    });
    expect(weighed.status(), await weighed.text()).toBe(201);
  }

  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto(`/dashboard/livestock/${flock.id}`);
  // 1.8 kg at 42 days is under the broiler target of 2.0–2.5 kg; it gained (1,800 − 420) g over 28 days.
  await expect(
    page.getByText(/At 42 days the target is 2\.0?–2\.5 kg: this group weighs 1\.8 kg on average, behind\./),
  ).toBeVisible();
  await expect(page.getByText(/Gaining 49 g a day/)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.getByText('Show the numbers').first().click();
  await expect(page.getByRole('columnheader', { name: 'Target' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  // The whole chart in one picture kept with the results (the page tall enough not to scroll).
  await page.setViewportSize({ width: 320, height: 2600 });
  await page.evaluate(() => window.scrollTo(0, 0));
  const chart = await page.getByRole('figure').filter({ hasText: 'Weight' }).boundingBox();
  await page.screenshot({ path: testInfo.outputPath('growth-320.png'), clip: chart! });
});

/** A UUID v7, as the app makes for records it saves. */
function uuidV7(): string {
  const hex = Date.now().toString(16).padStart(12, '0');
  const random = Array.from({ length: 20 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7${random.slice(0, 3)}-a${random.slice(3, 6)}-${random.slice(6, 18)}`;
}
