import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIMEZONE } from '@gona/shared/farms';
import { shortRefundKobo, type Order, type PublicListing } from '@gona/shared/marketplace';
import { fromMilli, koboForQuantity, normalizeQuantity, toMilli } from '@gona/shared/units';
import { listings, orders } from '../../db/schema/index';
import type { FakePaystack } from '../../integrations/fake-paystack';
import { dateIn } from '../../lib/farm-time';
import { newId } from '../../lib/ids';
import type { TestContext } from '../../test/context';
import { seedFarmTeam, seedUser, type FarmTeam, type SeededUser } from '../../test/farm-team';
import {
  expectLedgerBalanced,
  orderLedger,
  paystackTestApp,
  seedListing,
  type PaystackTestApp,
  type Refusal,
} from './orders.test-setup';

/**
 * Order quantities are exact decimals from the buyer's form to the order row, the seller's delivery,
 * the refund and the ledger, and are read back as the same decimal strings (docs/decisions/058,
 * 064): the subtotal and a short delivery's refund are price × quantity by the shared
 * koboForQuantity, half up to the kobo. Random cases come from a seeded generator, the same every
 * run; the shared units tests run the helpers over many more.
 */

let fake: FakePaystack;
let t: TestContext;
let app: PaystackTestApp;
let team: FarmTeam;
let buyer: SeededUser;
const farmIds: string[] = [];

beforeAll(async () => {
  app = await paystackTestApp();
  ({ t, fake } = app);
  team = await seedFarmTeam(t);
  farmIds.push(team.farm.id);
  buyer = await seedUser(t, { first_name: 'Bisi' });
});

afterAll(() => app.close());

/** mulberry32, seeded: deterministic random integers below `n`. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return (below: number) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return Math.floor((((x ^ (x >>> 14)) >>> 0) / 4294967296) * below);
  };
}

const place = (listingId: string, quantity: unknown) =>
  t.request<Order & Refusal>('POST', '/api/marketplace/orders', {
    cookie: buyer.cookie,
    body: { id: newId(), listing_id: listingId, quantity, delivery: 'pickup', buyer_phone: '0805 555 1234' },
  });

async function quantityLeft(listingId: string): Promise<string> {
  const [row] = await t.db.select().from(listings).where(eq(listings.id, listingId));
  return normalizeQuantity(row!.quantity_available);
}

/** A kg listing at `priceKobo` a kg, from a gram up. */
const kgListing = (priceKobo: number, available = '100000') =>
  seedListing(t, team.farm.id, {
    unit: 'kg',
    unit_kg: '1',
    price_kobo: priceKobo,
    min_order: '0.001',
    quantity_available: available,
  });

describe('an order under ₦1', () => {
  it('of 0.004 kg is refused, sent as a decimal string or as an old number, and nothing is reserved', async () => {
    const message = 'An order must come to at least ₦1. Order a larger quantity.';
    // ₦200 a kg: 0.004 kg is 80 kobo.
    const listing = await kgListing(20_000, '10');
    for (const quantity of ['0.004', 0.004]) {
      const res = await place(listing.id, quantity);
      expect([res.status, res.body.error.fields], String(quantity)).toEqual([400, { quantity: message }]);
    }
    // ₦125 a kg: 0.004 kg is 50 kobo.
    const cheap = await kgListing(12_500, '10');
    expect((await place(cheap.id, '0.004')).body.error.fields).toEqual({ quantity: message });
    expect(await quantityLeft(listing.id)).toBe('10');
    expect(await quantityLeft(cheap.id)).toBe('10');
    // 0.005 kg at ₦200 a kg is exactly ₦1: placed.
    const one = await place(listing.id, '0.005');
    expect([one.status, one.body.subtotal_kobo, one.body.total_kobo], one.text).toEqual([201, 100, 100]);
    expect(await quantityLeft(listing.id)).toBe('9.995');
  });

  it('refuses a fourth decimal instead of rounding it, as a string or a number', async () => {
    const listing = await kgListing(20_000, '10');
    for (const quantity of ['1.0005', 1.0005, 2.0000001]) {
      const res = await place(listing.id, quantity);
      expect([res.status, res.body.error.fields], String(quantity)).toEqual([
        400,
        { quantity: 'Use at most 3 decimals, e.g. 2.125' },
      ]);
    }
    expect(await quantityLeft(listing.id)).toBe('10');
  });
});

describe('random orders, delivered short', () => {
  it('keep the quantity, the subtotal, the refund and the ledger exact, from the form to the ledger', async () => {
    const random = seeded(0x0de75);
    for (let i = 0; i < 8; i++) {
      const price = 1 + random(5_000_000);
      // A quantity from a gram to 99,999.999 kg whose order comes to at least ₦1.
      let milli = 1 + random(100_000_000 - 1);
      while (koboForQuantity(price, milli) < 100) milli = Math.min(99_999_999, milli * 10 + random(10));
      const quantity = fromMilli(milli);
      const deliveredMilli = 1 + random(milli);
      const delivered = fromMilli(deliveredMilli);
      // Every other order comes as an older phone's JSON numbers.
      const old = i % 2 === 1;
      const listing = await kgListing(price);

      const placed = await place(listing.id, old ? Number(quantity) : quantity);
      expect(placed.status, `${quantity} kg at ${price}: ${placed.text}`).toBe(201);
      const subtotal = koboForQuantity(price, milli);
      expect(placed.body.subtotal_kobo).toBe(subtotal);
      // Answered as the exact decimal string, never a JSON number (decision 064).
      expect(placed.body.quantity).toBe(quantity);
      const [row] = await t.db.select().from(orders).where(eq(orders.id, placed.body.id));
      expect([normalizeQuantity(row!.quantity), row!.subtotal_kobo]).toEqual([quantity, subtotal]);
      expect(await quantityLeft(listing.id)).toBe(fromMilli(100_000_000 - milli));
      const shown = await t.request<PublicListing>('GET', `/api/marketplace/listings/${listing.id}`, {
        cookie: buyer.cookie,
      });
      expect([shown.body.quantity_available, shown.body.min_order, shown.body.unit_kg], shown.text).toEqual([
        fromMilli(100_000_000 - milli),
        '0.001',
        '1',
      ]);

      await t.request('POST', `/api/marketplace/orders/${placed.body.id}/pay`, { cookie: buyer.cookie });
      await fake.pay(placed.body.reference);
      const accepted = await t.request<Order>('POST', `${team.base}/orders/${placed.body.id}/accept`, {
        cookie: team.cookies.manager,
        body: { version: 2 },
      });
      expect(accepted.status, accepted.text).toBe(200);
      const dispatched = await t.request<Order>('POST', `${team.base}/orders/${placed.body.id}/dispatch`, {
        cookie: team.cookies.manager,
        body: { version: 3, expected_on: dateIn(DEFAULT_TIMEZONE, new Date(t.deps.now())) },
      });
      expect(dispatched.status, dispatched.text).toBe(200);
      const mine = await t.request<Order>('GET', `/api/marketplace/orders/${placed.body.id}`, {
        cookie: buyer.cookie,
      });
      const res = await t.request<Order>('POST', `${team.base}/orders/${placed.body.id}/deliver`, {
        cookie: team.cookies.manager,
        body: {
          version: 4,
          code: mine.body.delivery_code,
          delivered_quantity: old ? Number(delivered) : delivered,
        },
      });
      expect(res.status, res.text).toBe(200);
      const refund = koboForQuantity(price, milli - deliveredMilli);
      expect(refund).toBe(
        shortRefundKobo({ unit_price_kobo: price, quantity, delivered_quantity: delivered }),
      );
      expect(res.body.refund?.amount_kobo ?? 0).toBe(refund);
      expect([res.body.quantity, res.body.delivered_quantity]).toEqual([quantity, delivered]);
      const [after] = await t.db.select().from(orders).where(eq(orders.id, placed.body.id));
      expect(toMilli(normalizeQuantity(after!.delivered_quantity!))).toBe(deliveredMilli);
      await fake.settled();
      const ledger = await orderLedger(t, placed.body.id);
      expect([ledger.gateway, ledger.held], `${quantity} − ${delivered} kg at ${price}`).toEqual([
        subtotal - refund,
        -(subtotal - refund),
      ]);
    }
    await expectLedgerBalanced(t, farmIds);
  });
});
