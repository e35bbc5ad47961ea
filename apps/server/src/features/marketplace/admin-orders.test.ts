import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder, AdminOrderPage, Order } from '@gona/shared/marketplace';
import { farms, orders } from '../../db/schema/index';
import type { FakePaystack } from '../../integrations/fake-paystack';
import { newId } from '../../lib/ids';
import type { TestContext, TestResponse } from '../../test/context';
import { seedFarmTeam, seedUser, type FarmTeam, type SeededUser } from '../../test/farm-team';
import {
  completedOrder,
  placePaidOrder,
  seedAdmin,
  seedListing,
  seedPlacedOrder,
  paystackTestApp,
  type PaystackTestApp,
  type Refusal,
  type SeededListing,
} from './orders.test-setup';

let fake: FakePaystack;
let t: TestContext;
let app: PaystackTestApp;
let team: FarmTeam;
let buyer: SeededUser;
let otherBuyer: SeededUser;
let admin: SeededUser;
let listing: SeededListing;
/** Words no other test file's orders have. */
const tag = randomUUID().slice(0, 8);

beforeAll(async () => {
  app = await paystackTestApp();
  ({ t, fake } = app);
  team = await seedFarmTeam(t);
  await t.db
    .update(farms)
    .set({ name: `Okoro Palms ${tag}` })
    .where(eq(farms.id, team.farm.id));
  buyer = await seedUser(t, { first_name: 'Bisi' });
  otherBuyer = await seedUser(t, { first_name: 'Tunde' });
  admin = await seedAdmin(t);
  listing = await seedListing(t, team.farm.id, { title: `Yellow garri ${tag}`, quantity_available: '100' });
});

afterAll(() => app.close());

/** `cookie` null: no session. */
function search(q: string, cookie: string | null = admin.cookie) {
  return t.request<AdminOrderPage & Refusal>(
    'GET',
    `/api/admin/orders?limit=100&q=${encodeURIComponent(q)}`,
    { cookie: cookie ?? undefined },
  );
}

function detail(orderId: string, cookie: string | null = admin.cookie) {
  return t.request<AdminOrder & Refusal>('GET', `/api/admin/orders/${orderId}`, {
    cookie: cookie ?? undefined,
  });
}

async function reference(orderId: string): Promise<string> {
  const [row] = await t.db.select({ reference: orders.reference }).from(orders).where(eq(orders.id, orderId));
  return row!.reference;
}

describe('the back office’s orders search', () => {
  it('refuses no session (401), anyone who is not an admin (403), a search over 200 characters (400)', async () => {
    const id = newId();
    expect((await search('', null)).status).toBe(401);
    expect((await detail(id, null)).status).toBe(401);
    for (const cookie of [buyer.cookie, team.cookies.owner]) {
      expect((await search('', cookie)).status).toBe(403);
      expect((await detail(id, cookie)).status).toBe(403);
    }
    const long = await search('x'.repeat(201));
    expect([long.status, long.body.error.code, long.body.error.fields]).toEqual([
      400,
      'VALIDATION',
      { q: 'Search with at most 200 characters' },
    ]);
    const badCursor = await t.request<Refusal>('GET', '/api/admin/orders?cursor=nonsense', {
      cookie: admin.cookie,
    });
    expect([badCursor.status, badCursor.body.error.fields]).toEqual([
      400,
      { cursor: 'This page link is no longer valid' },
    ]);
    const badId = await detail('not-an-id');
    expect([badId.status, Object.keys(badId.body.error.fields ?? {})]).toEqual([400, ['orderId']]);
    const unknown = await detail(id);
    expect([unknown.status, unknown.body.error.message]).toEqual([404, 'Order not found']);
  });

  it('finds an order by its reference, whole or its start, in any case', async () => {
    const mine = await seedPlacedOrder(t, listing, buyer.user.id);
    const other = await seedPlacedOrder(t, listing, buyer.user.id);
    const ref = await reference(mine);
    const whole = await search(ref.toUpperCase());
    expect(whole.status, whole.text).toBe(200);
    expect(whole.body.items.map((o) => o.id)).toEqual([mine]);
    expect(whole.body.items[0]).toMatchObject({
      reference: ref,
      status: 'placed',
      listing_title: `Yellow garri ${tag}`,
      farm_name: 'Green Acres',
      buyer_name: 'Bisi Okafor',
      total_kobo: 2 * listing.price_kobo,
      dispute_status: null,
      refund_status: null,
      payout_status: null,
    });
    const start = await search(`  ${ref.slice(0, -4)}  `);
    expect(start.body.items.map((o) => o.id)).toEqual([mine]);
    expect(start.body.items.some((o) => o.id === other)).toBe(false);
    // Its id finds it too; a % typed is not a wildcard.
    expect((await search(mine)).body.items.map((o) => o.id)).toEqual([mine]);
    expect((await search('gona-%')).body.items).toEqual([]);
  });

  it("finds a buyer's orders by their email (any case) or phone (however it is written), newest first", async () => {
    const first = await seedPlacedOrder(t, listing, otherBuyer.user.id);
    const second = await seedPlacedOrder(t, listing, otherBuyer.user.id);
    await seedPlacedOrder(t, listing, buyer.user.id);
    const byEmail = await search(otherBuyer.email.toUpperCase());
    expect(byEmail.status, byEmail.text).toBe(200);
    expect(byEmail.body.items.map((o) => o.id)).toEqual([second, first]);
    expect(byEmail.body.items.every((o) => o.buyer_name === 'Tunde Okafor')).toBe(true);
    // Part of an email is not a match: emails are whole.
    expect((await search(otherBuyer.email.slice(0, -3))).body.items).toEqual([]);

    const phone = `+23481${String(Date.now()).slice(-8)}`;
    await t.db.update(orders).set({ buyer_phone: phone }).where(eq(orders.id, first));
    const national = `0${phone.slice(4, 7)} ${phone.slice(7, 10)} ${phone.slice(10)}`;
    expect((await search(national)).body.items.map((o) => o.id)).toEqual([first]);
    expect((await search(phone)).body.items.map((o) => o.id)).toEqual([first]);
  });

  it("finds orders by part of the farm's name or the listing's title, in any case", async () => {
    const placed = await seedPlacedOrder(t, listing, buyer.user.id);
    await t.db
      .update(orders)
      .set({ seller_name: `Okoro Palms ${tag}` })
      .where(eq(orders.id, placed));
    const byOrderName = await search(`palms ${tag.toUpperCase()}`);
    expect(byOrderName.body.items.map((o) => o.id)).toContain(placed);
    // The farm's name now finds its orders placed under an older name ("Green Acres").
    const byFarm = await search(`okoro palms ${tag}`);
    expect(byFarm.body.items.length).toBeGreaterThan(1);
    expect(byFarm.body.items.every((o) => o.listing_title === `Yellow garri ${tag}`)).toBe(true);
    const byTitle = await search(`GARRI ${tag}`);
    expect(byTitle.body.items.map((o) => o.id)).toContain(placed);
    expect(byTitle.body.items.map((o) => o.id)).toEqual(byFarm.body.items.map((o) => o.id));
    const times = byTitle.body.items.map((o) => o.created_at);
    expect(times).toEqual([...times].sort().reverse());
    expect((await search(`nothing like this ${tag}`)).body.items).toEqual([]);
  });

  it('lists every order, newest first, in pages, when the search is empty', async () => {
    // The worker's database also holds other test files' orders: page until both of these are seen.
    const older = await seedPlacedOrder(t, listing, buyer.user.id);
    const newer = await seedPlacedOrder(t, listing, buyer.user.id);
    const seen: AdminOrderPage['items'] = [];
    let cursor: string | null = '';
    for (let page = 0; cursor !== null && page < 500; page++) {
      const res: TestResponse<AdminOrderPage> = await t.request<AdminOrderPage>(
        'GET',
        `/api/admin/orders?limit=2&q=${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        { cookie: admin.cookie },
      );
      expect(res.status).toBe(200);
      expect(res.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.items);
      if (seen.some((o) => o.id === older)) break;
      cursor = res.body.next_cursor;
    }
    const ids = seen.map((o) => o.id);
    expect(ids.indexOf(newer)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    expect(new Set(ids).size).toBe(ids.length);
    const times = seen.map((o) => Date.parse(o.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});

describe('one order for the back office', () => {
  it('shows the order with its payout and every ledger line, each movement adding up to zero', async () => {
    const order = await completedOrder(app, { on: team, buyer, listing });
    const res = await detail(order.id);
    expect(res.status, res.text).toBe(200);
    const body = res.body;
    expect(body.order).toMatchObject({
      id: order.id,
      status: 'completed',
      reference: order.reference,
      buyer_phone: '+2348055551234',
      delivery_code: null,
      seller_amount_kobo: order.seller_amount_kobo,
    });
    expect(body.buyer_email).toBe(buyer.email);
    expect([body.flag, body.dispute_id, body.refunds]).toEqual([null, null, []]);
    expect(body.payout).toMatchObject({
      order_id: order.id,
      status: 'pending',
      amount_kobo: order.seller_amount_kobo,
      tries: 0,
      failure: null,
    });
    expect(body.ledger.map((l) => [l.kind, l.account, l.amount_kobo])).toEqual(
      expect.arrayContaining([
        ['payment', 'gateway', order.total_kobo],
        ['payment', 'held', -order.total_kobo],
        ['completion', 'held', order.total_kobo],
        ['completion', 'seller_payable', -order.seller_amount_kobo!],
      ]),
    );
    const byTxn = new Map<string, number>();
    for (const line of body.ledger) byTxn.set(line.txn_id, (byTxn.get(line.txn_id) ?? 0) + line.amount_kobo);
    expect(byTxn.size).toBe(2);
    expect([...byTxn.values()]).toEqual([0, 0]);
    expect(body.ledger[0]!.kind).toBe('payment');

    // The search line says where its payout stands.
    const found = await search(order.reference);
    expect(found.body.items).toMatchObject([{ id: order.id, status: 'completed', payout_status: 'pending' }]);
  });

  it('shows a refunded order’s refund and its ledger lines', async () => {
    const placed = await placePaidOrder(app, buyer, listing);
    const id = placed.id;
    const declined = await t.request<Order>('POST', `${team.base}/orders/${id}/decline`, {
      cookie: team.cookies.manager,
      body: { version: 2 },
    });
    expect(declined.status, declined.text).toBe(200);
    await fake.settled();
    const res = await detail(id);
    expect(res.status, res.text).toBe(200);
    expect(res.body.order.status).toBe('declined');
    expect(res.body.refunds).toMatchObject([{ kind: 'full', amount_kobo: placed.total_kobo }]);
    expect(res.body.payout).toBeNull();
    expect(res.body.ledger.filter((l) => l.kind === 'refund').map((l) => [l.account, l.amount_kobo])).toEqual(
      expect.arrayContaining([
        ['held', placed.total_kobo],
        ['refunds_payable', -placed.total_kobo],
      ]),
    );
    const found = await search(placed.reference);
    expect(found.body.items[0]!.refund_status).toBe(res.body.refunds[0]!.status);
  });
});
