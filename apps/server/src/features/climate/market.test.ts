import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Climate } from '@gona/shared/climate';
import type { Notification } from '@gona/shared/notifications';
import type { Page } from '@gona/shared/pagination';
import type { Db } from '../../db/client';
import { climate_alerts, crop_harvests, crops, farms, listings, livestock } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { createLogger } from '../../lib/logger';
import { createTestContext, type TestContext } from '../../test/context';
import { seedFarm, seedFarmTeam, seedUser, type FarmTeam } from '../../test/farm-team';
import { syncMarketAlerts } from './market.service';

const DAY_MS = 24 * 60 * 60 * 1000;
const logger = createLogger('silent');

let t: TestContext;
/** A farm of its own that sells on the marketplace, in each state the listings come from. */
const sellers = new Map<string, string>();

beforeAll(async () => {
  t = await createTestContext();
  // On PostgreSQL a worker's test files share one database: listings other files published at the
  // real time stay out of this file's windows once its clock is years ahead.
  t.clock.advance(3 * 365 * 24 * 60 * 60);
  const { user } = await seedUser(t);
  for (const state of ['Kaduna', 'Lagos', 'Kano'] as const)
    sellers.set(state, (await seedFarm(t, user.id, { state })).id);
});

const now = () => new Date(t.deps.now());
const run = () => syncMarketAlerts({ db: t.db, logger }, now());

/** A published crop listing `daysAgo` days before now, priced a bag of 100 kg at `nairaPerKg` a kg. */
function listing(
  product_key: string,
  state: string,
  daysAgo: number,
  nairaPerKg: number,
  extra: Partial<typeof listings.$inferInsert> = {},
) {
  return {
    farm_id: sellers.get(state)!,
    status: 'active' as const,
    category: 'crop' as const,
    product_key,
    title: `${product_key} grain`,
    quantity_available: '20',
    unit: 'bag_100kg' as const,
    unit_kg: '100',
    min_order: '1',
    price_kobo: nairaPerKg * 100 * 100,
    state,
    published_at: new Date(now().getTime() - daysAgo * DAY_MS),
    ...extra,
  };
}

/** `count` listings, the first made with 1, the next with 2 (days ago, as `make` uses it), … */
const many = (count: number, make: (daysAgo: number) => ReturnType<typeof listing>) =>
  Array.from({ length: count }, (_, i) => make(i + 1));

/** A planting of `cropKey` growing on the farm (or harvested, for produce kept in store). */
async function plant(farmId: string, crop_key: string, status: 'growing' | 'harvested' = 'growing') {
  const [row] = await t.db
    .insert(crops)
    .values({
      farm_id: farmId,
      crop_key,
      season: 'main',
      planting_date: '2026-05-01',
      expected_harvest: '2026-09-01',
      status,
    })
    .returning({ id: crops.id });
  return row!.id;
}

async function inState(state: string): Promise<FarmTeam> {
  const team = await seedFarmTeam(t);
  await t.db.update(farms).set({ state }).where(eq(farms.id, team.farm.id));
  return team;
}

const inbox = async (team: FarmTeam, who: 'owner' | 'manager' | 'worker' = 'owner') =>
  (
    await t.request<Page<Notification>>('GET', '/api/notifications', { cookie: team.cookies[who] })
  ).body.items.filter((n) => n.kind === 'climate_alert');

const climateOf = async (team: FarmTeam) =>
  (await t.request<Climate>('GET', `${team.base}/climate`, { cookie: team.cookies.viewer })).body;

const alertsOf = (team: FarmTeam) =>
  t.db
    .select()
    .from(climate_alerts)
    .where(and(eq(climate_alerts.farm_id, team.farm.id), eq(climate_alerts.rule, 'market_price')));

describe('market-price alerts', () => {
  it('tells a farm growing maize once of a 20% rise in its state, and no one else', async () => {
    const grower = await inState('Kaduna');
    const lagosGrower = await inState('Lagos');
    const cassava = await inState('Kaduna');
    await plant(grower.farm.id, 'maize');
    await plant(lagosGrower.farm.id, 'maize');
    await plant(cassava.farm.id, 'cassava');
    await t.db.insert(listings).values([
      // Kaduna: ₦500 a kg in the 28 days before this week, ₦600 this week.
      ...many(5, (day) => listing('maize', 'Kaduna', 8 + day * 4, 500)),
      ...many(5, (day) => listing('maize', 'Kaduna', day, 600)),
      // Lagos held at ₦500: Nigeria as a whole moved 10 %, and the Lagos farm is told nothing.
      ...many(5, (day) => listing('maize', 'Lagos', 8 + day * 4, 500)),
      ...many(5, (day) => listing('maize', 'Lagos', day, 500)),
      // Never counted (5 of each would move the median): listings Gona hid, drafts, the grower's
      // own, and those older than 35 days.
      ...many(5, (day) => listing('maize', 'Kaduna', day, 5000, { hidden_at: now(), hidden_reason: 'x' })),
      ...many(5, (day) => listing('maize', 'Kaduna', day, 9000, { status: 'draft' })),
      ...many(5, (day) => listing('maize', 'Kaduna', day, 9000, { farm_id: grower.farm.id })),
      ...many(6, (day) => listing('maize', 'Kaduna', 35 + day, 100)),
    ]);

    await run();
    const told = await inbox(grower);
    expect(told).toEqual([
      expect.objectContaining({
        title: 'Maize prices are up 20% this week',
        body: '₦600 a kg, was ₦500 (Gona marketplace listings in your state). A good time to sell what Green Acres has in store: compare offers on the marketplace.',
        link: '/dashboard/climate',
      }),
    ]);
    expect(await inbox(grower, 'manager')).toHaveLength(1);
    expect(await inbox(grower, 'worker')).toEqual([]);
    expect(await inbox(lagosGrower)).toEqual([]);
    expect(await inbox(cassava)).toEqual([]);

    // The climate screen lists it with the warnings, weather or none.
    const screen = await climateOf(grower);
    expect(screen.status).toBe('not_configured');
    expect(screen.alerts).toEqual([
      expect.objectContaining({
        rule: 'market_price',
        severity: 'info',
        about_name: 'Maize',
        values: { change_percent: 20, price_kobo: 60_000, was_kobo: 50_000, in_state: 1 },
      }),
    ]);
    expect((await climateOf(cassava)).alerts).toEqual([]);

    // The next day the rise is still there: the alert is kept up to date, not sent again.
    t.clock.advance(24 * 60 * 60);
    await run();
    expect(await inbox(grower)).toHaveLength(1);
    expect((await alertsOf(grower)).filter((alert) => alert.status === 'open')).toHaveLength(1);

    // A week and more on, with no new listings, prices say nothing and the alert's week has passed:
    // it is resolved at the app's clock (years ahead of the real time here).
    t.clock.advance(8 * 24 * 60 * 60);
    await run();
    expect((await alertsOf(grower)).map((alert) => alert.status)).toEqual(['resolved']);
    expect((await alertsOf(grower))[0]!.updated_at).toEqual(now());
    expect(await inbox(grower)).toHaveLength(1);
  });

  it('says nothing with fewer than 5 listings in a window, and speaks at the fifth', async () => {
    const grower = await inState('Kano');
    await plant(grower.farm.id, 'rice');
    await t.db
      .insert(listings)
      .values([
        ...many(5, (day) => listing('rice', 'Kano', 8 + day * 4, 800)),
        ...many(4, (day) => listing('rice', 'Kano', day, 1200)),
      ]);
    await run();
    expect(await inbox(grower)).toEqual([]);
    expect(await alertsOf(grower)).toEqual([]);

    await t.db.insert(listings).values(listing('rice', 'Kano', 5, 1200));
    await run();
    expect((await inbox(grower)).map((n) => n.title)).toEqual(['Rice prices are up 50% this week']);
  });

  it('tells a farm with produce in store of a fall, from all Nigeria when its state has too few', async () => {
    const keeper = await inState('Kano');
    const cropId = await plant(keeper.farm.id, 'sorghum', 'harvested');
    await t.db.insert(crop_harvests).values({
      id: newId(),
      farm_id: keeper.farm.id,
      crop_id: cropId,
      date: '2026-10-01',
      quantity: '10',
      unit: 'bag_100kg',
      kg: '1000',
      destination: 'stored',
    });
    await t.db
      .insert(listings)
      .values([
        ...many(5, (day) => listing('sorghum', 'Lagos', 8 + day * 4, 500)),
        ...many(5, (day) => listing('sorghum', 'Kaduna', day, 400)),
        ...many(2, (day) => listing('sorghum', 'Kano', day, 300)),
      ]);
    await run();
    // Nigeria: ₦500 before; this week 5 at ₦400 and 2 at ₦300, a median of ₦400.
    expect(await inbox(keeper)).toEqual([
      expect.objectContaining({
        title: 'Sorghum prices are down 20% this week',
        body: '₦400 a kg, was ₦500 (Gona marketplace listings across Nigeria). If what Green Acres has in store keeps, hold it for now and compare buyers before you sell.',
      }),
    ]);
    expect((await alertsOf(keeper))[0]).toMatchObject({
      product_key: 'sorghum',
      severity: 'info',
      status: 'open',
      values: { change_percent: -20, price_kobo: 40_000, was_kobo: 50_000, in_state: 0 },
    });

    // Within the week prices turn and rise: that is news, and the fall is closed.
    await t.db.insert(listings).values(many(10, () => listing('sorghum', 'Kaduna', 0.5, 700)));
    await run();
    expect((await inbox(keeper)).map((n) => n.title)).toEqual([
      'Sorghum prices are up 40% this week',
      'Sorghum prices are down 20% this week',
    ]);
    expect((await alertsOf(keeper)).map((alert) => [alert.status, alert.values.change_percent])).toEqual(
      expect.arrayContaining([
        ['resolved', -20],
        ['open', 40],
      ]),
    );
  });

  it("keeps up to date and closes alerts at the app's clock", async () => {
    const keeper = await inState('Kaduna');
    await plant(keeper.farm.id, 'soybean');
    await t.db
      .insert(listings)
      .values([
        ...many(5, (day) => listing('soybean', 'Kaduna', 8 + day * 4, 500)),
        ...many(5, (day) => listing('soybean', 'Kaduna', day, 700)),
      ]);
    await run();
    t.clock.advance(60 * 60);
    await run();
    const [kept] = await alertsOf(keeper);
    expect(kept).toMatchObject({ status: 'open', updated_at: now() });

    // Prices turn: the rise is closed at that moment and the fall stored.
    t.clock.advance(60 * 60);
    await t.db.insert(listings).values(many(12, () => listing('soybean', 'Kaduna', 0.01, 300)));
    await run();
    expect(
      (await alertsOf(keeper)).map((alert) => [alert.status, alert.updated_at.getTime() === now().getTime()]),
    ).toEqual(
      expect.arrayContaining([
        ['resolved', true],
        ['open', true],
      ]),
    );
  });

  it('leaves out the asking prices of listings off sale for a withdrawal period', async () => {
    const grower = await inState('Lagos');
    await plant(grower.farm.id, 'yam');
    // A group of the selling farm treated with a withdrawal that ends in 10 days.
    const [animal] = await t.db
      .insert(livestock)
      .values({
        farm_id: sellers.get('Lagos')!,
        kind: 'group',
        species: 'chicken_layer',
        acquisition: 'bought',
        name: 'Pen A',
        head_count: 50,
        withdrawal_until: new Date(now().getTime() + 10 * DAY_MS).toISOString().slice(0, 10),
      })
      .returning({ id: livestock.id });
    await t.db.insert(listings).values([
      ...many(5, (day) => listing('yam', 'Lagos', 8 + day * 4, 400)),
      ...many(5, (day) => listing('yam', 'Lagos', day, 400)),
      // Withheld: were they counted, this week's median would be ₦2,000 a kg.
      ...many(7, (day) => listing('yam', 'Lagos', day, 2000, { animal_id: animal!.id })),
    ]);
    await run();
    expect(await inbox(grower)).toEqual([]);

    // The period over (it ended yesterday), they are asking prices again and the rise is news.
    await t.db
      .update(livestock)
      .set({ withdrawal_until: new Date(now().getTime() - DAY_MS).toISOString().slice(0, 10) })
      .where(eq(livestock.id, animal!.id));
    await run();
    expect((await inbox(grower)).map((n) => n.title)).toEqual([expect.stringMatching(/^Yam prices are up/)]);
  });

  it("reads the farms a page at a time and writes a farm's alerts in a few statements, whatever the crops", async () => {
    const grower = await inState('Kano');
    const products = ['cowpea', 'groundnut', 'millet', 'sesame'];
    for (const product of products) {
      await plant(grower.farm.id, product);
      await t.db
        .insert(listings)
        .values([
          ...many(5, (day) => listing(product, 'Kano', 8 + day * 4, 500)),
          ...many(5, (day) => listing(product, 'Kano', day, 800)),
        ]);
    }
    await run();
    expect(await inbox(grower)).toHaveLength(products.length);

    // The next hour all four rises still hold: each alert is kept up to date.
    t.clock.advance(60 * 60);
    const seen = watch(t.db);
    await syncMarketAlerts({ db: seen.db, logger }, now(), { pageSize: 2 });
    expect(Math.max(...seen.farmRows)).toBeLessThanOrEqual(2);
    expect(seen.farmRows.length).toBeGreaterThan(1);
    // Per farm: past weeks resolved, running ones updated, turned ones closed; never one per crop.
    expect(Math.max(...seen.writesPerTransaction)).toBeLessThanOrEqual(3);
    expect((await alertsOf(grower)).map((alert) => [alert.status, alert.updated_at])).toEqual(
      products.map(() => ['open', now()]),
    );
    expect(await inbox(grower)).toHaveLength(products.length);
  });
});

/**
 * The database as the sync sees it, counting: the rows of each raw statement read outside a
 * transaction (the concerned farms' pages), and the updates made within each transaction.
 */
function watch(db: Db) {
  const farmRows: number[] = [];
  const writesPerTransaction: number[] = [];
  const wrap = <T extends object>(target: T, writes: { count: number } | null): T =>
    new Proxy(target, {
      get(obj, key) {
        const value: unknown = Reflect.get(obj, key);
        if (typeof value !== 'function') return value;
        const fn = value as (...args: unknown[]) => unknown;
        if (key === 'transaction')
          return async (work: (tx: object) => Promise<unknown>, ...rest: unknown[]) => {
            const mine = { count: 0 };
            try {
              return await fn.call(obj, (tx: object) => work(wrap(tx, mine)), ...rest);
            } finally {
              writesPerTransaction.push(mine.count);
            }
          };
        if (key === 'update' || key === 'execute')
          return (...args: unknown[]) => {
            if (writes) writes.count += 1;
            const result = fn.apply(obj, args);
            if (key === 'execute' && !writes)
              return (result as Promise<{ rows: unknown[] }>).then((answer) => {
                farmRows.push(answer.rows.length);
                return answer;
              });
            return result;
          };
        return fn.bind(obj);
      },
    });
  return { db: wrap(db, null), farmRows, writesPerTransaction };
}
