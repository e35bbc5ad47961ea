import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  FarmListing,
  FarmListingPage,
  ListingBrowsePage,
  Order,
  PublicListing,
  SellerPage,
} from '@gona/shared/marketplace';
import { notifications } from '../../db/schema/index';
import { addDays, dateIn } from '../../lib/farm-time';
import { newId } from '../../lib/ids';
import type { TestContext } from '../../test/context';
import { seedFarmTeam, seedUser, type FarmTeam, type SeededUser } from '../../test/farm-team';
import {
  paystackTestApp,
  placePaidOrder,
  seedListing,
  type PaystackTestApp,
  type Refusal,
  type SeededListing,
} from './orders.test-setup';

/**
 * A treatment with a withdrawal period takes every listing of its animals, and of their eggs, milk
 * and meat, off sale until the period ends (docs/decisions/052): buyers neither find nor order
 * them and are never told why; the farm is told, and sees why on the listing; they are back on sale
 * by themselves on the day, unless the farm paused one by hand.
 */

let app: PaystackTestApp;
let t: TestContext;
let team: FarmTeam;
let buyer: SeededUser;

beforeAll(async () => {
  app = await paystackTestApp();
  t = app.t;
  team = await seedFarmTeam(t);
  buyer = await seedUser(t, { first_name: 'Bisi' });
});

afterAll(() => app.close());

const ZONE = 'Africa/Lagos';
/** Today on the farm by the app's clock. */
const today = () => dateIn(ZONE, new Date(t.deps.now()));
const dmy = (date: string) => date.split('-').reverse().join('/');

async function group(on: FarmTeam, species: string, name: string): Promise<string> {
  const res = await t.request<{ id: string }>('POST', `${on.base}/livestock`, {
    cookie: on.cookies.owner,
    body: { kind: 'group', species, name, head_count: 300, acquisition: 'bought' },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

/** A layer flock's listings: the birds themselves and their eggs, both on sale. */
async function flockListings(name: string) {
  const flock = await group(team, 'chicken_layer', name);
  const birds = await seedListing(t, team.farm.id, {
    category: 'livestock',
    product_key: 'chicken_layer',
    title: `${name} point-of-lay`,
    animal_id: flock,
    quantity_available: '100',
    unit: 'head',
    unit_kg: null,
    min_order: '1',
    price_kobo: 600_000,
  });
  const eggs = await seedListing(t, team.farm.id, {
    category: 'product',
    product_key: 'eggs',
    title: `${name} eggs`,
    animal_id: flock,
    quantity_available: '50',
    unit: 'crate',
    unit_kg: null,
    min_order: '1',
    price_kobo: 450_000,
  });
  return { flock, birds, eggs };
}

async function treat(animalId: string, days: number, product = 'Oxytetracycline 20% LA') {
  const res = await t.request('POST', `${team.base}/livestock/${animalId}/health-records`, {
    cookie: team.cookies.worker,
    body: { id: newId(), date: today(), kind: 'treatment', product_name: product, withdrawal_days: days },
  });
  expect(res.status, res.text).toBe(201);
}

const browseIds = async () => {
  const res = await t.request<ListingBrowsePage>(
    'GET',
    `/api/marketplace/listings?seller=${team.farm.id}&limit=50`,
    { cookie: buyer.cookie },
  );
  expect(res.status).toBe(200);
  return res.body.items.map((item) => item.id);
};

const farmListing = async (id: string) =>
  (await t.request<FarmListing>('GET', `${team.base}/listings/${id}`, { cookie: team.cookies.manager })).body;

const place = (listing: SeededListing, quantity = 2) =>
  t.request<Order & Refusal>('POST', '/api/marketplace/orders', {
    cookie: buyer.cookie,
    body: { id: newId(), listing_id: listing.id, quantity, delivery: 'pickup', buyer_phone: '0805 555 1234' },
  });

describe('a treatment with a withdrawal period', () => {
  it('takes the animals’ listings and their eggs off sale, telling the farm why and buyers nothing', async () => {
    const { flock, birds, eggs } = await flockListings('Layers House 2');
    const maize = await seedListing(t, team.farm.id);
    expect(await browseIds()).toEqual(expect.arrayContaining([birds.id, eggs.id, maize.id]));

    await treat(flock, 8);
    const until = addDays(today(), 8);

    // Buyers: not found when browsing, nor on the seller's page; by address it reads as paused, no reason.
    const found = await browseIds();
    expect(found).toContain(maize.id);
    expect(found).not.toContain(birds.id);
    expect(found).not.toContain(eggs.id);
    const seller = await t.request<SellerPage>('GET', `/api/marketplace/sellers/${team.farm.id}`, {
      cookie: buyer.cookie,
    });
    expect(seller.body.listings.map((l) => l.id)).not.toContain(eggs.id);
    for (const listing of [birds, eggs]) {
      const seen = await t.request<PublicListing>('GET', `/api/marketplace/listings/${listing.id}`, {
        cookie: buyer.cookie,
      });
      expect(seen.status).toBe(200);
      expect(seen.body.status).toBe('paused');
      expect(seen.body).not.toHaveProperty('withdrawal');
      expect(seen.text).not.toMatch(/withdrawal|Oxytetracycline|Layers House 2 is/i);
    }

    // Orders: refused with no more than "not for sale now".
    for (const listing of [birds, eggs]) {
      const refused = await place(listing);
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toBe('This listing is not for sale now');
      expect(refused.text).not.toMatch(/withdrawal|Oxytetracycline|treat/i);
    }

    // The farm: the listing as it left it, and why it is off sale, until when.
    const reason = {
      until,
      animal_id: flock,
      animal_name: 'Layers House 2',
      treatment: 'Oxytetracycline 20% LA',
    };
    expect(await farmListing(eggs.id)).toMatchObject({ status: 'active', withdrawal: reason });
    const page = await t.request<FarmListingPage>('GET', `${team.base}/listings?limit=100`, {
      cookie: team.cookies.viewer,
    });
    const byId = new Map(page.body.items.map((item) => [item.id, item]));
    expect(byId.get(birds.id)?.withdrawal).toEqual(reason);
    expect(byId.get(maize.id)?.withdrawal).toBeNull();
    const own = await t.request<PublicListing>('GET', `/api/marketplace/listings/${eggs.id}`, {
      cookie: team.cookies.owner,
    });
    expect(own.body).toMatchObject({ status: 'active', withdrawal: reason });

    // Told once, owners and managers.
    const notices = async (userId: string) =>
      t.db
        .select({ title: notifications.title, body: notifications.body, link: notifications.link })
        .from(notifications)
        .where(and(eq(notifications.user_id, userId), eq(notifications.kind, 'listing_withheld')));
    for (const who of ['owner', 'manager'] as const) {
      const [notice, ...more] = await notices(team.users[who].id);
      expect(more).toEqual([]);
      expect(notice).toMatchObject({
        title: `Paused until ${dmy(until)}: Layers House 2 is in a withdrawal period`,
        link: '/dashboard/marketplace?tab=mine',
      });
      expect(notice!.body).toContain('2 listings (Layers House 2 eggs, Layers House 2 point-of-lay)');
      expect(notice!.body).toContain('under withdrawal after Oxytetracycline 20% LA');
    }
    expect(await notices(team.users.worker.id)).toEqual([]);
  });

  it('refuses to accept an order paid before it, telling the seller why; declining still refunds', async () => {
    const { flock, eggs } = await flockListings('Layers House 3');
    const order = await placePaidOrder(app, buyer, eggs);
    await treat(flock, 5, 'Tylosin');
    const until = addDays(today(), 5);

    const accept = await t.request<Refusal>('POST', `${team.base}/orders/${order.id}/accept`, {
      cookie: team.cookies.manager,
      body: { version: 2 },
    });
    expect(accept.status).toBe(409);
    expect(accept.body.error.message).toBe(
      `Not for sale or eating until ${dmy(until)}: Layers House 3 is under withdrawal after Tylosin. Accept it from that day, or decline it so the buyer is refunded.`,
    );
    const mine = await t.request<Order>('GET', `/api/marketplace/orders/${order.id}`, {
      cookie: buyer.cookie,
    });
    expect(mine.body.status).toBe('paid');
    expect(mine.text).not.toMatch(/withdrawal|Tylosin/i);

    const decline = await t.request<Order>('POST', `${team.base}/orders/${order.id}/decline`, {
      cookie: team.cookies.manager,
      body: { version: 2 },
    });
    expect(decline.status, decline.text).toBe(200);
    expect(decline.body.status).toBe('declined');
  });

  it('refuses Pay for an order placed before it, saying until when and nothing of why; the order can be cancelled', async () => {
    const { flock, eggs } = await flockListings('Layers House 5');
    const placed = await place(eggs);
    expect(placed.status, placed.text).toBe(201);
    await treat(flock, 6, 'Tylosin');
    const until = addDays(today(), 6);

    const pay = await t.request<Refusal>('POST', `/api/marketplace/orders/${placed.body.id}/pay`, {
      cookie: buyer.cookie,
    });
    expect(pay.status).toBe(409);
    expect(pay.body.error.message).toBe(
      `The farm cannot deliver this order until ${dmy(until)}. Nothing was charged. You can cancel this order and order again from that day.`,
    );
    expect(pay.text).not.toMatch(/withdrawal|Tylosin|treat/i);

    const cancel = await t.request<Order>('POST', `/api/marketplace/orders/${placed.body.id}/cancel`, {
      cookie: buyer.cookie,
    });
    expect(cancel.status, cancel.text).toBe(200);
    expect(cancel.body.status).toBe('cancelled');
  });

  it('refuses to dispatch an order accepted before it, telling the seller why and until when', async () => {
    const { flock, eggs } = await flockListings('Layers House 6');
    const order = await placePaidOrder(app, buyer, eggs);
    const accept = await t.request<Order>('POST', `${team.base}/orders/${order.id}/accept`, {
      cookie: team.cookies.manager,
      body: { version: 2 },
    });
    expect(accept.status, accept.text).toBe(200);
    await treat(flock, 4, 'Amprolium');
    const until = addDays(today(), 4);

    const dispatch = await t.request<Refusal>('POST', `${team.base}/orders/${order.id}/dispatch`, {
      cookie: team.cookies.manager,
      body: { version: 3, expected_on: today() },
    });
    expect(dispatch.status).toBe(409);
    expect(dispatch.body.error.message).toBe(
      `Not for sale or eating until ${dmy(until)}: Layers House 6 is under withdrawal after Amprolium. Dispatch it from that day.`,
    );
    const mine = await t.request<Order>('GET', `/api/marketplace/orders/${order.id}`, {
      cookie: buyer.cookie,
    });
    expect(mine.body.status).toBe('accepted');
    expect(mine.text).not.toMatch(/withdrawal|Amprolium/i);
  });

  it('leaves listings alone for a period already over, or without one', async () => {
    const { flock, eggs } = await flockListings('Layers House 4');
    const res = await t.request('POST', `${team.base}/livestock/${flock}/health-records`, {
      cookie: team.cookies.worker,
      body: { id: newId(), date: addDays(today(), -10), kind: 'treatment', withdrawal_days: 7 },
    });
    expect(res.status).toBe(201);
    await treat(flock, 0);
    expect(await browseIds()).toContain(eggs.id);
    expect((await farmListing(eggs.id)).withdrawal).toBeNull();
  });
});

describe('eggs, milk and meat name the group they come from', () => {
  let farm: FarmTeam;
  beforeAll(async () => {
    farm = await seedFarmTeam(t);
  });

  const create = (body: Record<string, unknown>) =>
    t.request<FarmListing & Refusal>('POST', `${farm.base}/listings`, {
      cookie: farm.cookies.owner,
      body: {
        category: 'product',
        quantity_available: 20,
        unit: 'crate',
        min_order: 1,
        price_kobo: 450_000,
        ...body,
      },
    });

  it('requires the flock or herd once the farm keeps animals that give the product', async () => {
    // No livestock kept in Gona: eggs may be listed as they are.
    expect((await create({ product_key: 'eggs' })).status).toBe(201);

    const layers = await group(farm, 'chicken_layer', 'Pen A');
    const goats = await group(farm, 'goat', 'Goats');
    const eggs = await create({ product_key: 'eggs' });
    expect([eggs.status, eggs.body.error?.fields]).toEqual([
      400,
      { animal_id: 'Choose the flock the eggs come from' },
    ]);
    const meat = await create({ product_key: 'meat', unit: 'kg' });
    expect(meat.body.error?.fields).toEqual({ animal_id: 'Choose the group or animal the meat comes from' });
    const milk = await create({ product_key: 'milk', unit: 'litre' });
    expect(milk.body.error?.fields).toEqual({ animal_id: 'Choose the herd or animal the milk comes from' });

    const wrong = await create({ product_key: 'eggs', animal_id: goats });
    expect(wrong.body.error?.fields).toEqual({ animal_id: 'Choose a group that gives eggs' });
    const honey = await create({ product_key: 'honey', animal_id: layers });
    expect(honey.body.error?.fields).toEqual({
      animal_id: 'Only eggs, milk, meat or fish come from a group',
    });

    const named = await create({ product_key: 'eggs', animal_id: layers });
    expect(named.status, named.text).toBe(201);
    expect(named.body).toMatchObject({ animal_id: layers, withdrawal: null });
    expect((await create({ product_key: 'milk', unit: 'litre', animal_id: goats })).status).toBe(201);
    // Honey and the like come from no animal.
    expect((await create({ product_key: 'honey', unit: 'litre' })).status).toBe(201);
  });

  it('refuses another farm’s group, and a group in its withdrawal period', async () => {
    const theirs = await group(team, 'chicken_layer', 'Not yours');
    const other = await create({ product_key: 'eggs', animal_id: theirs });
    expect(other.body.error?.fields).toEqual({ animal_id: 'Choose one of the farm’s animals or groups' });

    const mine = await group(farm, 'chicken_noiler', 'Noilers');
    const res = await t.request('POST', `${farm.base}/livestock/${mine}/health-records`, {
      cookie: farm.cookies.owner,
      body: { id: newId(), date: today(), kind: 'treatment', withdrawal_days: 3 },
    });
    expect(res.status).toBe(201);
    const treated = await create({ product_key: 'eggs', animal_id: mine });
    expect(treated.body.error?.fields?.animal_id).toContain(`until ${dmy(addDays(today(), 3))}`);
  });
});

// Last: it moves the app's clock on.
describe('when the withdrawal period ends', () => {
  it('puts the listings back on sale that day by themselves, but not one the farm paused by hand', async () => {
    const { flock, birds, eggs } = await flockListings('Layers House 9');
    const paused = await seedListing(t, team.farm.id, {
      category: 'product',
      product_key: 'eggs',
      title: 'Layers House 9 cracked eggs',
      animal_id: flock,
      status: 'paused',
      quantity_available: '10',
      unit: 'crate',
      unit_kg: null,
      min_order: '1',
      price_kobo: 300_000,
    });
    await treat(flock, 8);
    const until = addDays(today(), 8);
    expect((await farmListing(paused.id)).withdrawal?.until).toBe(until);

    // The last second of the day before: still off sale.
    const dayStarts = Date.parse(`${until}T00:00:00+01:00`);
    t.clock.advance((dayStarts - t.deps.now()) / 1000 - 1);
    expect(today()).toBe(addDays(until, -1));
    expect(await browseIds()).not.toContain(eggs.id);
    expect((await place(eggs)).status).toBe(409);

    t.clock.advance(1);
    expect(today()).toBe(until);
    const found = await browseIds();
    expect(found).toEqual(expect.arrayContaining([birds.id, eggs.id]));
    expect(found).not.toContain(paused.id);
    expect(await farmListing(eggs.id)).toMatchObject({ status: 'active', withdrawal: null });
    expect(await farmListing(paused.id)).toMatchObject({ status: 'paused', withdrawal: null });
    const buyerSees = await t.request<PublicListing>('GET', `/api/marketplace/listings/${paused.id}`, {
      cookie: buyer.cookie,
    });
    expect(buyerSees.body.status).toBe('paused');
    expect((await place(paused)).status).toBe(409);

    const ordered = await place(eggs);
    expect(ordered.status, ordered.text).toBe(201);
  });
});
