import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIMEZONE } from '@gona/shared/farms';
import type { AuditLog } from '@gona/shared/audit';
import type { Order } from '@gona/shared/marketplace';
import type { Page } from '@gona/shared/pagination';
import { dateIn } from '../../lib/farm-time';
import { seedFarmTeam, seedUser, type FarmTeam, type SeededUser } from '../../test/farm-team';
import {
  completedOrder,
  paystackTestApp,
  placePaidOrder,
  seedListing,
  type PaystackTestApp,
} from './orders.test-setup';

let app: PaystackTestApp;
let team: FarmTeam;
let buyer: SeededUser;

beforeAll(async () => {
  app = await paystackTestApp();
  team = await seedFarmTeam(app.t);
  buyer = await seedUser(app.t, { first_name: 'Bisi' });
});

afterAll(() => app.close());

type Step = { by: unknown; from: unknown; to: unknown; user_id: string | null; title: unknown };

/** The farm's history rows of one order as `member` reads them, oldest first. */
async function stepsOf(orderId: string, member: 'owner' | 'worker' = 'owner'): Promise<Step[]> {
  const res = await app.t.request<Page<AuditLog>>(
    'GET',
    `${team.base}/audit-logs?table_name=orders&record_id=${orderId}`,
    { cookie: team.cookies[member] },
  );
  expect(res.status, res.text).toBe(200);
  return res.body.items.reverse().map((log) => {
    const c = log.changes as { by: unknown; title: unknown; status: { from: unknown; to: unknown } };
    return { by: c.by, from: c.status.from, to: c.status.to, user_id: log.user_id, title: c.title };
  });
}

async function step(orderId: string, action: string, body: Record<string, unknown>, cookie: string) {
  const path = ['received', 'complete', 'cancel'].includes(action)
    ? `/api/marketplace/orders/${orderId}/${action}`
    : `${team.base}/orders/${orderId}/${action}`;
  const res = await app.t.request<Order>('POST', path, { cookie, body });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

describe("an order's steps on the farm's history", () => {
  it("accept, dispatch and deliver name the seller's member; the sweep's completion names no one; a worker reads none of them", async () => {
    const order = await completedOrder(app, { on: team, buyer });
    const manager = team.users.manager.id;
    const steps = await stepsOf(order.id);
    expect(steps).toEqual([
      { by: 'seller', from: 'paid', to: 'accepted', user_id: manager, title: order.listing_title },
      { by: 'seller', from: 'accepted', to: 'dispatched', user_id: manager, title: order.listing_title },
      { by: 'seller', from: 'dispatched', to: 'delivered', user_id: manager, title: order.listing_title },
      { by: 'gona', from: 'delivered', to: 'completed', user_id: null, title: order.listing_title },
    ]);
    // Orders are money: a worker's history has none of their rows.
    expect(await stepsOf(order.id, 'worker')).toEqual([]);
  });

  it('a decline, a buyer cancelling a paid order, and a buyer confirming and releasing each write their row', async () => {
    const listing = await seedListing(app.t, team.farm.id);
    const manager = team.cookies.manager;

    const declined = await placePaidOrder(app, buyer, listing);
    await step(declined.id, 'decline', { version: 2 }, manager);
    expect(await stepsOf(declined.id)).toMatchObject([{ by: 'seller', from: 'paid', to: 'declined' }]);

    const cancelled = await placePaidOrder(app, buyer, listing);
    await step(cancelled.id, 'cancel', {}, buyer.cookie);
    expect(await stepsOf(cancelled.id)).toEqual([
      { by: 'buyer', from: 'paid', to: 'cancelled', user_id: buyer.user.id, title: listing.title },
    ]);

    const received = await placePaidOrder(app, buyer, listing);
    await step(received.id, 'accept', { version: 2 }, manager);
    const today = dateIn(DEFAULT_TIMEZONE, new Date(app.t.deps.now()));
    await step(received.id, 'dispatch', { version: 3, expected_on: today }, manager);
    await step(received.id, 'received', { version: 4 }, buyer.cookie);
    await step(received.id, 'complete', { version: 5 }, buyer.cookie);
    expect((await stepsOf(received.id)).map((s) => [s.by, s.to])).toEqual([
      ['seller', 'accepted'],
      ['seller', 'dispatched'],
      ['buyer', 'delivered'],
      ['buyer', 'completed'],
    ]);
  });
});
