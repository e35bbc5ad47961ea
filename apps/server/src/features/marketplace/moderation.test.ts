import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminListing,
  AdminListingPage,
  AdminUser,
  AdminUserPage,
  FarmListing,
  FarmListingPage,
  ListingBrowsePage,
  Order,
  PublicListing,
  SellerPage,
} from '@gona/shared/marketplace';
import { audit_logs, farm_memberships, listings, notifications, orders, users } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { createTestContext, type TestContext } from '../../test/context';
import { seedFarm, seedFarmTeam, seedUser, type FarmTeam, type SeededUser } from '../../test/farm-team';
import { uploadPhoto } from '../../test/photos';
import {
  seedAdmin,
  seedListing,
  seedPlacedOrder,
  type Refusal,
  type SeededListing,
} from './orders.test-setup';

let t: TestContext;
let team: FarmTeam;
let buyer: SeededUser;
let admin: SeededUser;

beforeAll(async () => {
  t = await createTestContext();
  team = await seedFarmTeam(t);
  buyer = await seedUser(t, { first_name: 'Bisi' });
  admin = await seedAdmin(t);
});

const REASON = 'The photos are of another farm’s produce.';
const SUSPENSION = 'Buyers paid for three orders that never came.';

/** A word no other test's listing has, so browsing the shared database finds only this test's. */
const token = () => `zq${newId().replace(/-/g, '').slice(-10)}`;

/** An active listing of `on`'s farm whose title carries `word`. */
function listingOf(on: FarmTeam, word: string, overrides: Partial<typeof listings.$inferInsert> = {}) {
  return seedListing(t, on.farm.id, {
    title: `White maize ${word}`,
    quantity_available: '100',
    ...overrides,
  });
}

/** `listingOf` with a photo, so that it can be published or resumed. */
async function photographed(on: FarmTeam, word: string): Promise<SeededListing> {
  const listing = await listingOf(on, word);
  const photo = await uploadPhoto(t, on.base, on.cookies.owner, { kind: 'listing' });
  const res = await t.request<FarmListing>('PATCH', `${on.base}/listings/${listing.id}`, {
    cookie: on.cookies.owner,
    body: { photo_ids: [photo.body.id], version: listing.version },
  });
  if (res.status !== 200) throw new Error(`photo: ${res.status} ${res.text}`);
  return listing;
}

/** A paid order of 2 bags, waiting for the farm to accept it. */
async function paidOrder(listing: SeededListing): Promise<string> {
  const id = await seedPlacedOrder(t, listing, buyer.user.id);
  await t.db
    .update(orders)
    .set({
      status: 'paid',
      paid_at: new Date(),
      accept_by: new Date(Date.now() + 48 * 3600_000),
      version: 2,
    })
    .where(eq(orders.id, id));
  return id;
}

const hide = (
  listingId: string,
  body: unknown = { reason: REASON },
  cookie: string | undefined = admin.cookie,
) => t.request<AdminListing & Refusal>('POST', `/api/admin/listings/${listingId}/hide`, { cookie, body });
const unhide = (listingId: string, cookie: string | undefined = admin.cookie) =>
  t.request<AdminListing & Refusal>('POST', `/api/admin/listings/${listingId}/unhide`, { cookie });
const suspend = (
  userId: string,
  body: unknown = { reason: SUSPENSION },
  cookie: string | undefined = admin.cookie,
) => t.request<AdminUser & Refusal>('POST', `/api/admin/users/${userId}/suspend-selling`, { cookie, body });
const restore = (userId: string, cookie: string | undefined = admin.cookie) =>
  t.request<AdminUser & Refusal>('POST', `/api/admin/users/${userId}/restore-selling`, { cookie });

const browse = (query: string) =>
  t.request<ListingBrowsePage>('GET', `/api/marketplace/listings?${query}`, { cookie: buyer.cookie });
const browsedIds = async (query: string) => (await browse(query)).body.items.map((l) => l.id);
const sellerPage = (farmId: string, cookie = buyer.cookie) =>
  t.request<SellerPage & Refusal>('GET', `/api/marketplace/sellers/${farmId}`, { cookie });
const publicListing = (listingId: string, cookie = buyer.cookie) =>
  t.request<PublicListing & Refusal>('GET', `/api/marketplace/listings/${listingId}`, { cookie });
const order = (listingId: string) =>
  t.request<Order & Refusal>('POST', '/api/marketplace/orders', {
    cookie: buyer.cookie,
    body: {
      id: newId(),
      listing_id: listingId,
      quantity: 2,
      delivery: 'pickup',
      buyer_phone: '0805 555 1234',
    },
  });
const act = (on: FarmTeam, listingId: string, action: string, cookie = on.cookies.owner) =>
  t.request<FarmListing & Refusal>('POST', `${on.base}/listings/${listingId}/${action}`, {
    cookie,
    body: {},
  });
const decide = (on: FarmTeam, orderId: string, decision: 'accept' | 'decline', cookie = on.cookies.owner) =>
  t.request<Order & Refusal>('POST', `${on.base}/orders/${orderId}/${decision}`, {
    cookie,
    body: { version: 2 },
  });

async function listingRow(id: string) {
  const [row] = await t.db.select().from(listings).where(eq(listings.id, id));
  return row!;
}

async function auditRows(recordId: string) {
  return t.db
    .select()
    .from(audit_logs)
    .where(eq(audit_logs.record_id, recordId))
    .orderBy(audit_logs.created_at, audit_logs.id);
}

async function moderationNotices(userId: string) {
  return t.db
    .select({ params: notifications.params, title: notifications.title, body: notifications.body })
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), eq(notifications.kind, 'moderation')))
    .orderBy(notifications.created_at, notifications.id);
}

describe('who may moderate', () => {
  it('refuses no session (401) and anyone who is not a Gona admin, a farm owner too (403)', async () => {
    const listing = await listingOf(team, token());
    const target = team.users.worker.id;
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/listings'],
      ['POST', `/api/admin/listings/${listing.id}/hide`, { reason: REASON }],
      ['POST', `/api/admin/listings/${listing.id}/unhide`],
      ['GET', '/api/admin/users'],
      ['POST', `/api/admin/users/${target}/suspend-selling`, { reason: SUSPENSION }],
      ['POST', `/api/admin/users/${target}/restore-selling`],
    ];
    for (const [method, path, body] of calls) {
      expect((await t.request(method, path, { body })).status, `${method} ${path}`).toBe(401);
      expect((await t.request(method, path, { cookie: team.cookies.owner, body })).status, path).toBe(403);
    }
    expect((await listingRow(listing.id)).hidden_at).toBeNull();
    const [worker] = await t.db.select().from(users).where(eq(users.id, target));
    expect(worker!.selling_suspended_at).toBeNull();
  });

  it('asks for a reason of 10 to 500 characters, beside the field', async () => {
    const listing = await listingOf(team, token());
    for (const [body, message] of [
      [{ reason: 'Fake' }, 'Write at least 10 characters'],
      [{ reason: 'x'.repeat(501) }, 'Write at most 500 characters'],
      [{}, 'Give the reason'],
    ] as const) {
      const hidden = await hide(listing.id, body);
      expect([hidden.status, hidden.body.error.fields?.reason]).toEqual([400, message]);
      const suspended = await suspend(team.users.worker.id, body);
      expect([suspended.status, suspended.body.error.fields?.reason]).toEqual([400, message]);
    }
    expect((await listingRow(listing.id)).hidden_at).toBeNull();
    const bad = await t.request<Refusal>('GET', '/api/admin/listings?hidden=maybe', { cookie: admin.cookie });
    expect([bad.status, bad.body.error.fields?.hidden]).toEqual([400, 'Use true or false']);
  });

  it('answers 404 for a listing or person that does not exist', async () => {
    expect((await hide(newId())).body.error).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Listing not found',
    });
    expect((await unhide(newId())).status).toBe(404);
    expect((await suspend(newId())).body.error).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Person not found',
    });
    expect((await restore(newId())).status).toBe(404);
    expect((await hide('not-an-id')).status).toBe(400);
  });
});

describe('hiding a listing', () => {
  it('takes it away from buyers, keeps it on the farm with the reason, and stops it going on sale', async () => {
    const word = token();
    const listing = await listingOf(team, word);
    const placed = await seedPlacedOrder(t, listing, buyer.user.id);
    const paid = await paidOrder(listing);
    expect(await browsedIds(`q=${word}`)).toEqual([listing.id]);

    const res = await hide(listing.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      id: listing.id,
      farm: { id: team.farm.id, name: 'Green Acres' },
      status: 'active',
      hidden_reason: REASON,
    });
    const row = await listingRow(listing.id);
    expect(row).toMatchObject({ hidden_reason: REASON, hidden_by: admin.user.id, status: 'active' });
    expect(row.hidden_at?.toISOString()).toBe(res.body.hidden_at);

    // Buyers: not browsed, not searched, not on the seller page, not opened, not ordered.
    expect(await browsedIds(`q=${word}`)).toEqual([]);
    expect(await browsedIds(`seller=${team.farm.id}&limit=50`)).not.toContain(listing.id);
    const page = await sellerPage(team.farm.id, team.cookies.owner);
    expect(page.body.listings.map((l) => l.id)).not.toContain(listing.id);
    const opened = await publicListing(listing.id);
    expect([opened.status, opened.body.error.message]).toEqual([404, 'Listing not found']);
    const ordered = await order(listing.id);
    expect([ordered.status, ordered.body.error.message]).toEqual([409, 'This listing is not for sale now']);
    expect((await listingRow(listing.id)).quantity_available).toBe(row.quantity_available);
    const pay = await t.request<Refusal>('POST', `/api/marketplace/orders/${placed}/pay`, {
      cookie: buyer.cookie,
    });
    expect([pay.status, pay.body.error.message]).toEqual([
      409,
      'This listing is not for sale now: this order cannot be paid. Nothing was charged.',
    ]);

    // The farm: still listed, with Gona's reason; it may pause it, not put it on sale.
    const mine = await t.request<FarmListingPage>('GET', `${team.base}/listings?limit=100`, {
      cookie: team.cookies.viewer,
    });
    expect(mine.body.items.find((l) => l.id === listing.id)?.hidden).toEqual({
      at: res.body.hidden_at,
      reason: REASON,
    });
    const own = await publicListing(listing.id, team.cookies.manager);
    expect([own.status, own.body.hidden?.reason]).toEqual([200, REASON]);
    expect((await act(team, listing.id, 'pause')).status).toBe(200);
    const resumed = await act(team, listing.id, 'resume');
    expect([resumed.status, resumed.body.error.message]).toEqual([
      409,
      `Hidden by Gona: ${REASON}. It cannot be put on sale while it is hidden; change what is wrong and contact Gona support.`,
    ]);
    expect((await listingRow(listing.id)).status).toBe('paused');

    // An order already paid goes on.
    const accepted = await decide(team, paid, 'accept');
    expect([accepted.status, accepted.body.status], accepted.text).toEqual([200, 'accepted']);

    expect((await hide(listing.id)).body.error).toMatchObject({
      code: 'CONFLICT',
      message: 'This listing is already hidden',
    });
  });

  it('will not publish a hidden draft', async () => {
    const draft = await listingOf(team, token(), { status: 'draft', published_at: null });
    expect((await hide(draft.id)).status).toBe(200);
    const res = await act(team, draft.id, 'publish');
    expect([res.status, res.body.error.code]).toEqual([409, 'CONFLICT']);
    expect((await listingRow(draft.id)).status).toBe('draft');
  });

  it('tells the owners and managers, and audits it as the admin on the farm', async () => {
    const listing = await listingOf(team, token());
    expect((await hide(listing.id)).status).toBe(200);
    const [audit] = await auditRows(listing.id);
    expect(audit).toMatchObject({
      user_id: admin.user.id,
      farm_id: team.farm.id,
      table_name: 'listings',
      action: 'update',
      changes: { title: listing.title, hidden_reason: { from: null, to: REASON } },
    });
    for (const who of ['owner', 'manager'] as const) {
      const notices = await moderationNotices(team.users[who].id);
      expect(notices.at(-1)).toMatchObject({
        params: { status: 'listing_hidden', listing_id: listing.id, reason: REASON },
        title: `Gona hid your listing: ${listing.title}`,
      });
    }
    expect(
      (await moderationNotices(team.users.viewer.id)).some(
        (n) => (n.params as { listing_id?: string }).listing_id === listing.id,
      ),
    ).toBe(false);
  });

  it('shows it again on unhide: browsed, opened, ordered and resumed as before', async () => {
    const word = token();
    const listing = await photographed(team, word);
    expect((await hide(listing.id)).status).toBe(200);
    expect((await act(team, listing.id, 'pause')).status).toBe(200);
    const res = await unhide(listing.id);
    expect([res.status, res.body.hidden_at, res.body.hidden_reason]).toEqual([200, null, null]);
    expect(await listingRow(listing.id)).toMatchObject({
      hidden_at: null,
      hidden_reason: null,
      hidden_by: null,
    });
    expect((await act(team, listing.id, 'resume')).body.status).toBe('active');
    expect(await browsedIds(`q=${word}`)).toEqual([listing.id]);
    expect((await publicListing(listing.id)).body.hidden).toBeUndefined();
    expect((await order(listing.id)).status).toBe(201);
    const audits = await auditRows(listing.id);
    expect(audits.filter((a) => a.user_id === admin.user.id).at(-1)?.changes).toMatchObject({
      hidden_reason: { from: REASON, to: null },
    });
    expect((await moderationNotices(team.users.owner.id)).at(-1)?.params).toEqual({
      status: 'listing_shown',
      listing_id: listing.id,
      listing_title: listing.title,
    });
    expect((await unhide(listing.id)).body.error.message).toBe('This listing is not hidden');
  });
});

describe('the listings search', () => {
  it('finds listings by part of the title or the farm name, newest first, hidden or not', async () => {
    const word = token();
    const other = await seedFarmTeam(t);
    await t.db.execute(sql`UPDATE farms SET name = ${`Ajayi ${word} Farms`} WHERE id = ${other.farm.id}`);
    const first = await listingOf(other, 'yam', { created_at: new Date(Date.now() - 60_000) });
    const second = await listingOf(team, word.toUpperCase());
    expect((await hide(first.id)).status).toBe(200);

    const list = (query: string) =>
      t.request<AdminListingPage>('GET', `/api/admin/listings?${query}`, { cookie: admin.cookie });
    const all = await list(`q=${word}`);
    expect(all.body.items.map((l) => l.id)).toEqual([second.id, first.id]);
    expect(all.body.items[1]).toMatchObject({
      farm: { id: other.farm.id, name: `Ajayi ${word} Farms` },
      hidden_reason: REASON,
      owner_suspended: false,
      price_kobo: 2_500_000,
      unit: 'bag_100kg',
    });
    expect((await list(`q=${word}&hidden=true`)).body.items.map((l) => l.id)).toEqual([first.id]);
    expect((await list(`q=${word}&hidden=false`)).body.items.map((l) => l.id)).toEqual([second.id]);
    const one = await list(`q=${word}&limit=1`);
    expect(one.body.items.map((l) => l.id)).toEqual([second.id]);
    const next = await list(`q=${word}&limit=1&cursor=${one.body.next_cursor}`);
    expect([next.body.items.map((l) => l.id), next.body.next_cursor]).toEqual([[first.id], null]);
    expect((await list(`q=${encodeURIComponent('%')}${word}`)).body.items).toEqual([]);
  });
});

describe('suspending selling', () => {
  it("takes the person's own farms off the marketplace and stops them selling on any farm", async () => {
    const seller = await seedFarmTeam(t);
    const word = token();
    const listing = await photographed(seller, word);
    const draft = await listingOf(seller, token(), { status: 'draft', published_at: null });
    const firstPaid = await paidOrder(listing);
    const secondPaid = await paidOrder(listing);
    const thirdPaid = await paidOrder(listing);
    // On a farm someone else owns, the stopped person is a manager: that farm still sells.
    const elsewhere = await seedFarm(t, seller.users.manager.id, { name: 'Okafor Poultry' });
    await t.db
      .insert(farm_memberships)
      .values({ farm_id: elsewhere.id, user_id: seller.users.owner.id, role: 'manager' });
    const theirs = await seedListing(t, elsewhere.id, { title: `Layers ${word}` });
    expect((await browsedIds(`q=${word}`)).sort()).toEqual([listing.id, theirs.id].sort());

    const owner = seller.users.owner;
    const res = await suspend(owner.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      id: owner.id,
      email: owner.email,
      selling_suspended_reason: SUSPENSION,
      farms: [{ id: seller.farm.id, name: 'Green Acres' }],
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, owner.id));
    expect(row!.selling_suspended_at?.toISOString()).toBe(res.body.selling_suspended_at);

    // Buyers: the farm they own is not browsed, searched, shown or ordered from.
    expect(await browsedIds(`q=${word}`)).toEqual([theirs.id]);
    expect(await browsedIds(`seller=${seller.farm.id}`)).toEqual([]);
    expect((await sellerPage(seller.farm.id)).status).toBe(404);
    expect((await sellerPage(elsewhere.id)).body.listings.map((l) => l.id)).toEqual([theirs.id]);
    expect((await publicListing(listing.id)).status).toBe(404);
    expect((await publicListing(listing.id, seller.cookies.viewer)).status).toBe(200);
    const ordered = await order(listing.id);
    expect([ordered.status, ordered.body.error.message]).toEqual([
      409,
      'This seller is not selling on Gona now',
    ]);
    const admins = await t.request<AdminListingPage>('GET', `/api/admin/listings?q=${word}`, {
      cookie: admin.cookie,
    });
    expect(admins.body.items.find((l) => l.id === listing.id)?.owner_suspended).toBe(true);

    // The person: no new listing, change, publishing or accepting, on any farm.
    const stopped = `Selling is suspended on your account: ${SUSPENSION}`;
    const created = await t.request<Refusal>('POST', `/api/farms/${elsewhere.id}/listings`, {
      cookie: seller.cookies.owner,
      body: {
        category: 'crop',
        product_key: 'maize',
        quantity_available: 5,
        unit: 'bag_100kg',
        min_order: 1,
        price_kobo: 4_000_000,
        delivery_pickup: true,
        delivery_seller: false,
      },
    });
    expect([created.status, created.body.error.message]).toEqual([409, stopped]);
    const changed = await t.request<Refusal>('PATCH', `${seller.base}/listings/${listing.id}`, {
      cookie: seller.cookies.owner,
      body: { price_kobo: 9_000_000, version: (await listingRow(listing.id)).version },
    });
    expect([changed.status, changed.body.error.message]).toEqual([409, stopped]);
    const published = await act(seller, draft.id, 'publish');
    expect([published.status, published.body.error.message]).toEqual([409, stopped]);
    expect((await listingRow(draft.id)).status).toBe('draft');
    const accepted = await decide(seller, firstPaid, 'accept');
    expect([accepted.status, accepted.body.error.message]).toEqual([409, stopped]);
    expect((await t.db.select().from(orders).where(eq(orders.id, firstPaid)))[0]!.status).toBe('paid');

    // Orders already paid go on: declined (and refunded) by the person, or accepted by a manager.
    const declined = await decide(seller, secondPaid, 'decline');
    expect([declined.status, declined.body.status], declined.text).toEqual([200, 'declined']);
    const byManager = await decide(seller, thirdPaid, 'accept', seller.cookies.manager);
    expect([byManager.status, byManager.body.status], byManager.text).toEqual([200, 'accepted']);
    expect((await act(seller, listing.id, 'pause')).status).toBe(200);

    expect((await suspend(owner.id)).body.error.message).toBe('Selling is already suspended on this account');

    // Restored: all as before.
    const back = await restore(owner.id);
    expect([back.status, back.body.selling_suspended_at, back.body.selling_suspended_reason]).toEqual([
      200,
      null,
      null,
    ]);
    expect((await act(seller, listing.id, 'resume')).status).toBe(200);
    expect((await browsedIds(`q=${word}`)).sort()).toEqual([listing.id, theirs.id].sort());
    expect((await decide(seller, firstPaid, 'accept')).status).toBe(200);
    expect((await restore(owner.id)).body.error.message).toBe('Selling is not suspended on this account');
  });

  it('audits it as the admin with no farm, and tells the person', async () => {
    const person = await seedUser(t, { first_name: 'Kunle' });
    expect((await suspend(person.user.id)).status).toBe(200);
    expect((await restore(person.user.id)).status).toBe(200);
    const audits = await auditRows(person.user.id);
    expect(audits.map((a) => [a.user_id, a.farm_id, a.table_name, a.action])).toEqual([
      [admin.user.id, null, 'users', 'update'],
      [admin.user.id, null, 'users', 'update'],
    ]);
    expect(audits[0]!.changes).toMatchObject({
      email: person.email,
      selling_suspended_reason: { from: null, to: SUSPENSION },
    });
    expect(audits[1]!.changes).toMatchObject({ selling_suspended_reason: { from: SUSPENSION, to: null } });
    const notices = await moderationNotices(person.user.id);
    expect(notices.map((n) => n.params)).toEqual([
      { status: 'selling_suspended', reason: SUSPENSION },
      { status: 'selling_restored' },
    ]);
    expect(notices[0]!.title).toBe('Selling is suspended on your account');
  });

  it('will not let an admin suspend their own selling', async () => {
    const res = await suspend(admin.user.id);
    expect([res.status, res.body.error.message]).toEqual([
      409,
      'You cannot suspend selling on your own account',
    ]);
    const [row] = await t.db.select().from(users).where(eq(users.id, admin.user.id));
    expect(row!.selling_suspended_at).toBeNull();
  });
});

describe('the people search', () => {
  it('finds people by the start of their email, their whole phone number, or part of their name', async () => {
    const word = token();
    const person = await seedUser(t, { first_name: `Chioma${word}` });
    const phone = `+23480${String(Date.now()).slice(-8)}`;
    await t.db.update(users).set({ phone }).where(eq(users.id, person.user.id));
    const owned = await seedFarm(t, person.user.id, { name: 'Chioma Cassava' });

    const find = (q: string) =>
      t.request<AdminUserPage>('GET', `/api/admin/users?q=${encodeURIComponent(q)}`, {
        cookie: admin.cookie,
      });
    for (const q of [
      person.email,
      person.email.toUpperCase(),
      person.email.slice(0, 12),
      `0${phone.slice(4, 7)} ${phone.slice(7, 10)} ${phone.slice(10)}`,
      phone,
      word.toUpperCase(),
      `${word} Okafor`,
    ]) {
      const res = await find(q);
      expect(res.status, q).toBe(200);
      expect(
        res.body.items.map((u) => u.id),
        q,
      ).toContain(person.user.id);
    }
    const [found] = (await find(person.email)).body.items;
    const { created_at: joined, ...shown } = found!;
    expect(Number.isNaN(Date.parse(joined))).toBe(false);
    expect(shown).toEqual({
      id: person.user.id,
      name: `Chioma${word} Okafor`,
      email: person.email,
      phone,
      farms: [{ id: owned.id, name: 'Chioma Cassava' }],
      selling_suspended_at: null,
      selling_suspended_reason: null,
    });
    expect((await find(phone.slice(0, 9))).body.items.map((u) => u.id)).not.toContain(person.user.id);
    expect((await find(`x${person.email}`)).body.items).toEqual([]);
    const long = await t.request<Refusal>('GET', `/api/admin/users?q=${'a'.repeat(101)}`, {
      cookie: admin.cookie,
    });
    expect([long.status, long.body.error.fields?.q]).toEqual([400, 'Use at most 100 characters']);
  });
});
