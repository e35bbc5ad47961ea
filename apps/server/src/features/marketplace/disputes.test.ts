import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Me } from '@gona/shared';
import type { StoredFile } from '@gona/shared/files';
import { DEFAULT_TIMEZONE } from '@gona/shared/farms';
import type { AdminDispute, DisputePage, Order } from '@gona/shared/marketplace';
import { audit_logs, disputes, notifications, orders, payouts, refunds, users } from '../../db/schema/index';
import type { FakePaystack } from '../../integrations/fake-paystack';
import { dateIn } from '../../lib/farm-time';
import { newId } from '../../lib/ids';
import { setPlatformAdmin } from '../../scripts/admin';
import { cameraPhoto, uploadForm, uploadPhoto } from '../../test/photos';
import { TEST_PASSWORD, type TestContext } from '../../test/context';
import { seedFarmTeam, seedUser, type FarmTeam, type SeededUser } from '../../test/farm-team';
import {
  expectLedgerBalanced,
  orderLedger,
  seedListing,
  type SeededListing,
  paystackTestApp,
  type PaystackTestApp,
} from './orders.test-setup';
import { markUnansweredDisputes } from './disputes.service';
import { completeOrders } from './order-sweeps.service';
import { completionMoney } from './orders.rows';

type Refusal = { error: { code: string; message: string; fields?: Record<string, string> } };

let fake: FakePaystack;
let t: TestContext;
let app: PaystackTestApp;
let team: FarmTeam;
let buyer: SeededUser;
let otherBuyer: SeededUser;
let admin: SeededUser;
let listing: SeededListing;
const farmIds: string[] = [];

beforeAll(async () => {
  app = await paystackTestApp();
  ({ t, fake } = app);
  team = await seedFarmTeam(t);
  farmIds.push(team.farm.id);
  buyer = await seedUser(t, { first_name: 'Bisi' });
  otherBuyer = await seedUser(t, { first_name: 'Tunde' });
  admin = await seedUser(t, { first_name: 'Ada' });
  expect(await setPlatformAdmin(t.db, 'grant', admin.email.toUpperCase())).toBe(true);
  listing = await seedListing(t, team.farm.id, { quantity_available: '500' });
});

afterAll(() => app.close());

const REPORT = { reason: 'quantity_short', message: 'Only 3 of the 5 bags came and one was torn.' };

function today(): string {
  return dateIn(DEFAULT_TIMEZONE, new Date(t.deps.now()));
}

async function orderRow(id: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

/** An order of 5 bags placed, paid on the fake checkout, accepted and dispatched for pickup today. */
async function dispatchedOrder(delivery: 'pickup' | 'seller_delivers' = 'seller_delivers'): Promise<Order> {
  const placed = await t.request<Order>('POST', '/api/marketplace/orders', {
    cookie: buyer.cookie,
    body: {
      id: newId(),
      listing_id: listing.id,
      quantity: 5,
      delivery,
      buyer_phone: '0805 555 1234',
      delivery_address: delivery === 'seller_delivers' ? '12 Aba Road, Port Harcourt' : undefined,
    },
  });
  expect(placed.status, placed.text).toBe(201);
  expect(
    (await t.request('POST', `/api/marketplace/orders/${placed.body.id}/pay`, { cookie: buyer.cookie }))
      .status,
  ).toBe(200);
  await fake.pay(placed.body.reference);
  const accepted = await t.request<Order>('POST', `${team.base}/orders/${placed.body.id}/accept`, {
    cookie: team.cookies.manager,
    body: { version: 2 },
  });
  expect(accepted.status, accepted.text).toBe(200);
  const dispatched = await t.request<Order>('POST', `${team.base}/orders/${placed.body.id}/dispatch`, {
    cookie: team.cookies.owner,
    body: { version: 3, expected_on: today(), driver_name: 'Musa Bello', driver_phone: '0803 111 2222' },
  });
  expect(dispatched.status, dispatched.text).toBe(200);
  const mine = await t.request<Order>('GET', `/api/marketplace/orders/${placed.body.id}`, {
    cookie: buyer.cookie,
  });
  return mine.body;
}

/** The same, delivered: the seller recorded `delivered` of the 5 bags with the buyer's code. */
async function deliveredOrder(delivered = 5): Promise<Order> {
  const order = await dispatchedOrder();
  const res = await t.request<Order>('POST', `${team.base}/orders/${order.id}/deliver`, {
    cookie: team.cookies.manager,
    body: { version: order.version, code: order.delivery_code, delivered_quantity: delivered },
  });
  expect([res.status, res.body.status], res.text).toEqual([200, 'delivered']);
  return res.body;
}

/** `cookie` null: no session. */
function report(orderId: string, body: unknown = REPORT, cookie: string | null = buyer.cookie) {
  return t.request<Order & Refusal>('POST', `/api/marketplace/orders/${orderId}/dispute`, {
    cookie: cookie ?? undefined,
    body,
  });
}

function answer(
  orderId: string,
  cookie: string | undefined,
  body: unknown = { message: 'All 5 bags left the farm, weighed.' },
) {
  return t.request<Order & Refusal>('POST', `${team.base}/orders/${orderId}/dispute/answer`, {
    cookie,
    body,
  });
}

function decide(disputeId: string, body: unknown, cookie: string | null = admin.cookie) {
  return t.request<AdminDispute & Refusal>('POST', `/api/admin/disputes/${disputeId}/decide`, {
    cookie: cookie ?? undefined,
    body,
  });
}

async function disputedOrder(delivered?: number): Promise<Order> {
  const order = delivered === undefined ? await dispatchedOrder() : await deliveredOrder(delivered);
  const res = await report(order.id);
  expect([res.status, res.body.status], res.text).toEqual([200, 'disputed']);
  return res.body;
}

describe('the buyer reports a problem', () => {
  it('holds a dispatched order: disputed, the code stops working, the sweep leaves it, both told', async () => {
    const order = await dispatchedOrder();
    const res = await report(order.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body.status).toBe('disputed');
    expect(res.body.delivery_code).toBeNull();
    expect(res.body.dispute).toMatchObject({
      reason: 'quantity_short',
      message: REPORT.message,
      status: 'open',
      answer: null,
      outcome: null,
    });
    const due =
      new Date(res.body.dispute!.answer_by_time).getTime() - new Date(res.body.dispute!.created_at).getTime();
    expect(due).toBe(48 * 3_600_000);
    // The seller's code no longer delivers it.
    const deliver = await t.request<Refusal>('POST', `${team.base}/orders/${order.id}/deliver`, {
      cookie: team.cookies.manager,
      body: { version: res.body.version, code: order.delivery_code, delivered_quantity: 5 },
    });
    expect(deliver.status).toBe(409);
    const told = await t.db
      .select({ user_id: notifications.user_id, kind: notifications.kind })
      .from(notifications)
      .where(eq(notifications.kind, 'dispute'));
    const toldIds = told.map((n) => n.user_id);
    expect(toldIds).toContain(buyer.user.id);
    expect(toldIds).toContain(team.users.owner.id);
    expect(toldIds).toContain(team.users.manager.id);
    await expectLedgerBalanced(t, farmIds);
  });

  it('holds a delivered order through the completion sweep', async () => {
    const order = await deliveredOrder();
    expect((await report(order.id)).status).toBe(200);
    await completeOrders(t.deps, new Date(Date.now() + 30 * 24 * 3_600_000));
    expect((await orderRow(order.id)).status).toBe('disputed');
    const ledger = await orderLedger(t, order.id);
    expect(ledger.held).toBe(-order.total_kobo);
    await expectLedgerBalanced(t, farmIds);
  });

  it('refuses an order not yet dispatched, one past its window, and a second report (409)', async () => {
    const accepted = await dispatchedOrder();
    await t.db.update(orders).set({ status: 'accepted' }).where(eq(orders.id, accepted.id));
    expect((await report(accepted.id)).status).toBe(409);
    const late = await deliveredOrder();
    await t.db
      .update(orders)
      .set({ complete_by: new Date(t.deps.now() - 1000) })
      .where(eq(orders.id, late.id));
    const refused = await report(late.id);
    expect([refused.status, refused.body.error.message]).toEqual([
      409,
      'The time to report a problem with this order has passed',
    ]);
    const twice = await disputedOrder();
    expect((await report(twice.id)).status).toBe(409);
  });

  it("answers 404 for another buyer's order and 401 without a session", async () => {
    const order = await dispatchedOrder();
    expect((await report(order.id, REPORT, otherBuyer.cookie)).status).toBe(404);
    expect((await report(order.id, REPORT, team.cookies.owner)).status).toBe(404);
    expect((await report(order.id, REPORT, null)).status).toBe(401);
    expect((await orderRow(order.id)).status).toBe('dispatched');
  });

  it('says beside each field what is wrong (400)', async () => {
    const order = await dispatchedOrder();
    const res = await report(order.id, { reason: 'late', message: 'bad', photo_ids: ['x'] });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields ?? {}).sort()).toEqual(
      ['message', 'photo_ids.0', 'reason'].sort(),
    );
    const many = await report(order.id, { ...REPORT, photo_ids: Array.from({ length: 5 }, () => newId()) });
    expect([many.status, many.body.error.fields?.photo_ids]).toEqual([400, 'Add at most 4 photos']);
    expect((await report(order.id, { ...REPORT, extra: 1 })).status).toBe(400);
    expect((await orderRow(order.id)).status).toBe('dispatched');
  });
});

describe('photos of a dispute', () => {
  /** The buyer's upload for the report on `orderId`. */
  async function buyerPhoto(orderId: string, cookie: string | undefined = buyer.cookie) {
    return t.request<StoredFile & Refusal>('POST', `/api/marketplace/orders/${orderId}/dispute/photos`, {
      cookie,
      form: uploadForm(await cameraPhoto(), { kind: 'dispute', id: newId() }),
    });
  }

  it("carry each side's evidence to the buyer, the farm and Gona's staff, each at its own address", async () => {
    const order = await dispatchedOrder();
    const mine = await buyerPhoto(order.id);
    expect(mine.status, mine.text).toBe(201);
    expect(mine.body.url).toBe(`/api/marketplace/orders/${order.id}/dispute/photos/${mine.body.id}`);
    // Before the report the buyer sees their own upload (the form's preview), nobody else's.
    expect((await t.request('GET', mine.body.url, { cookie: buyer.cookie })).status).toBe(200);
    expect((await t.request('GET', mine.body.url, { cookie: otherBuyer.cookie })).status).toBe(404);

    const opened = await report(order.id, { ...REPORT, photo_ids: [mine.body.id] });
    expect(opened.status, opened.text).toBe(200);
    expect(opened.body.dispute?.photos.map((p) => p.id)).toEqual([mine.body.id]);

    const theirs = await uploadPhoto(t, team.base, team.cookies.manager, { kind: 'dispute' });
    expect(theirs.status, theirs.text).toBe(201);
    const answered = await answer(order.id, team.cookies.manager, {
      message: 'All 5 bags left the farm, weighed.',
      photo_ids: [theirs.body.id],
    });
    expect(answered.status, answered.text).toBe(200);
    const seen = answered.body.dispute!;
    expect(seen.photos.map((p) => p.url)).toEqual([`${team.base}/files/${mine.body.id}`]);
    expect(seen.answer_photos.map((p) => p.url)).toEqual([`${team.base}/files/${theirs.body.id}`]);
    const farmRead = await t.request('GET', `${team.base}/files/${mine.body.id}?size=thumb`, {
      cookie: team.cookies.viewer,
    });
    expect([farmRead.status, farmRead.headers.get('content-type')]).toEqual([200, 'image/webp']);

    const buyerView = await t.request<Order>('GET', `/api/marketplace/orders/${order.id}`, {
      cookie: buyer.cookie,
    });
    const farmPhoto = buyerView.body.dispute!.answer_photos[0]!;
    expect(farmPhoto.url).toBe(`/api/marketplace/orders/${order.id}/dispute/photos/${theirs.body.id}`);
    expect((await t.request('GET', farmPhoto.thumb_url!, { cookie: buyer.cookie })).status).toBe(200);
    expect((await t.request('GET', farmPhoto.url, { cookie: otherBuyer.cookie })).status).toBe(404);
    expect((await t.request('GET', farmPhoto.url)).status).toBe(401);

    const adminView = await t.request<AdminDispute>('GET', `/api/admin/disputes/${seen.id}`, {
      cookie: admin.cookie,
    });
    const urls = [...adminView.body.dispute.photos, ...adminView.body.dispute.answer_photos].map(
      (p) => p.url,
    );
    expect(urls).toEqual([
      `/api/admin/disputes/${seen.id}/photos/${mine.body.id}`,
      `/api/admin/disputes/${seen.id}/photos/${theirs.body.id}`,
    ]);
    for (const url of urls) expect((await t.request('GET', url, { cookie: admin.cookie })).status).toBe(200);
    expect((await t.request('GET', urls[0]!, { cookie: team.cookies.owner })).status).toBe(403);
    expect((await t.request('GET', urls[0]!)).status).toBe(401);
  });

  it("refuses a photo that is not the sender's to give, and uploads for an order that cannot be reported", async () => {
    const order = await dispatchedOrder();
    // The farm's own dispute photo is not the buyer's evidence; another buyer's upload is not either.
    const farms = await uploadPhoto(t, team.base, team.cookies.manager, { kind: 'dispute' });
    const refused = await report(order.id, { ...REPORT, photo_ids: [farms.body.id] });
    expect([refused.status, refused.body.error.fields?.photo_ids]).toEqual([
      400,
      'A photo could not be found. Add it again.',
    ]);
    expect((await orderRow(order.id)).status).toBe('dispatched');
    // A farm photo of another kind cannot answer a dispute.
    const mine = await buyerPhoto(order.id);
    expect((await report(order.id, { ...REPORT, photo_ids: [mine.body.id] })).status).toBe(200);
    const supply = await uploadPhoto(t, team.base, team.cookies.manager, { kind: 'supply' });
    const wrongKind = await answer(order.id, team.cookies.manager, {
      message: 'All 5 bags left the farm, weighed.',
      photo_ids: [supply.body.id],
    });
    expect([wrongKind.status, wrongKind.body.error.fields?.photo_ids]).toEqual([
      400,
      'A photo could not be found. Add it again.',
    ]);

    expect((await buyerPhoto(order.id, otherBuyer.cookie)).status).toBe(404);
    expect((await buyerPhoto(order.id, '')).status).toBe(401);
    // Disputed already: a report is written once, with its photos.
    expect((await buyerPhoto(order.id)).status).toBe(409);
    const notAPhoto = await t.request<Refusal>('POST', `/api/marketplace/orders/${order.id}/dispute/photos`, {
      cookie: buyer.cookie,
      form: new FormData(),
    });
    expect([notAPhoto.status, notAPhoto.body.error.fields?.file]).toEqual([400, 'Choose a photo to add']);
  });
});

describe('the seller answers', () => {
  it('lets owners and managers answer once; viewers 403, other farms 404, no session 401, bad input 400', async () => {
    const order = await disputedOrder();
    expect((await answer(order.id, undefined)).status).toBe(401);
    expect((await answer(order.id, team.cookies.viewer)).status).toBe(403);
    expect((await answer(order.id, team.cookies.stranger)).status).toBe(404);
    const bad = await answer(order.id, team.cookies.manager, { message: 'no' });
    expect([bad.status, Object.keys(bad.body.error.fields ?? {})]).toEqual([400, ['message']]);
    const res = await answer(order.id, team.cookies.manager);
    expect(res.status, res.text).toBe(200);
    expect(res.body.dispute).toMatchObject({
      status: 'answered',
      answer: 'All 5 bags left the farm, weighed.',
      answer_by: `${team.users.manager.first_name} ${team.users.manager.last_name}`,
    });
    expect((await answer(order.id, team.cookies.owner)).status).toBe(409);
    // The buyer reads the answer on their order.
    const mine = await t.request<Order>('GET', `/api/marketplace/orders/${order.id}`, {
      cookie: buyer.cookie,
    });
    expect(mine.body.dispute?.answer).toBe('All 5 bags left the farm, weighed.');
  });

  it('refuses an answer after 48 hours, and on an order without a problem', async () => {
    const order = await disputedOrder();
    await t.db
      .update(disputes)
      .set({ answer_due_at: new Date(t.deps.now() - 1) })
      .where(eq(disputes.order_id, order.id));
    expect((await answer(order.id, team.cookies.owner)).status).toBe(409);
    const plain = await dispatchedOrder();
    expect((await answer(plain.id, team.cookies.owner)).status).toBe(409);
  });

  it('left unanswered past 48 hours: the sweep marks it once and tells the buyer, the farm and Gona', async () => {
    const order = await disputedOrder();
    const [row] = await t.db.select().from(disputes).where(eq(disputes.order_id, order.id));
    const before = new Date(row!.answer_due_at.getTime() - 1);
    await markUnansweredDisputes(t.deps, before);
    expect((await t.db.select().from(disputes).where(eq(disputes.id, row!.id)))[0]!.overdue_at).toBeNull();

    const after = new Date(row!.answer_due_at.getTime() + 60_000);
    expect(await markUnansweredDisputes(t.deps, after)).toBeGreaterThanOrEqual(1);
    expect(await markUnansweredDisputes(t.deps, new Date(after.getTime() + 60_000))).toBe(0);
    const [marked] = await t.db.select().from(disputes).where(eq(disputes.id, row!.id));
    expect([marked!.status, marked!.overdue_at?.getTime()]).toEqual(['open', after.getTime()]);
    const told = await t.db
      .select({ user_id: notifications.user_id, params: notifications.params, link: notifications.link })
      .from(notifications)
      .where(and(eq(notifications.kind, 'dispute'), sql`${notifications.params}->>'order_id' = ${order.id}`));
    const unanswered = told.filter((n) => (n.params as { status: string }).status === 'unanswered');
    const to = (userId: string) =>
      unanswered.filter((n) => n.user_id === userId).map((n) => (n.params as { to: string }).to);
    expect(to(buyer.user.id)).toEqual(['buyer']);
    expect(to(team.users.owner.id)).toEqual(['seller']);
    expect(to(admin.user.id)).toEqual(['gona']);
    expect(unanswered.find((n) => n.user_id === admin.user.id)?.link).toBe(`/admin/disputes/${row!.id}`);
  });
});

describe("Gona's staff", () => {
  it('refuse anyone who is not an admin (403) and no session (401)', async () => {
    const order = await disputedOrder();
    const id = order.dispute!.id;
    for (const cookie of [buyer.cookie, team.cookies.owner]) {
      expect((await t.request('GET', '/api/admin/disputes', { cookie })).status).toBe(403);
      expect((await t.request('GET', `/api/admin/disputes/${id}`, { cookie })).status).toBe(403);
      expect(
        (await decide(id, { outcome: 'release', reason: 'The seller delivered it all.' }, cookie)).status,
      ).toBe(403);
    }
    expect((await t.request('GET', '/api/admin/disputes')).status).toBe(401);
    expect((await t.request('GET', `/api/admin/disputes/${id}`)).status).toBe(401);
    expect(
      (await decide(id, { outcome: 'release', reason: 'The seller delivered it all.' }, null)).status,
    ).toBe(401);
    expect((await orderRow(order.id)).status).toBe('disputed');
  });

  it('list the queue open and answered first, oldest first, in pages, and show one with the order', async () => {
    const first = await disputedOrder();
    const second = await disputedOrder();
    const page = await t.request<DisputePage>('GET', '/api/admin/disputes?limit=100', {
      cookie: admin.cookie,
    });
    expect(page.status, page.text).toBe(200);
    const ids = page.body.items.map((d) => d.order_id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    const resolvedAt = page.body.items.findIndex((d) => d.status === 'resolved');
    if (resolvedAt >= 0)
      expect(page.body.items.slice(resolvedAt).every((d) => d.status === 'resolved')).toBe(true);
    const one = await t.request<DisputePage>('GET', '/api/admin/disputes?limit=1', { cookie: admin.cookie });
    expect(one.body.items).toHaveLength(1);
    const next = await t.request<DisputePage>(
      `GET`,
      `/api/admin/disputes?limit=1&cursor=${one.body.next_cursor}`,
      {
        cookie: admin.cookie,
      },
    );
    expect(next.body.items[0]!.id).not.toBe(one.body.items[0]!.id);
    // Walking the whole queue two at a time reads every dispute once, in the order of the full list.
    const walked: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const res: { status: number; body: DisputePage } = await t.request<DisputePage>(
        'GET',
        `/api/admin/disputes?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        { cookie: admin.cookie },
      );
      expect(res.status).toBe(200);
      walked.push(...res.body.items.map((d) => d.id));
      cursor = res.body.next_cursor;
    }
    expect(walked).toEqual(page.body.items.map((d) => d.id));
    const detail = await t.request<AdminDispute>('GET', `/api/admin/disputes/${first.dispute!.id}`, {
      cookie: admin.cookie,
    });
    expect(detail.status).toBe(200);
    expect(detail.body.order.id).toBe(first.id);
    expect(detail.body.order.delivery_code).toBeNull();
    expect(detail.body.dispute.message).toBe(REPORT.message);
    expect((await t.request('GET', `/api/admin/disputes/${newId()}`, { cookie: admin.cookie })).status).toBe(
      404,
    );
  });

  it('release: the order completes as the sweep completes it, with its payout', async () => {
    const order = await disputedOrder(5);
    const row = await orderRow(order.id);
    const res = await decide(order.dispute!.id, {
      outcome: 'release',
      reason: 'The seller showed the weighing slip.',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.order.status).toBe('completed');
    expect(res.body.dispute).toMatchObject({ status: 'resolved', outcome: 'release', refund_kobo: null });
    const money = completionMoney(row);
    expect(res.body.order.seller_amount_kobo).toBe(money.sellerKobo);
    const [payout] = await t.db.select().from(payouts).where(eq(payouts.order_id, order.id));
    expect(payout?.amount_kobo).toBe(money.sellerKobo);
    expect(await orderLedger(t, order.id)).toMatchObject({
      held: 0,
      commission: -money.commissionKobo,
      seller_payable: -money.sellerKobo,
    });
    const [audit] = await t.db.select().from(audit_logs).where(eq(audit_logs.record_id, order.dispute!.id));
    expect(audit).toMatchObject({ user_id: admin.user.id, table_name: 'disputes', action: 'update' });
    // Decided once.
    expect(
      (await decide(order.dispute!.id, { outcome: 'full_refund', reason: 'Changed my mind here.' })).status,
    ).toBe(409);
    await expectLedgerBalanced(t, farmIds);
  });

  it('partial refund: a dispute refund asked of Paystack, the order completes for the rest', async () => {
    const order = await disputedOrder(5);
    const row = await orderRow(order.id);
    const refund = 2_000_000;
    const tooMuch = await decide(order.dispute!.id, {
      outcome: 'partial_refund',
      refund_kobo: row.total_kobo,
      reason: 'Two bags were wet and spoilt.',
    });
    expect([tooMuch.status, Object.keys(tooMuch.body.error.fields ?? {})]).toEqual([400, ['refund_kobo']]);
    const missing = await decide(order.dispute!.id, {
      outcome: 'partial_refund',
      reason: 'Two bags were wet.',
    });
    expect([missing.status, Object.keys(missing.body.error.fields ?? {})]).toEqual([400, ['refund_kobo']]);
    const short = await decide(order.dispute!.id, { outcome: 'release', reason: 'short' });
    expect([short.status, Object.keys(short.body.error.fields ?? {})]).toEqual([400, ['reason']]);
    const res = await decide(order.dispute!.id, {
      outcome: 'partial_refund',
      refund_kobo: refund,
      reason: 'Two bags were wet and spoilt.',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.order.status).toBe('completed');
    expect(res.body.dispute).toMatchObject({ outcome: 'partial_refund', refund_kobo: refund });
    const [r] = await t.db
      .select()
      .from(refunds)
      .where(and(eq(refunds.order_id, order.id), eq(refunds.kind, 'dispute')));
    expect(r?.amount_kobo).toBe(refund);
    expect(fake.refunds.filter((f) => f.reference === row.reference).map((f) => f.amount)).toEqual([refund]);
    const left = row.total_kobo - refund;
    const money = completionMoney(row);
    const commission = Math.round((money.commissionKobo * left) / row.total_kobo);
    expect(res.body.order.seller_amount_kobo).toBe(left - commission);
    const [payout] = await t.db.select().from(payouts).where(eq(payouts.order_id, order.id));
    expect(payout?.amount_kobo).toBe(left - commission);
    expect(await orderLedger(t, order.id)).toMatchObject({ held: 0, commission: -commission });
    await expectLedgerBalanced(t, farmIds);
  });

  it('full refund: what is still held goes back and the order is cancelled with the reason', async () => {
    // 4 of 5 delivered: the short bag was refunded on delivery; the rest is refunded now.
    const order = await disputedOrder(4);
    const row = await orderRow(order.id);
    const res = await decide(order.dispute!.id, {
      outcome: 'full_refund',
      reason: 'The maize was not what the listing showed.',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.order.status).toBe('cancelled');
    expect(res.body.order.cancel_reason).toContain('The maize was not what the listing showed.');
    const all = await t.db.select().from(refunds).where(eq(refunds.order_id, order.id));
    expect(all.map((r) => r.kind).sort()).toEqual(['full', 'short_delivery']);
    expect(all.reduce((sum, r) => sum + r.amount_kobo, 0)).toBe(row.total_kobo);
    expect(res.body.dispute.refund_kobo).toBe(all.find((r) => r.kind === 'full')!.amount_kobo);
    expect(await t.db.select().from(payouts).where(eq(payouts.order_id, order.id))).toEqual([]);
    const ledger = await orderLedger(t, order.id);
    expect(ledger.held ?? 0).toBe(0);
    const told = await t.db
      .select({ params: notifications.params })
      .from(notifications)
      .where(and(eq(notifications.kind, 'dispute'), eq(notifications.user_id, buyer.user.id)));
    expect(
      told.some(
        (n) =>
          (n.params as { status: string; order_id: string }).order_id === order.id &&
          (n.params as { status: string }).status === 'decided',
      ),
    ).toBe(true);
    await expectLedgerBalanced(t, farmIds);
  });
});

describe('the admin role', () => {
  it('shows in /api/me and cannot be given through sign-up or update-user', async () => {
    const me = await t.request<Me>('GET', '/api/me', { cookie: admin.cookie });
    expect(me.body.platform_role).toBe('admin');
    expect((await t.request<Me>('GET', '/api/me', { cookie: buyer.cookie })).body.platform_role).toBeNull();
    const email = t.uniqueEmail('sneaky');
    const signUp = await t.request('POST', '/api/auth/sign-up/email', {
      body: {
        email,
        password: TEST_PASSWORD,
        first_name: 'Sly',
        last_name: 'Fox',
        phone: '0803 123 4567',
        platform_role: 'admin',
      },
    });
    expect(signUp.status, signUp.text).toBe(200);
    const [row] = await t.db
      .select({ platform_role: users.platform_role })
      .from(users)
      .where(eq(users.email, email));
    expect(row).toEqual({ platform_role: null });
    await t.request('POST', '/api/auth/update-user', {
      cookie: buyer.cookie,
      body: { platform_role: 'admin' },
    });
    expect((await t.request<Me>('GET', '/api/me', { cookie: buyer.cookie })).body.platform_role).toBeNull();
  });

  it('is taken away by the script', async () => {
    const someone = await seedUser(t, { first_name: 'Kemi' });
    expect(await setPlatformAdmin(t.db, 'grant', someone.email)).toBe(true);
    expect((await t.request('GET', '/api/admin/disputes', { cookie: someone.cookie })).status).toBe(200);
    expect(await setPlatformAdmin(t.db, 'revoke', someone.email)).toBe(true);
    expect((await t.request('GET', '/api/admin/disputes', { cookie: someone.cookie })).status).toBe(403);
    expect(await setPlatformAdmin(t.db, 'grant', 'nobody@example.com')).toBe(false);
  });
});
