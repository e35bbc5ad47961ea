import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Order } from '@gona/shared/marketplace';
import { farm_subscriptions, orders } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { createTestContext } from '../../test/context';
import { seedFarmTeam, seedUser } from '../../test/farm-team';
import { seedListing } from './orders.test-setup';

/**
 * Gona's commission on a sale is the selling farm's plan's at the moment the order is placed
 * (MARKET_COMMISSION_BPS_FREE / _PRO, docs/decisions/040 and 063), kept on the order: a plan
 * change later never rewrites a placed order.
 */

const t = await createTestContext({ MARKET_COMMISSION_BPS_FREE: '500', MARKET_COMMISSION_BPS_PRO: '300' });

async function place(listingId: string, cookie: string): Promise<number> {
  const res = await t.request<Order>('POST', '/api/marketplace/orders', {
    cookie,
    body: {
      id: newId(),
      listing_id: listingId,
      quantity: 2,
      delivery: 'pickup',
      buyer_phone: '0805 555 1234',
    },
  });
  expect(res.status, res.text).toBe(201);
  const [row] = await t.db
    .select({ commission: orders.commission_kobo })
    .from(orders)
    .where(eq(orders.id, res.body.id));
  return row!.commission;
}

async function orderCommission(id: string): Promise<number> {
  const [row] = await t.db
    .select({ commission: orders.commission_kobo })
    .from(orders)
    .where(eq(orders.id, id));
  return row!.commission;
}

describe('commission at order time', () => {
  it("takes the farm's plan when the order is placed and keeps it through a plan change", async () => {
    const team = await seedFarmTeam(t);
    const buyer = await seedUser(t, { first_name: 'Bisi' });
    const listing = await seedListing(t, team.farm.id);
    // 2 bags at ₦25,000: ₦50,000; 5 % on Free.
    expect(await place(listing.id, buyer.cookie)).toBe(250_000);
    const [onFree] = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.farm_id, team.farm.id));

    await t.db.insert(farm_subscriptions).values({
      farm_id: team.farm.id,
      state: 'active',
      method: 'one_year',
      period_end: new Date(t.deps.now() + 365 * 24 * 3600 * 1000),
    });
    expect(await place(listing.id, buyer.cookie)).toBe(150_000);

    await t.db
      .update(farm_subscriptions)
      .set({ state: 'free' })
      .where(eq(farm_subscriptions.farm_id, team.farm.id));
    expect(await orderCommission(onFree!.id)).toBe(250_000);
    const all = await t.db
      .select({ commission: orders.commission_kobo })
      .from(orders)
      .where(eq(orders.farm_id, team.farm.id));
    expect(all.map((o) => o.commission).sort()).toEqual([150_000, 250_000]);
  });
});
