import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order, PublicListing, Rating, SellerPage } from '@gona/shared/marketplace';
import { disputes, notifications, orders, ratings } from '../../db/schema/index';
import { createTestContext, type TestContext } from '../../test/context';
import { seedFarmTeam, seedUser, type FarmTeam, type SeededUser } from '../../test/farm-team';
import { seedListing, seedPlacedOrder, type SeededListing } from './orders.test-setup';
import { buyerBriefs, sellerBriefs, sellerRatingSummary } from './ratings.service';

type Refusal = { error: { code: string; message: string; fields?: Record<string, string> } };

const DAY_MS = 24 * 3_600_000;

let t: TestContext;
let team: FarmTeam;
let buyer: SeededUser;
let listing: SeededListing;

beforeAll(async () => {
  t = await createTestContext();
  team = await seedFarmTeam(t);
  buyer = await seedUser(t, { first_name: 'Bisi' });
  listing = await seedListing(t, team.farm.id, { quantity_available: '200' });
});

/** An order of `buyerId`'s on `listing`, moved straight to `status`. */
async function orderIn(status: Order['status'], on = listing, buyerId = buyer.user.id): Promise<string> {
  const id = await seedPlacedOrder(t, on, buyerId);
  await t.db.update(orders).set({ status }).where(eq(orders.id, id));
  return id;
}

function rateSeller(orderId: string, body: unknown, cookie: string | null = buyer.cookie) {
  return t.request<Rating & Refusal>('POST', `/api/marketplace/orders/${orderId}/rating`, {
    ...(cookie ? { cookie } : {}),
    body,
  });
}

function rateBuyer(orderId: string, body: unknown, cookie: string = team.cookies.manager) {
  return t.request<Rating & Refusal>('POST', `${team.base}/orders/${orderId}/rating`, { cookie, body });
}

describe('the buyer rates the seller', () => {
  it('rates a completed order once, tells the farm and shows it on the order', async () => {
    const id = await orderIn('completed');
    const res = await rateSeller(id, {
      stars: 4,
      tags: ['on_time', 'as_described'],
      comment: '  Good maize ',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      order_id: id,
      side: 'buyer',
      stars: 4,
      tags: ['on_time', 'as_described'],
      comment: 'Good maize',
    });

    const again = await rateSeller(id, { stars: 1 });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('You have rated this order');
    const rows = await t.db.select().from(ratings).where(eq(ratings.order_id, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.stars).toBe(4);

    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'rating'), eq(notifications.user_id, team.users.owner.id)));
    expect(told.map((n) => n.title)).toContain('The buyer rated your sale 4 of 5');

    const mine = await t.request<Order>('GET', `/api/marketplace/orders/${id}`, { cookie: buyer.cookie });
    expect(mine.body.my_rating).toMatchObject({ stars: 4, tags: ['on_time', 'as_described'] });
    expect(mine.body.buyer_rating).toBeNull();
    // The seller has not rated the buyer yet.
    const theirs = await t.request<Order>('GET', `${team.base}/orders/${id}`, { cookie: team.cookies.owner });
    expect(theirs.body.my_rating).toBeNull();
  });

  it('refuses an order that is not completed (409)', async () => {
    for (const status of ['paid', 'delivered', 'cancelled'] as const) {
      const id = await orderIn(status);
      const res = await rateSeller(id, { stars: 5 });
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe('You can rate an order once it is completed');
    }
  });

  it('rates an order a resolved dispute refunded in full, not one whose dispute is open', async () => {
    const disputed = await orderIn('disputed');
    await t.db.insert(disputes).values({
      order_id: disputed,
      reason: 'not_delivered',
      message: 'It never reached me',
      answer_due_at: new Date(Date.now() + DAY_MS),
    });
    expect((await rateSeller(disputed, { stars: 1 })).status).toBe(409);
    // Gona refunds it in full: cancelled, the dispute resolved.
    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, disputed));
    await t.db
      .update(disputes)
      .set({ status: 'resolved', outcome: 'full_refund', decided_at: new Date() })
      .where(eq(disputes.order_id, disputed));
    expect((await rateSeller(disputed, { stars: 1, tags: [] })).status).toBe(201);
    // A cancellation without a dispute is not rated.
    expect((await rateSeller(await orderIn('cancelled'), { stars: 1 })).status).toBe(409);
  });

  it("refuses another buyer's order (404) and no session (401)", async () => {
    const id = await orderIn('completed');
    const other = await seedUser(t, { first_name: 'Tunde' });
    expect((await rateSeller(id, { stars: 5 }, other.cookie)).status).toBe(404);
    expect((await rateSeller(id, { stars: 5 }, null)).status).toBe(401);
    expect(await t.db.select().from(ratings).where(eq(ratings.order_id, id))).toEqual([]);
  });

  it('says what is wrong beside the field (400)', async () => {
    const id = await orderIn('completed');
    const cases: [unknown, string][] = [
      [{ stars: 0 }, 'stars'],
      [{ stars: 6 }, 'stars'],
      [{ stars: 3.5 }, 'stars'],
      [{}, 'stars'],
      [{ stars: 5, tags: ['easy_to_reach'] }, 'tags'],
      [{ stars: 5, tags: ['on_time', 'on_time'] }, 'tags'],
      [{ stars: 5, comment: 'x'.repeat(301) }, 'comment'],
    ];
    for (const [body, field] of cases) {
      const res = await rateSeller(id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.error.fields ?? {}).some((k) => k.startsWith(field))).toBe(true);
    }
    expect(await t.db.select().from(ratings).where(eq(ratings.order_id, id))).toEqual([]);
  });
});

describe('the farm rates the buyer', () => {
  it('owners and managers rate once; workers, viewers and other farms may not', async () => {
    const id = await orderIn('completed');
    expect((await rateBuyer(id, { stars: 5 }, team.cookies.worker)).status).toBe(403);
    expect((await rateBuyer(id, { stars: 5 }, team.cookies.viewer)).status).toBe(403);
    expect((await rateBuyer(id, { stars: 5 }, team.cookies.stranger)).status).toBe(404);
    expect((await rateBuyer(id, { stars: 5, tags: ['on_time'] })).status).toBe(400);

    const res = await rateBuyer(id, { stars: 5, tags: ['easy_to_reach', 'friendly'] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ side: 'seller', stars: 5, comment: null });
    expect((await rateBuyer(id, { stars: 2 }, team.cookies.owner)).status).toBe(409);

    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'rating'), eq(notifications.user_id, buyer.user.id)));
    expect(told.length).toBeGreaterThan(0);

    const theirs = await t.request<Order>('GET', `${team.base}/orders/${id}`, { cookie: team.cookies.owner });
    expect(theirs.body.my_rating).toMatchObject({ stars: 5, tags: ['easy_to_reach', 'friendly'] });
    expect(theirs.body.buyer_rating).toEqual({ count: 1, average: 5 });
  });

  it("refuses an order of another farm's (404) and one not completed (409)", async () => {
    const otherTeam = await seedFarmTeam(t);
    const otherListing = await seedListing(t, otherTeam.farm.id);
    const theirs = await orderIn('completed', otherListing);
    expect((await rateBuyer(theirs, { stars: 5 })).status).toBe(404);
    const open = await orderIn('dispatched');
    expect((await rateBuyer(open, { stars: 5 })).status).toBe(409);
  });
});

describe('summaries', () => {
  it('weighs recent ratings more: 1 within 90 days, 0.5 within a year, 0.25 older', async () => {
    const farm = await seedFarmTeam(t);
    const on = await seedListing(t, farm.farm.id, { quantity_available: '200' });
    const now = Date.UTC(2026, 10, 26, 9, 0, 0);
    const given: [number, number][] = [
      [5, 10], // weight 1
      [3, 100], // weight 0.5
      [1, 400], // weight 0.25
    ];
    for (const [stars, daysAgo] of given) {
      const id = await orderIn('completed', on);
      await t.db
        .insert(ratings)
        .values({ order_id: id, side: 'buyer', stars, created_at: new Date(now - daysAgo * DAY_MS) });
    }
    // (5×1 + 3×0.5 + 1×0.25) / 1.75 = 3.857… → 3.9; a plain average would be 3.
    expect((await sellerBriefs(t.db, [farm.farm.id], now)).get(farm.farm.id)).toEqual({
      count: 3,
      average: 3.9,
    });
    // A year on, the first two weigh less: (5×0.5 + 3×0.25 + 1×0.25) / 1 = 3.5.
    expect((await sellerBriefs(t.db, [farm.farm.id], now + 300 * DAY_MS)).get(farm.farm.id)).toEqual({
      count: 3,
      average: 3.5,
    });
    // 80 days on, the ratings are 90, 180 and 480 days old: exactly 90 days already weighs 0.5.
    const moved = now + 80 * DAY_MS;
    const brief = (await sellerBriefs(t.db, [farm.farm.id], moved)).get(farm.farm.id)!;
    expect(brief.average).toBe(Math.round(((5 * 0.5 + 3 * 0.5 + 1 * 0.25) / 1.25) * 10) / 10);
    // No ratings: count 0, no average.
    const empty = await seedFarmTeam(t);
    expect((await sellerBriefs(t.db, [empty.farm.id], now)).get(empty.farm.id)).toEqual({
      count: 0,
      average: null,
    });
    // Ratings of buyers are apart from ratings of sellers.
    expect((await buyerBriefs(t.db, [buyer.user.id], now)).get(buyer.user.id)?.count).not.toBe(3);
  });

  it('shows count, average and the 5 most recent on the seller page, count and average on listings', async () => {
    const farm = await seedFarmTeam(t);
    const on = await seedListing(t, farm.farm.id, { quantity_available: '200' });
    const now = Date.now();
    for (let i = 0; i < 7; i++) {
      const id = await orderIn('completed', on);
      await t.db.insert(ratings).values({
        order_id: id,
        side: 'buyer',
        stars: i < 6 ? 5 : 2,
        tags: i === 6 ? ['on_time'] : [],
        comment: i === 6 ? 'Late but good' : null,
        created_at: new Date(now - (7 - i) * 60_000),
      });
    }
    // The farm's rating of a buyer does not count for the seller.
    const rated = await orderIn('completed', on);
    await t.db.insert(ratings).values({ order_id: rated, side: 'seller', stars: 1 });

    const page = await t.request<SellerPage>('GET', `/api/marketplace/sellers/${farm.farm.id}`, {
      cookie: buyer.cookie,
    });
    expect(page.status).toBe(200);
    const average = Math.round(((6 * 5 + 2) / 7) * 10) / 10;
    expect(page.body.rating).toEqual({ count: 7, average });
    expect(page.body.ratings.count).toBe(7);
    expect(page.body.ratings.average).toBe(average);
    expect(page.body.ratings.recent).toHaveLength(5);
    expect(page.body.ratings.recent[0]).toMatchObject({
      stars: 2,
      tags: ['on_time'],
      comment: 'Late but good',
      buyer_first_name: 'Bisi',
    });
    expect(JSON.stringify(page.body.ratings)).not.toContain(buyer.email);
    expect(page.body.listings[0]!.seller.rating).toEqual({ count: 7, average });

    const one = await t.request<PublicListing>('GET', `/api/marketplace/listings/${on.id}`, {
      cookie: buyer.cookie,
    });
    expect(one.body.seller.rating).toEqual({ count: 7, average });

    const summary = await sellerRatingSummary(t.db, farm.farm.id, now);
    expect(summary.count).toBe(7);
  });

  it('weighs the seller page and listings by the app’s clock, not the real time', async () => {
    // The app's clock a year and more ahead of the real time: ratings made by it are in the real
    // time's future, where every rating would weigh 1.
    t.clock.advance(400 * 24 * 3600);
    const farm = await seedFarmTeam(t);
    const on = await seedListing(t, farm.farm.id, { quantity_available: '200' });
    const now = t.deps.now();
    for (const [stars, daysAgo] of [
      [5, 10], // weight 1
      [1, 200], // weight 0.5
    ] as const) {
      const id = await orderIn('completed', on);
      await t.db
        .insert(ratings)
        .values({ order_id: id, side: 'buyer', stars, created_at: new Date(now - daysAgo * DAY_MS) });
    }
    // (5×1 + 1×0.5) / 1.5 = 3.67 → 3.7; weighed at the real time it would be 3.
    const rating = { count: 2, average: 3.7 };
    const page = await t.request<SellerPage>('GET', `/api/marketplace/sellers/${farm.farm.id}`, {
      cookie: buyer.cookie,
    });
    expect(page.body.ratings).toMatchObject(rating);
    expect(page.body.rating).toEqual(rating);
    expect(page.body.listings[0]!.seller.rating).toEqual(rating);
    const one = await t.request<PublicListing>('GET', `/api/marketplace/listings/${on.id}`, {
      cookie: buyer.cookie,
    });
    expect(one.body.seller.rating).toEqual(rating);
    const browse = await t.request<{ items: PublicListing[] }>(
      'GET',
      `/api/marketplace/listings?seller=${farm.farm.id}`,
      { cookie: buyer.cookie },
    );
    expect(browse.body.items[0]!.seller.rating).toEqual(rating);
  });

  it('weighs the buyer’s ratings on the farm’s orders by the app’s clock, not the real time', async () => {
    // The app's clock a year and more ahead of the real time, as above.
    t.clock.advance(400 * 24 * 3600);
    const bisi = await seedUser(t, { first_name: 'Bisi' });
    const now = t.deps.now();
    const ids: string[] = [];
    for (const [stars, daysAgo] of [
      [5, 10], // weight 1
      [1, 200], // weight 0.5
    ] as const) {
      const id = await orderIn('completed', listing, bisi.user.id);
      ids.push(id);
      await t.db
        .insert(ratings)
        .values({ order_id: id, side: 'seller', stars, created_at: new Date(now - daysAgo * DAY_MS) });
    }
    // (5×1 + 1×0.5) / 1.5 = 3.67 → 3.7; weighed at the real time it would be 3.
    const one = await t.request<Order>('GET', `${team.base}/orders/${ids[0]!}`, {
      cookie: team.cookies.owner,
    });
    expect(one.body.buyer_rating).toEqual({ count: 2, average: 3.7 });
    const list = await t.request<{ items: Order[] }>('GET', `${team.base}/orders?limit=50`, {
      cookie: team.cookies.owner,
    });
    expect(list.body.items.find((order) => order.id === ids[0])!.buyer_rating).toEqual({
      count: 2,
      average: 3.7,
    });
  });
});
