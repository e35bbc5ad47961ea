import { describe, expect, it } from 'vitest';
import type { Notification, UnreadCount } from '@gona/shared/notifications';
import type { Page } from '@gona/shared/pagination';
import { createTestContext } from '../../test/context';
import { seedFarmTeam, type FarmTeam } from '../../test/farm-team';
import { addSupply, movement } from './inventory.test-setup';

const t = await createTestContext();

/** A supply of the team's farm taken to its low-stock level by the worker's stock use. */
async function lowStock(team: FarmTeam, name: string) {
  const supply = await addSupply(t, team, { name, quantity: '10', low_threshold: '3' });
  const used = await t.request('POST', `${team.base}/supplies/${supply.id}/movements`, {
    cookie: team.cookies.worker,
    body: movement('used', '8'),
  });
  expect(used.status).toBe(201);
  return supply;
}

describe('low stock from a stock movement', () => {
  it("notifies the farm's owner and manager once per alert, not the worker or the viewer", async () => {
    const team = await seedFarmTeam(t);
    const supply = await lowStock(team, 'Grower mash');
    const unread = async (who: 'owner' | 'manager' | 'worker' | 'viewer') =>
      (await t.request<UnreadCount>('GET', '/api/notifications/unread-count', { cookie: team.cookies[who] }))
        .body.unread;
    expect(await unread('owner')).toBe(1);
    expect(await unread('manager')).toBe(1);
    expect(await unread('worker')).toBe(0);
    expect(await unread('viewer')).toBe(0);

    const list = await t.request<Page<Notification>>('GET', '/api/notifications', {
      cookie: team.cookies.manager,
    });
    expect(list.body.items).toEqual([
      expect.objectContaining({
        kind: 'low_stock',
        title: 'Low stock: Grower mash',
        body: 'Grower mash: 2 bags (50 kg) left (low at 3 bags (50 kg)). Buy more before it runs out.',
        params: {
          supply_id: supply.id,
          supply_name: 'Grower mash',
          quantity: '2',
          low_threshold: '3',
          unit: 'bag_50kg',
        },
        link: `/dashboard/inventory/${supply.id}`,
        farm_id: team.farm.id,
        read_at: null,
      }),
    ]);

    // Still low: the open alert already told them.
    await t.request('POST', `${team.base}/supplies/${supply.id}/movements`, {
      cookie: team.cookies.worker,
      body: movement('used', '1'),
    });
    expect(await unread('owner')).toBe(1);
    // Restocked, then low again: a new alert, a new notification.
    for (const [kind, quantity] of [
      ['received', '20'],
      ['used', '19'],
    ] as const)
      await t.request('POST', `${team.base}/supplies/${supply.id}/movements`, {
        cookie: team.cookies.owner,
        body: movement(kind, quantity),
      });
    expect(await unread('owner')).toBe(2);
    expect(await unread('worker')).toBe(0);
  });

  it('tells nobody when the movement is refused', async () => {
    const team = await seedFarmTeam(t);
    const supply = await addSupply(t, team, { quantity: '2', low_threshold: '1' });
    const refused = await t.request('POST', `${team.base}/supplies/${supply.id}/movements`, {
      cookie: team.cookies.worker,
      body: movement('used', '5'),
    });
    expect(refused.status).toBe(409);
    const count = await t.request<UnreadCount>('GET', '/api/notifications/unread-count', {
      cookie: team.cookies.owner,
    });
    expect(count.body.unread).toBe(0);
  });
});
