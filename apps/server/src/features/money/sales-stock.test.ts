import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@gona/shared';
import type { SaleStock, SaleWithPayments } from '@gona/shared/finance';
import type { Livestock, LivestockEvent } from '@gona/shared/livestock';
import type { Page } from '@gona/shared/pagination';
import { livestock_events, sales } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { createTestContext, type TestContext } from '../../test/context';
import { seedFarmTeam, type FarmTeam } from '../../test/farm-team';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});

const post = <T>(on: FarmTeam, path: string, body: unknown, cookie = on.cookies.owner) =>
  t.request<T>('POST', `${on.base}/${path}`, { cookie, body });
const get = <T>(on: FarmTeam, path: string, cookie = on.cookies.owner) =>
  t.request<T>('GET', `${on.base}/${path}`, { cookie });
const patch = <T>(on: FarmTeam, path: string, body: unknown, cookie = on.cookies.manager) =>
  t.request<T>('PATCH', `${on.base}/${path}`, { cookie, body });

async function made<T>(res: Promise<{ status: number; text: string; body: T }>, status = 201): Promise<T> {
  const answer = await res;
  if (answer.status !== status) throw new Error(`${answer.status} ${answer.text}`);
  return answer.body;
}

/** A maize planting with stored harvests: 5 bags of 100 kg and a basket weighed at 20 kg (520 kg), and 300 kg sold at the field. */
async function maizeInStore(on: FarmTeam): Promise<void> {
  const crop = await made(
    post<{ id: string }>(on, 'crops', {
      id: newId(),
      crop_key: 'maize',
      area_planted: '2',
      season: 'main',
      planting_date: '2026-04-10',
    }),
  );
  for (const harvest of [
    { quantity: '5', unit: 'bag_100kg', destination: 'stored' },
    { quantity: '1', unit: 'basket', kg: '20', destination: 'stored' },
    { quantity: '3', unit: 'bag_100kg', destination: 'sold' },
  ])
    await made(post(on, `crops/${crop.id}/harvests`, { id: newId(), date: '2026-08-20', ...harvest }));
}

/** A layer flock that laid 412 eggs (5 cracked) and then 100: 507 eggs in hand. */
async function layersWithEggs(on: FarmTeam): Promise<{ id: string }> {
  const flock = await made(
    post<{ id: string }>(on, 'livestock', {
      kind: 'group',
      species: 'chicken_layer',
      name: 'Layers House A',
      head_count: 500,
      acquisition: 'bought',
    }),
  );
  await made(
    post(on, `livestock/${flock.id}/production`, {
      id: newId(),
      date: '2026-08-01',
      eggs_collected: 412,
      eggs_cracked: 5,
    }),
  );
  await made(
    post(on, `livestock/${flock.id}/production`, { id: newId(), date: '2026-08-02', eggs_collected: 100 }),
  );
  return flock;
}

const maizeSale = (extra: Record<string, unknown> = {}) => ({
  id: newId(),
  date: '2026-09-01',
  product: 'Maize grain',
  quantity: 3,
  unit: 'bag_50kg',
  amount_kobo: 9_000_000,
  stock_kind: 'harvest',
  stock_crop_key: 'maize',
  ...extra,
});

const eggSale = (extra: Record<string, unknown> = {}) => ({
  id: newId(),
  date: '2026-09-01',
  product: 'Eggs',
  quantity: 2,
  unit: 'crate',
  amount_kobo: 800_000,
  stock_kind: 'eggs',
  ...extra,
});

describe('GET /money/stock', () => {
  it('answers stored harvest by crop and eggs in hand to money readers only', async () => {
    const on = await seedFarmTeam(t);
    await maizeInStore(on);
    await layersWithEggs(on);
    const url = `${on.base}/money/stock`;
    expect((await t.request('GET', url)).status).toBe(401);
    expect((await t.request('GET', url, { cookie: on.cookies.stranger })).status).toBe(404);
    expect((await t.request('GET', url, { cookie: on.cookies.worker })).status).toBe(403);
    // It takes no input but the farm; an id that is not one names no farm, as everywhere.
    const malformed = await t.request('GET', '/api/farms/not-a-farm/money/stock', {
      cookie: on.cookies.owner,
    });
    expect(malformed.status).toBe(404);
    const viewer = await t.request<SaleStock>('GET', url, { cookie: on.cookies.viewer });
    expect([viewer.status, viewer.body]).toEqual([
      200,
      { harvest: [{ crop_key: 'maize', crop_name: 'Maize', kg: '520' }], eggs: 507 },
    ]);
    const other = await seedFarmTeam(t);
    expect((await get<SaleStock>(other, 'money/stock')).body).toEqual({ harvest: [], eggs: 0 });
  });
});

describe('selling from stored harvest and eggs', () => {
  it('lowers the store by the kg and eggs sold, here and in the produce the marketplace sells from', async () => {
    const on = await seedFarmTeam(t);
    await maizeInStore(on);
    await layersWithEggs(on);

    const maize = await made(post<SaleWithPayments>(on, 'sales', maizeSale()));
    expect(maize).toMatchObject({ stock_kind: 'harvest', stock_crop_key: 'maize', stock_quantity: '150' });
    // A basket has no fixed weight: the kg it took are said.
    await made(
      post(on, 'sales', maizeSale({ quantity: 2, unit: 'basket', amount_kobo: 1_000, stock_quantity: 45.5 })),
    );
    const eggs = await made(post<SaleWithPayments>(on, 'sales', eggSale()));
    expect(eggs).toMatchObject({ stock_kind: 'eggs', stock_crop_key: null, stock_quantity: '60' });
    await made(post(on, 'sales', eggSale({ quantity: 7, unit: 'piece', amount_kobo: 70_000 })));

    // 520 − 150 − 45.5 kg; 507 − 60 − 7 eggs.
    expect((await get<SaleStock>(on, 'money/stock')).body).toEqual({
      harvest: [{ crop_key: 'maize', crop_name: 'Maize', kg: '324.5' }],
      eggs: 440,
    });
    const produce = await get<{ items: { kg: string }[] }>(on, 'produce-stock', on.cookies.worker);
    expect(produce.body.items).toEqual([{ crop_key: 'maize', crop_name: 'Maize', kg: '324.5' }]);

    // A replay of the same sale takes nothing twice.
    const again = await post<SaleWithPayments>(on, 'sales', { ...maizeSale(), id: maize.id });
    expect(again.status).toBe(201);
    expect((await get<SaleStock>(on, 'money/stock')).body.harvest[0]!.kg).toBe('324.5');
  });

  it('refuses more than is held, beside the field the amount came from, and saves nothing', async () => {
    const on = await seedFarmTeam(t);
    await maizeInStore(on);
    await layersWithEggs(on);

    const tooMuch = await post<ErrorBody>(on, 'sales', maizeSale({ quantity: 6, unit: 'bag_100kg' }));
    expect([tooMuch.status, tooMuch.body.error.fields]).toEqual([
      400,
      { quantity: 'Only 520 kg of maize is in store' },
    ]);
    const typed = await post<ErrorBody>(
      on,
      'sales',
      maizeSale({ quantity: 30, unit: 'basket', stock_quantity: 520.001 }),
    );
    expect([typed.status, typed.body.error.fields]).toEqual([
      400,
      { stock_quantity: 'Only 520 kg of maize is in store' },
    ]);
    const beans = await post<ErrorBody>(on, 'sales', maizeSale({ stock_crop_key: 'cowpea' }));
    expect([beans.status, beans.body.error.fields]).toEqual([400, { quantity: 'No cowpea is in store' }]);
    const eggs = await post<ErrorBody>(on, 'sales', eggSale({ quantity: 17 }));
    expect([eggs.status, eggs.body.error.fields]).toEqual([400, { quantity: 'Only 507 eggs are in hand' }]);
    const count = await t.db.select().from(sales).where(eq(sales.farm_id, on.farm.id));
    expect(count).toEqual([]);

    // Exactly what is held goes.
    await made(post(on, 'sales', maizeSale({ quantity: 5.2, unit: 'bag_100kg' })));
    await made(post(on, 'sales', eggSale({ quantity: 507, unit: 'piece' })));
    expect((await get<SaleStock>(on, 'money/stock')).body).toEqual({ harvest: [], eggs: 0 });
    const empty = await post<ErrorBody>(on, 'sales', eggSale({ quantity: 1, unit: 'piece' }));
    expect(empty.body.error.fields).toEqual({
      quantity: 'No eggs are in hand: record the eggs collected first',
    });
  });

  it('says what is wrong with the stock fields next to them', async () => {
    const on = await seedFarmTeam(t);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ stock_kind: 'gold' }, { stock_kind: 'Choose where it was taken from' }],
      [{ stock_crop_key: null }, { stock_crop_key: 'Choose the crop it was taken from' }],
      [{ unit: 'basket' }, { stock_quantity: 'Enter how many kg it took from store' }],
      [
        { stock_quantity: 100 },
        { stock_quantity: 'The kg come from the quantity for this unit; leave this empty' },
      ],
      [{ stock_quantity: -3, unit: 'basket' }, { stock_quantity: 'Enter 0 or more' }],
      [{ stock_quantity: '0', unit: 'basket' }, { stock_quantity: 'Enter an amount above 0' }],
      [
        { stock_quantity: '12.3456', unit: 'basket' },
        { stock_quantity: 'Use at most 3 decimals, e.g. 2.125' },
      ],
    ];
    for (const [change, fields] of cases) {
      const res = await post<ErrorBody>(on, 'sales', maizeSale(change));
      expect([res.status, res.body.error.fields], JSON.stringify(change)).toEqual([400, fields]);
    }
    const half = await post<ErrorBody>(on, 'sales', eggSale({ quantity: 0.05 }));
    expect(half.body.error.fields).toEqual({ quantity: 'Eggs are sold whole: 0.05 crates is 1.5 eggs' });
    const tray = await post<ErrorBody>(on, 'sales', eggSale({ unit: 'basket', stock_quantity: 2.5 }));
    expect(tray.body.error.fields).toEqual({ stock_quantity: 'Enter a whole number of eggs' });
    const worker = await post<ErrorBody>(on, 'sales', maizeSale(), on.cookies.worker);
    const viewer = await post<ErrorBody>(on, 'sales', maizeSale(), on.cookies.viewer);
    expect([worker.status, viewer.status]).toEqual([403, 403]);
  });

  it('gives back what a changed or deleted sale no longer takes, and checks what it takes more', async () => {
    const on = await seedFarmTeam(t);
    await maizeInStore(on);
    await layersWithEggs(on);
    const sale = await made(
      post<SaleWithPayments>(on, 'sales', maizeSale({ quantity: 4, unit: 'bag_100kg' })),
    );
    const kg = async () => (await get<SaleStock>(on, 'money/stock')).body;
    expect((await kg()).harvest[0]!.kg).toBe('120');

    const fewer = await made(
      patch<SaleWithPayments>(on, `sales/${sale.id}`, { quantity: 1, version: sale.version }),
      200,
    );
    expect(fewer.stock_quantity).toBe('100');
    expect((await kg()).harvest[0]!.kg).toBe('420');

    // Checked against the store without this sale's own 100 kg.
    const more = await patch<ErrorBody>(on, `sales/${sale.id}`, {
      quantity: 521,
      unit: 'kg',
      version: fewer.version,
    });
    expect([more.status, more.body.error.fields]).toEqual([
      400,
      { quantity: 'Only 520 kg of maize is in store' },
    ]);
    const all = await made(
      patch<SaleWithPayments>(on, `sales/${sale.id}`, { quantity: 520, unit: 'kg', version: fewer.version }),
      200,
    );
    expect((await kg()).harvest).toEqual([]);

    // A changed price alone checks no stock.
    const priced = await made(
      patch<SaleWithPayments>(on, `sales/${sale.id}`, { amount_kobo: 9_500_000, version: all.version }),
      200,
    );
    expect(priced.stock_quantity).toBe('520');

    // Taken from the eggs instead: the kg come back, the eggs go.
    const eggs = await made(
      patch<SaleWithPayments>(on, `sales/${sale.id}`, {
        stock_kind: 'eggs',
        stock_crop_key: null,
        quantity: 10,
        unit: 'crate',
        version: priced.version,
      }),
      200,
    );
    expect(eggs).toMatchObject({ stock_kind: 'eggs', stock_crop_key: null, stock_quantity: '300' });
    expect(await kg()).toEqual({
      harvest: [{ crop_key: 'maize', crop_name: 'Maize', kg: '520' }],
      eggs: 207,
    });

    const stale = await patch<ErrorBody>(on, `sales/${sale.id}`, { quantity: 1, version: priced.version });
    expect(stale.status).toBe(409);

    const gone = await t.request('DELETE', `${on.base}/sales/${sale.id}`, { cookie: on.cookies.owner });
    expect(gone.status).toBe(204);
    expect((await kg()).eggs).toBe(507);
  });

  it('lets only one of two sales racing for the last kg through', async () => {
    const on = await seedFarmTeam(t);
    await maizeInStore(on);
    // 520 kg in store: five buyers at once want 200 kg each; two get it, three are told what is left.
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        post<SaleWithPayments | ErrorBody>(on, 'sales', maizeSale({ quantity: 200, unit: 'kg' })),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 400, 400, 400]);
    for (const refused of answers.filter((a) => a.status === 400))
      expect((refused.body as ErrorBody).error.fields).toEqual({
        quantity: 'Only 120 kg of maize is in store',
      });
    expect((await get<SaleStock>(on, 'money/stock')).body.harvest[0]!.kg).toBe('120');
  });
});

describe('selling animals off a group’s count', () => {
  async function broilers(on: FarmTeam, head_count = 200): Promise<Livestock> {
    return made(
      post<Livestock>(on, 'livestock', {
        kind: 'group',
        species: 'chicken_broiler',
        name: 'Broilers A',
        head_count,
        acquisition: 'bought',
      }),
    );
  }
  const headSale = (animalId: string, extra: Record<string, unknown> = {}) => ({
    id: newId(),
    date: '2026-09-03',
    buyer_name: 'Chicken Republic',
    product: 'Live broilers',
    quantity: 20,
    unit: 'head',
    amount_kobo: 7_000_000,
    animal_id: animalId,
    take_off_count: true,
    ...extra,
  });

  it('records the group’s sale event with the sale, once, and refuses more heads than it has', async () => {
    const on = await seedFarmTeam(t);
    const group = await broilers(on);
    const body = headSale(group.id);
    const sale = await made(post<SaleWithPayments>(on, 'sales', body));
    await made(post(on, 'sales', body));
    expect(sale.livestock_event_id).not.toBeNull();
    const animal = await get<Livestock>(on, `livestock/${group.id}`);
    expect(animal.body.head_count).toBe(180);
    // Beside the purchase that started the group, one sale.
    const events = await get<Page<LivestockEvent>>(on, `livestock/${group.id}/events`);
    expect(
      events.body.items
        .filter((e) => e.kind !== 'purchase')
        .map((e) => [e.id, e.kind, e.count, e.head_count_after, e.price_kobo, e.date]),
    ).toEqual([[sale.livestock_event_id, 'sale', 20, 180, 7_000_000, '2026-09-03']]);

    const tooMany = await post<ErrorBody>(on, 'sales', headSale(group.id, { quantity: 181 }));
    expect([tooMany.status, tooMany.body.error.fields]).toEqual([
      400,
      { quantity: 'Only 180 animals are left in Broilers A' },
    ]);
    expect(await t.db.select().from(sales).where(eq(sales.farm_id, on.farm.id))).toHaveLength(1);
    expect((await get<Livestock>(on, `livestock/${group.id}`)).body.head_count).toBe(180);
    // Without the box, the sale is money only and the count stays.
    await made(post(on, 'sales', headSale(group.id, { take_off_count: false, quantity: 500 })));
    expect((await get<Livestock>(on, `livestock/${group.id}`)).body.head_count).toBe(180);

    // The last heads sold mark the group sold.
    await made(post(on, 'sales', headSale(group.id, { quantity: 180 })));
    expect((await get<Livestock>(on, `livestock/${group.id}`)).body).toMatchObject({
      head_count: 0,
      status: 'sold',
    });
    const none = await post<ErrorBody>(on, 'sales', headSale(group.id, { quantity: 1 }));
    expect(none.body.error.fields).toEqual({ quantity: 'No animals are left in Broilers A' });
  });

  it('asks for the group, a sale by the head and whole heads, next to each field', async () => {
    const on = await seedFarmTeam(t);
    const group = await broilers(on);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ animal_id: null }, { animal_id: 'Choose the group the animals were sold from' }],
      [{ unit: 'kg' }, { unit: 'Animals taken off a count are sold by the head' }],
      [{ quantity: 2.5 }, { quantity: 'Enter a whole number of head' }],
      [
        { stock_kind: 'eggs' },
        { stock_kind: 'Animals sold off a count are not taken from store: choose "Not from store"' },
      ],
      [{ take_off_count: 'yes' }, { take_off_count: 'Say whether to take the animals off the count' }],
    ];
    for (const [change, fields] of cases) {
      const res = await post<ErrorBody>(on, 'sales', headSale(group.id, change));
      expect([res.status, res.body.error.fields], JSON.stringify(change)).toEqual([400, fields]);
    }
    const other = await seedFarmTeam(t);
    const theirs = await broilers(other);
    const foreign = await post<ErrorBody>(on, 'sales', headSale(theirs.id));
    expect(foreign.body.error.fields).toEqual({ animal_id: 'Choose an animal or group of this farm' });
    expect((await get<Livestock>(other, `livestock/${theirs.id}`)).body.head_count).toBe(200);
  });

  it('keeps the heads off the count when the sale changes or goes, and changes only its money', async () => {
    const on = await seedFarmTeam(t);
    const group = await broilers(on);
    const sale = await made(post<SaleWithPayments>(on, 'sales', headSale(group.id)));
    for (const [change, field] of [
      [{ quantity: 25 }, 'quantity'],
      [{ unit: 'crate' }, 'unit'],
      [{ animal_id: null }, 'animal_id'],
    ] as const) {
      const res = await patch<ErrorBody>(on, `sales/${sale.id}`, { ...change, version: sale.version });
      expect([res.status, res.body.error.fields]).toEqual([
        400,
        {
          [field]:
            'These animals were taken off the group’s count when the sale was recorded, so this stays as it is',
        },
      ]);
    }
    const repriced = await made(
      patch<SaleWithPayments>(on, `sales/${sale.id}`, {
        amount_kobo: 7_200_000,
        quantity: 20,
        buyer_name: 'Mr Bello',
        version: sale.version,
      }),
      200,
    );
    expect(repriced).toMatchObject({ amount_kobo: 7_200_000, buyer_name: 'Mr Bello', quantity: '20' });

    const gone = await t.request('DELETE', `${on.base}/sales/${sale.id}`, { cookie: on.cookies.manager });
    expect(gone.status).toBe(204);
    expect((await get<Livestock>(on, `livestock/${group.id}`)).body.head_count).toBe(180);
    const kept = await t.db
      .select()
      .from(livestock_events)
      .where(
        and(eq(livestock_events.farm_id, on.farm.id), eq(livestock_events.id, sale.livestock_event_id!)),
      );
    expect(kept.map((e) => [e.kind, e.change])).toEqual([['sale', -20]]);
  });
});
