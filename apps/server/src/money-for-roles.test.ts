import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { AuditLog } from '@gona/shared';
import { audit_logs, farm_memberships, inventory_alerts, notifications } from './db/schema/index';
import { newId } from './lib/ids';
import { notify } from './features/notifications/notify.service';
import { createTestContext, type TestContext } from './test/context';
import { seedFarmTeam, seedUser, type FarmTeam, type TeamMember } from './test/farm-team';
import { seedListing, seedPlacedOrder } from './features/marketplace/orders.test-setup';
import { seedSubscriptionPayment } from './features/billing/billing.test-setup';
import { uploadPhoto } from './test/photos';

/**
 * Workers never see money (product.md), and only owners and managers read a colleague's phone and
 * next of kin: every GET route in /api/openapi.json a member can call, and every write a worker may
 * make, is called as a worker (and as a viewer) on a farm that holds a record of every kind that
 * carries money, and each answer is searched, through every nested object, array and audit
 * `changes`, for a money field (by its key's name, or a ₦ in its text) and for a colleague's phone.
 * A GET route with no way to reach it here fails the test, so a new route is walked from its first day.
 */

/** A key that names money, as the schemas name it: kobo amounts, prices, costs, rent, pay, wages. */
const MONEY_KEY =
  /(kobo|amount|price|cost|^rent(_|$)|pay_rate|pay_period|wage|salary|commission|refund|expense_id|owed|naira|income|profit)/i;
/** A CSV column that names money. */
const MONEY_COLUMN =
  /(₦|naira|cost|price|amount|rent|pay rate|pay period|wage|salary|paid|owed|income|profit)/i;
/** A colleague's details only owners and managers read. */
const PERSONAL_KEY = /^(phone|next_of_kin_name|next_of_kin_phone)$/;

const COLLEAGUE_PHONE = '+2348031112222';
const KIN_PHONE = '+2348059998888';
const WORKER_PHONE = '+2348074445555';

let t: TestContext;
let team: FarmTeam;
const ids: Record<string, string> = {};

/** Query strings a GET route needs to be valid. */
const QUERIES: Record<string, string> = {
  '/farms/{farmId}/planting-windows': '?crop_key=maize',
  '/farms/{farmId}/tasks/calendar': '?from=2026-11-20&to=2026-12-31',
  '/farms/{farmId}/tasks/about': '?supply_id={supplyId}',
  '/farms/{farmId}/tasks/day': '?date=2026-12-02',
  '/farms/{farmId}/money/profit': '?from=2026-01-01&to=2026-12-31',
  '/farms/{farmId}/money/cash': '?from=2026-01-01&to=2026-12-31',
  '/farms/{farmId}/reports': '?from=2026-01-01&to=2026-12-31',
  '/farms/{farmId}/attendance': '?date=2026-11-20',
  '/farms/{farmId}/casual-labour': '?from=2026-11-01&to=2026-11-30',
  '/help/search': '?q=sale%20on%20credit',
};

/**
 * GET routes the walk leaves out, each for the reason beside it (and /admin/…, the back office's:
 * platform staff only). Everything else in /api/openapi.json is walked.
 */
const NOT_WALKED = new Set([
  // The server's health, map tiles and the plans' public prices.
  '/health',
  '/tiles/attribution',
  '/tiles/{layer}/{z}/{x}/{y}',
  // The public marketplace: what any buyer, signed in or not, sees of a listing is public.
  '/marketplace/listings',
  '/marketplace/listings/{listingId}',
  '/marketplace/listings/{listingId}/photos/{fileId}',
  '/marketplace/sellers/{farmId}',
  '/marketplace/banks',
  // A buyer's own orders and a dispute's photos: the buyer's money, not the farm's.
  '/marketplace/orders',
  '/marketplace/orders/{orderId}',
  '/marketplace/orders/{orderId}/dispute/photos/{fileId}',
  // A person's own support requests and their photos: theirs, never the farm's records.
  '/support/requests/{requestId}',
  '/support/requests/{requestId}/files/{fileId}',
  // An invitation read by its link's secret token: the invited person's, before they are a member.
  '/invitations/{token}',
  // A PDF report a farm shared with a lender, read by its link's secret token: no member's read.
  '/shared-reports/{token}',
  '/plans',
]);

type Finding = { route: string; path: string; why: string };

beforeAll(async () => {
  t = await createTestContext();
  team = await seedFarmTeam(t);
  await seedMoneyOfEveryKind();
}, 60_000);

/** A farm with a record of every kind that carries money, and their audit rows. */
async function seedMoneyOfEveryKind(): Promise<void> {
  const supply = await create('supplies', {
    category: 'fertilizer',
    name: 'Urea',
    unit: 'bag_50kg',
    quantity: '5',
    low_threshold: '2',
    unit_cost_kobo: 1_850_000,
  });
  ids.supplyId = supply.id;
  await create(`supplies/${supply.id}/movements`, {
    id: newId(),
    kind: 'received',
    quantity: '4',
    unit_cost_kobo: 1_900_000,
  });
  // A supply at its level to buy more: it opens an alert the worker may resolve.
  const low = await create('supplies', {
    category: 'fertilizer',
    name: 'NPK 15:15:15',
    unit: 'bag_50kg',
    quantity: '2',
    low_threshold: '2',
    unit_cost_kobo: 1_200_000,
  });
  const [alert] = await t.db.select().from(inventory_alerts).where(eq(inventory_alerts.supply_id, low.id));
  ids.alertId = alert!.id;
  ids.supplierId = (await create('suppliers', { name: 'Afri Feeds', phone: '0803 000 0000' })).id;
  ids.fieldId = (
    await create('fields', { id: newId(), name: 'River plot', tenure: 'rented', rent_kobo: 12_000_000 })
  ).id;
  ids.cropId = (
    await create('crops', {
      id: newId(),
      crop_key: 'maize',
      area_planted: '1',
      season: 'main',
      planting_date: '2026-06-01',
      field_id: ids.fieldId,
    })
  ).id;
  await create(`crops/${ids.cropId}/harvests`, {
    id: newId(),
    date: '2026-10-24',
    quantity: '3',
    unit: 'bag_100kg',
    destination: 'stored',
  });
  ids.animalId = (
    await create('livestock', {
      kind: 'group',
      species: 'chicken_layer',
      name: 'Layers House A',
      head_count: 50,
      acquisition: 'bought',
      price_kobo: 7_500_000,
    })
  ).id;
  await create(`livestock/${ids.animalId}/health-records`, {
    id: newId(),
    date: '2026-11-01',
    kind: 'vaccination',
    product_name: 'Lasota',
    cost_kobo: 450_000,
  });
  await create(`livestock/${ids.animalId}/events`, {
    id: newId(),
    date: '2026-11-02',
    kind: 'sale',
    count: 2,
    price_kobo: 900_000,
  });
  // The worker is a staff member too, with their own phone and next of kin; a colleague has theirs.
  ids.staffId = (
    await create('staff', {
      first_name: 'Garba',
      last_name: 'Sani',
      job: 'security',
      employment_type: 'permanent',
      phone: COLLEAGUE_PHONE,
      next_of_kin_name: 'Hauwa Sani',
      next_of_kin_phone: KIN_PHONE,
      pay_rate_kobo: 4_500_000,
      pay_period: 'month',
    })
  ).id;
  ids.workerStaffId = (
    await create('staff', {
      first_name: 'Wale',
      last_name: 'Okafor',
      job: 'poultry_attendant',
      employment_type: 'permanent',
      phone: WORKER_PHONE,
      next_of_kin_name: 'Bisi Okafor',
      pay_rate_kobo: 3_000_000,
      pay_period: 'month',
      member_user_id: team.users.worker.id,
    })
  ).id;
  ids.expenseId = (
    await create('expenses', {
      id: newId(),
      date: '2026-11-20',
      category: 'fertilizer',
      amount_kobo: 2_500_000,
      description: 'Urea for the maize',
    })
  ).id;
  ids.saleId = (
    await create('sales', {
      id: newId(),
      date: '2026-11-20',
      product: 'Maize grain',
      quantity: 2,
      unit: 'bag_100kg',
      amount_kobo: 9_000_000,
      paid_kobo: 0,
    })
  ).id;
  await create(`sales/${ids.saleId}/payments`, { id: newId(), date: '2026-11-24', amount_kobo: 4_000_000 });
  await create('recurring-expenses', {
    id: newId(),
    category: 'land_rent',
    amount_kobo: 1_500_000,
    rrule: 'FREQ=MONTHLY;BYMONTHDAY=1',
    starts_on: '2036-01-01',
  });
  ids.casualId = (
    await create('casual-labour', {
      id: newId(),
      date: '2026-11-20',
      headcount: 6,
      rate_kobo: 300_000,
      description: 'Weeding',
    })
  ).id;
  const run = await create<{ id: string; lines: { id: string }[] }>('pay-runs', {
    id: newId(),
    period_start: '2026-11-01',
    period_end: '2026-11-30',
  });
  ids.runId = run.id;
  ids.lineId = run.lines[0]!.id;
  ids.listingId = (
    await create('listings', {
      id: newId(),
      category: 'crop',
      product_key: 'maize',
      quantity_available: 20,
      unit: 'bag_100kg',
      min_order: 2,
      price_kobo: 4_500_000,
    })
  ).id;
  ids.taskId = (
    await create('tasks', {
      title: 'Weed the maize',
      type: 'weeding',
      due_date: '2026-12-02',
      assignee_ids: [ids.workerStaffId, ids.staffId],
    })
  ).id;
  ids['taskId:/farms/{farmId}/tasks/{taskId}/skip'] = (
    await create('tasks', { title: 'Spray the tomatoes', type: 'weeding', due_date: '2026-12-03' })
  ).id;
  const photo = await uploadPhoto(t, team.base, team.cookies.owner);
  ids.fileId = (photo.body as { id: string }).id;
  // The worker asks the assistant about money: its answer, kept in their conversation, holds none.
  for (const role of ['worker', 'viewer'] as const) {
    const asked = await t.request<{ conversation_id: string }>('POST', `${team.base}/assistant/ask`, {
      cookie: team.cookies[role],
      body: { question: 'How much did we pay for urea, and what is the rent of River plot?' },
    });
    if (asked.status !== 200) throw new Error(`asking failed: ${asked.status} ${asked.text}`);
    ids[`conversationId:${role}`] = asked.body.conversation_id;
    ids[`messageId:${role}`] = (asked.body as unknown as { answer: { id: string } }).answer.id;
  }
  const buyer = await seedUser(t, { first_name: 'Buyer' });
  ids.orderId = await seedPlacedOrder(t, await seedListing(t, team.farm.id), buyer.user.id);
  ids.farmId = team.farm.id;
  ids.paymentId = await seedSubscriptionPayment(t, team.farm);
  ids.cropKey = 'maize';
  ids.programmeKey = 'layer';
  // Money the worker wrote while they were a manager, before becoming a worker: their own history
  // keeps it, and a money notification they were sent then.
  await t.db.insert(audit_logs).values({
    id: newId(),
    user_id: team.users.worker.id,
    farm_id: team.farm.id,
    table_name: 'expenses',
    record_id: ids.expenseId,
    action: 'insert',
    changes: { category: 'fertilizer', amount_kobo: 2_500_000 },
  });
  await t.db.insert(audit_logs).values({
    id: newId(),
    user_id: team.users.worker.id,
    farm_id: team.farm.id,
    table_name: 'supplies',
    record_id: ids.supplyId,
    action: 'update',
    changes: { name: 'Urea', unit_cost_kobo: { from: 1_800_000, to: 1_850_000 } },
  });
  await t.db.insert(notifications).values({
    user_id: team.users.worker.id,
    farm_id: team.farm.id,
    kind: 'payment_due',
    params: {
      sale_id: ids.saleId,
      farm_name: team.farm.name,
      buyer_name: 'Mama Ngozi',
      product: 'Maize grain',
      owed_kobo: 5_000_000,
      due_date: '2026-11-25',
      overdue: false,
    },
    link: `/dashboard/money/sales/${ids.saleId}`,
    title: 'Mama Ngozi owes ₦50,000',
    body: 'For Maize grain, due 25/11/2026.',
    dedupe_key: `payment_due:${ids.saleId}`,
  });
}

async function create<T = { id: string }>(what: string, body: unknown): Promise<T> {
  const res = await t.request<T>('POST', `${team.base}/${what}`, { body, cookie: team.cookies.owner });
  if (res.status !== 201 && res.status !== 200)
    throw new Error(`creating ${what} failed: ${res.status} ${res.text}`);
  return res.body;
}

async function getRoutes(): Promise<string[]> {
  const doc = await t.request<{ paths: Record<string, Record<string, unknown>> }>('GET', '/api/openapi.json');
  return Object.entries(doc.body.paths)
    .filter(([, ops]) => 'get' in ops)
    .map(([path]) => path.replace(/^\/api/, ''))
    .filter((path) => !NOT_WALKED.has(path) && !path.startsWith('/admin/'));
}

/** The route's URL on the seeded farm (a conversation is its asker's own: the role's). */
function urlOf(path: string, role: string, fallback?: string): string | null {
  let url = `/api${path}${QUERIES[path] ?? ''}`;
  for (const [, name] of url.matchAll(/\{(\w+)\}/g)) {
    const id = ids[`${name}:${path}`] ?? ids[`${name}:${role}`] ?? ids[name!] ?? fallback;
    if (!id) return null;
    url = url.replace(`{${name}}`, id);
  }
  return url;
}

/** Every money key (or ₦ in a text) and every colleague's personal detail in an answer, with where it is. */
function findings(route: string, body: unknown, me: { staffId: string }): Finding[] {
  const found: Finding[] = [];
  const walk = (value: unknown, path: string, inOwnRecord: boolean): void => {
    if (typeof value === 'string') {
      if (value.includes('₦')) found.push({ route, path, why: `naira in text: ${value.slice(0, 80)}` });
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((item, i) => walk(item, `${path}[${i}]`, inOwnRecord));
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const record = value as Record<string, unknown>;
    const own = inOwnRecord || record.id === me.staffId || record.member_user_id === team.users.worker.id;
    for (const [key, inner] of Object.entries(record)) {
      if (MONEY_KEY.test(key)) found.push({ route, path: `${path}.${key}`, why: 'money' });
      else if (PERSONAL_KEY.test(key) && inner != null && !own && isColleagues(inner))
        found.push({ route, path: `${path}.${key}`, why: "a colleague's phone or next of kin" });
      walk(inner, `${path}.${key}`, own);
    }
  };
  walk(body, '', false);
  return found;
}

/** The colleague's details (the worker's own, and a supplier's business phone, are theirs to read). */
function isColleagues(value: unknown): boolean {
  return value === COLLEAGUE_PHONE || value === KIN_PHONE || value === 'Hauwa Sani';
}

function csvFindings(route: string, text: string): Finding[] {
  const header = text.replace(/^\uFEFF/, '').split(/\r?\n/)[0] ?? '';
  const found: Finding[] = header
    .split(',')
    .filter((column) => MONEY_COLUMN.test(column))
    .map((column) => ({ route, path: `column ${column}`, why: 'money column' }));
  for (const secret of [COLLEAGUE_PHONE, KIN_PHONE, 'Hauwa Sani', '08031112222', '0803 111 2222'])
    if (text.includes(secret)) found.push({ route, path: 'csv', why: `a colleague's detail ${secret}` });
  return found;
}

async function walkAs(role: 'worker' | 'viewer'): Promise<{ findings: Finding[]; unreached: string[] }> {
  const all: Finding[] = [];
  const unreached: string[] = [];
  for (const path of await getRoutes()) {
    const url = urlOf(path, role);
    if (!url) {
      unreached.push(`${path}: no record seeded for it`);
      continue;
    }
    const res = await t.request('GET', url, { cookie: team.cookies[role] });
    if (res.status === 403) continue;
    if (res.status !== 200) {
      unreached.push(`${path}: ${res.status} ${res.text.slice(0, 120)}`);
      continue;
    }
    const type = res.headers.get('content-type') ?? '';
    if (type.includes('text/csv')) all.push(...csvFindings(path, res.text));
    else if (type.includes('json')) all.push(...findings(path, res.body, { staffId: ids.workerStaffId! }));
  }
  return { findings: all, unreached };
}

describe('what a worker reads holds no money and no colleague’s phone', () => {
  it('every GET route answers the worker without a money field or a colleague’s details', async () => {
    const { findings: found, unreached } = await walkAs('worker');
    const leaks: Record<string, string[]> = {};
    for (const f of found) (leaks[f.route] ??= []).push(`${f.path} (${f.why})`);
    expect({ unreached, leaks }).toEqual({ unreached: [], leaks: {} });
  });

  it('the walk finds money where the role may read it (an owner’s walk is not empty)', async () => {
    const res = await t.request('GET', `${team.base}/audit-logs?limit=100`, { cookie: team.cookies.owner });
    expect(findings('audit', res.body, { staffId: '' }).some((f) => f.why === 'money')).toBe(true);
    const fields = await t.request('GET', `${team.base}/fields`, { cookie: team.cookies.owner });
    expect(JSON.stringify(fields.body)).toContain('"rent_kobo":12000000');
  });
});

describe('the walk reaches the records it stands for', () => {
  it('a worker reads the farm’s history of every record with money in it, without the money', async () => {
    const res = await t.request<{ items: AuditLog[] }>('GET', `${team.base}/audit-logs?limit=100`, {
      cookie: team.cookies.worker,
    });
    const tables = new Set(res.body.items.map((row) => row.table_name));
    for (const table of [
      'supplies',
      'supply_movements',
      'fields',
      'livestock',
      'livestock_health_records',
      'livestock_events',
      'staff',
    ])
      expect(tables, table).toContain(table);
    for (const table of ['expenses', 'sales', 'sale_payments', 'casual_labour', 'pay_runs', 'listings'])
      expect(tables, table).not.toContain(table);
    const field = res.body.items.find((row) => row.table_name === 'fields');
    expect(field?.changes).toMatchObject({ name: 'River plot', tenure: 'rented' });
  });

  it('a viewer reads money (money.read), in the history and on a field', async () => {
    const history = await t.request<{ items: AuditLog[] }>('GET', `${team.base}/audit-logs?limit=100`, {
      cookie: team.cookies.viewer,
    });
    const tables = new Set(history.body.items.map((row) => row.table_name));
    expect(tables).toContain('expenses');
    const field = await t.request('GET', `${team.base}/fields/${ids.fieldId}`, {
      cookie: team.cookies.viewer,
    });
    expect(field.body).toMatchObject({ rent_kobo: 12_000_000 });
  });
});

describe('a phone and next of kin', () => {
  const staffOf = async (who: TeamMember, id: string) =>
    (
      await t.request<Record<string, unknown>>('GET', `${team.base}/staff/${id}`, {
        cookie: team.cookies[who],
      })
    ).body;

  it('are read by the owner and managers on every record', async () => {
    for (const who of ['owner', 'manager'] as const)
      expect(await staffOf(who, ids.staffId!)).toMatchObject({
        phone: COLLEAGUE_PHONE,
        next_of_kin_name: 'Hauwa Sani',
        next_of_kin_phone: KIN_PHONE,
      });
  });

  it('are read by a worker on their own record only; a colleague’s shows the name and job', async () => {
    expect(await staffOf('worker', ids.workerStaffId!)).toMatchObject({
      phone: WORKER_PHONE,
      next_of_kin_name: 'Bisi Okafor',
    });
    const colleague = await staffOf('worker', ids.staffId!);
    expect(colleague).toMatchObject({ name: 'Garba Sani', job: 'security', status: 'active' });
    expect(colleague).not.toHaveProperty('phone');
    expect(colleague).not.toHaveProperty('next_of_kin_name');
    expect(colleague).not.toHaveProperty('next_of_kin_phone');
    expect(colleague).not.toHaveProperty('pay_rate_kobo');
  });

  it('do not find their owner in a search by a worker or a viewer', async () => {
    const search = (who: TeamMember) =>
      t.request<{ items: { id: string }[] }>('GET', `${team.base}/staff?search=0803%20111%202222`, {
        cookie: team.cookies[who],
      });
    expect((await search('manager')).body.items.map((s) => s.id)).toEqual([ids.staffId]);
    expect((await search('worker')).body.items).toEqual([]);
    expect((await search('viewer')).body.items).toEqual([]);
  });

  it('are columns of the staff export for the owner only, not for a worker or a viewer', async () => {
    const header = async (who: TeamMember) =>
      (await t.request('GET', `${team.base}/staff/export.csv`, { cookie: team.cookies[who] })).text.split(
        '\r\n',
      )[0];
    expect(await header('owner')).toContain('Next of kin phone');
    expect(await header('owner')).toContain('Pay (₦)');
    expect(await header('viewer')).not.toContain('Phone');
    expect(await header('viewer')).toContain('Pay (₦)');
    expect(await header('worker')).not.toMatch(/Phone|Next of kin|Pay/);
  });
});

describe('money a person was given before their role changed', () => {
  it('leaves their own history and their notifications while they are a worker, and comes back with the role', async () => {
    const mine = async () =>
      (await t.request<{ items: AuditLog[] }>('GET', '/api/audit-logs', { cookie: team.cookies.worker })).body
        .items;
    const bell = async () => ({
      items: (
        await t.request<{ items: { kind: string }[] }>('GET', '/api/notifications', {
          cookie: team.cookies.worker,
        })
      ).body.items,
      unread: (
        await t.request<{ unread: number }>('GET', '/api/notifications/unread-count', {
          cookie: team.cookies.worker,
        })
      ).body.unread,
    });
    expect((await mine()).map((row) => row.table_name)).toEqual(['supplies']);
    expect((await mine())[0]!.changes).toEqual({ name: 'Urea' });
    expect(await bell()).toEqual({ items: [], unread: 0 });

    await t.db
      .update(farm_memberships)
      .set({ role: 'manager' })
      .where(
        and(eq(farm_memberships.farm_id, team.farm.id), eq(farm_memberships.user_id, team.users.worker.id)),
      );
    try {
      expect((await mine()).map((row) => row.table_name).sort()).toEqual(['expenses', 'supplies']);
      expect((await mine()).find((row) => row.table_name === 'supplies')!.changes).toMatchObject({
        unit_cost_kobo: { from: 1_800_000, to: 1_850_000 },
      });
      const now = await bell();
      expect([now.items.map((n) => n.kind), now.unread]).toEqual([['payment_due'], 1]);
    } finally {
      await t.db
        .update(farm_memberships)
        .set({ role: 'worker' })
        .where(
          and(eq(farm_memberships.farm_id, team.farm.id), eq(farm_memberships.user_id, team.users.worker.id)),
        );
    }
  });
});

describe('the assistant', () => {
  it('answers a worker’s money question without a figure, where the owner gets one', async () => {
    const ask = (who: TeamMember, question: string) =>
      t.request('POST', `${team.base}/assistant/ask`, { cookie: team.cookies[who], body: { question } });
    const questions = ['How much did we spend this month?', 'What is running low in the store?'];
    const owner = await Promise.all(questions.map((q) => ask('owner', q)));
    expect(owner.some((res) => res.text.includes('₦'))).toBe(true);
    for (const question of questions) {
      const res = await ask('worker', question);
      expect(res.status).toBe(200);
      expect(findings(question, res.body, { staffId: ids.workerStaffId! })).toEqual([]);
    }
  });
});

describe('notifications that carry money', () => {
  it('reach no worker of the farm, whoever the caller names; a buyer who is not a member still hears', async () => {
    const buyer = await seedUser(t, { first_name: 'Ngozi' });
    const params = {
      sale_id: ids.saleId!,
      farm_name: team.farm.name,
      buyer_name: 'Mama Ngozi',
      product: 'Maize grain',
      owed_kobo: 5_000_000,
      due_date: '2026-11-25',
      overdue: true,
    };
    const byRole = await notify(
      { db: t.db },
      { farmId: team.farm.id, roles: ['owner', 'worker', 'viewer'], kind: 'payment_due', params, link: null },
    );
    expect(byRole.userIds.sort()).toEqual([team.users.owner.id, team.users.viewer.id].sort());
    const byId = await notify(
      { db: t.db },
      {
        farmId: team.farm.id,
        userIds: [team.users.worker.id, team.users.manager.id, buyer.user.id],
        kind: 'payment_due',
        params,
        link: null,
      },
    );
    expect(byId.userIds.sort()).toEqual([team.users.manager.id, buyer.user.id].sort());
    // A kind without money reaches the worker as before.
    const tasks = await notify(
      { db: t.db },
      {
        farmId: team.farm.id,
        userIds: [team.users.worker.id],
        kind: 'task_overdue',
        params: { task_id: ids.taskId!, title: 'Weed the maize', due_date: '2026-12-02' },
        link: null,
      },
    );
    expect(tasks.userIds).toEqual([team.users.worker.id]);
  });
});

describe('exports a worker downloads', () => {
  it('have no money columns, and money exports refuse them', async () => {
    for (const path of ['supplies/export.csv', 'supply-movements/export.csv']) {
      const res = await t.request('GET', `${team.base}/${path}`, { cookie: team.cookies.worker });
      expect(res.status, path).toBe(200);
      expect(res.text.split('\r\n')[0], path).not.toMatch(/₦|cost/i);
      const owner = await t.request('GET', `${team.base}/${path}`, { cookie: team.cookies.owner });
      expect(owner.text.split('\r\n')[0], path).toMatch(/₦/);
    }
    for (const path of ['expenses/export.csv', 'sales/export.csv'])
      expect(
        (await t.request('GET', `${team.base}/${path}`, { cookie: team.cookies.worker })).status,
        path,
      ).toBe(403);
  });
});

describe('what a viewer reads holds no colleague’s phone or next of kin (viewers do read money)', () => {
  it('every GET route answers the viewer without a colleague’s details', async () => {
    const { findings: found, unreached } = await walkAs('viewer');
    const leaks: Record<string, string[]> = {};
    for (const f of found.filter(
      (f) => f.why !== 'money' && !f.why.startsWith('naira') && f.why !== 'money column',
    ))
      (leaks[f.route] ??= []).push(`${f.path} (${f.why})`);
    expect({ unreached, leaks }).toEqual({ unreached: [], leaks: {} });
  });
});

/**
 * The writes a worker may make, each with a valid body: their answers are searched like the reads.
 * Every other write under /farms/{farmId} must refuse the worker (403), so a write opened to workers
 * later without a row here fails.
 */
const WORKER_WRITES: Record<string, (() => unknown) | 'not walked'> = {
  'POST /farms/{farmId}/supplies/{supplyId}/movements': () => ({ id: newId(), kind: 'used', quantity: 1 }),
  'POST /farms/{farmId}/inventory-alerts/{alertId}/resolve': () => undefined,
  'POST /farms/{farmId}/livestock/{animalId}/health-records': () => ({
    id: newId(),
    date: '2026-11-10',
    kind: 'vaccination',
    product_name: 'Gumboro',
  }),
  'POST /farms/{farmId}/livestock/{animalId}/growth-logs': () => ({
    id: newId(),
    date: '2026-11-10',
    weight_kg: '1.8',
    count_weighed: 10,
  }),
  'POST /farms/{farmId}/livestock/{animalId}/events': () => ({
    id: newId(),
    date: '2026-11-10',
    kind: 'mortality',
    count: 1,
  }),
  'POST /farms/{farmId}/livestock/{animalId}/production': () => ({
    id: newId(),
    date: '2026-11-10',
    eggs_collected: 40,
  }),
  'POST /farms/{farmId}/crops/{cropId}/stages': () => ({
    id: newId(),
    stage_key: 'emergence',
    start_date: '2026-06-08',
  }),
  'POST /farms/{farmId}/crops/{cropId}/harvests': () => ({
    id: newId(),
    date: '2026-10-25',
    quantity: '1',
    unit: 'bag_100kg',
    destination: 'stored',
  }),
  'POST /farms/{farmId}/tasks/{taskId}/complete': () => ({}),
  'POST /farms/{farmId}/tasks/{taskId}/reopen': () => undefined,
  'POST /farms/{farmId}/tasks/{taskId}/skip': () => ({ note: 'Rain' }),
  'POST /farms/{farmId}/assistant/ask': () => ({ question: 'What did we sell the maize for?' }),
  'POST /farms/{farmId}/assistant/messages/{messageId}/feedback': () => ({ helpful: true }),
  // A photo's answer is the file (name, size, kind); the walk over reads covers what names it.
  'POST /farms/{farmId}/files': 'not walked',
  // Both answer nothing (204), or end the worker's membership.
  'DELETE /farms/{farmId}/assistant/conversations/{conversationId}': 'not walked',
  'POST /farms/{farmId}/leave': 'not walked',
};

describe('what a worker writes answers no money', () => {
  it('each write a worker may make answers without money; every other write refuses them', async () => {
    const doc = await t.request<{ paths: Record<string, Record<string, unknown>> }>(
      'GET',
      '/api/openapi.json',
    );
    const writes = Object.entries(doc.body.paths)
      .map(([path, ops]) => [path.replace(/^\/api/, ''), ops] as const)
      .filter(([path]) => path.startsWith('/farms/{farmId}'))
      .flatMap(([path, ops]) =>
        Object.keys(ops)
          .filter((method) => method !== 'get')
          .map((method) => `${method.toUpperCase()} ${path}`),
      );
    const leaks: Record<string, string[]> = {};
    const wrong: string[] = [];
    for (const route of writes) {
      const [method, path] = route.split(' ') as [string, string];
      const row = WORKER_WRITES[route];
      if (row === 'not walked') continue;
      // A write the worker may not make is refused before its record is looked for: any id does.
      const url = urlOf(path, 'worker', row ? undefined : newId());
      if (!url) {
        wrong.push(`${route}: no record seeded for it`);
        continue;
      }
      const res = await t.request(method, url, { body: row?.(), cookie: team.cookies.worker });
      if (!row) {
        if (res.status !== 403)
          wrong.push(`${route}: ${res.status} for a worker, and no row in WORKER_WRITES`);
        continue;
      }
      if (res.status >= 300) {
        wrong.push(`${route}: ${res.status} ${res.text.slice(0, 160)}`);
        continue;
      }
      const type = res.headers.get('content-type') ?? '';
      const body: unknown = type.includes('event-stream') ? res.text : res.body;
      for (const f of findings(route, body, { staffId: ids.workerStaffId! }))
        (leaks[route] ??= []).push(`${f.path} (${f.why})`);
    }
    expect({ wrong, leaks }).toEqual({ wrong: [], leaks: {} });
  });
});
