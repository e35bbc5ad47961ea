import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@gona/shared';
import type {
  Cash,
  Expense,
  ExpenseTotals,
  ExpenseWithReceipts,
  Owed,
  Profit,
  Sale,
  SaleWithPayments,
} from '@gona/shared/finance';
import type { Page } from '@gona/shared/pagination';
import { audit_logs, expense_allocations } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { createTestContext, type TestContext } from '../../test/context';
import { seedFarmTeam, type FarmTeam } from '../../test/farm-team';
import { uploadPhoto } from '../../test/photos';

let t: TestContext;
let team: FarmTeam;

beforeAll(async () => {
  t = await createTestContext();
  team = await seedFarmTeam(t);
});

const post = <T>(path: string, body: unknown, on = team, cookie = on.cookies.owner) =>
  t.request<T>('POST', `${on.base}/${path}`, { cookie, body });
const get = <T>(path: string, on = team, cookie = on.cookies.owner) =>
  t.request<T>('GET', `${on.base}/${path}`, { cookie });

async function planting(on = team, plantingDate = '2026-04-10'): Promise<{ id: string }> {
  const res = await post<{ id: string }>(
    'crops',
    { id: newId(), crop_key: 'maize', area_planted: '2', season: 'main', planting_date: plantingDate },
    on,
  );
  if (res.status !== 201) throw new Error(`planting: ${res.status} ${res.text}`);
  return res.body;
}

async function addLivestock(
  _t: TestContext,
  on: FarmTeam,
  { name }: { name: string },
): Promise<{ id: string }> {
  const res = await post<{ id: string }>(
    'livestock',
    { kind: 'group', species: 'chicken_layer', name, head_count: 500, acquisition: 'bought' },
    on,
  );
  if (res.status !== 201) throw new Error(`livestock: ${res.status} ${res.text}`);
  return res.body;
}

async function expense(body: Record<string, unknown>, on = team): Promise<ExpenseWithReceipts> {
  const res = await post<ExpenseWithReceipts>(
    'expenses',
    { id: newId(), payment_method: 'cash', ...body },
    on,
  );
  if (res.status !== 201) throw new Error(`expense: ${res.status} ${res.text}`);
  return res.body;
}

async function sale(body: Record<string, unknown>, on = team): Promise<SaleWithPayments> {
  const res = await post<SaleWithPayments>('sales', { id: newId(), ...body }, on);
  if (res.status !== 201) throw new Error(`sale: ${res.status} ${res.text}`);
  return res.body;
}

describe('expenses', () => {
  it('splits an expense by percentages into whole kobo without losing any, and once when sent again', async () => {
    const [maize, beans] = [await planting(), await planting()];
    const flock = await addLivestock(t, team, { name: 'Split flock' });
    const body = {
      id: newId(),
      date: '2026-05-02',
      category: 'labour',
      amount_kobo: 100,
      description: 'Weeding gang, one day',
      allocations: [
        { crop_id: maize.id, percent: 33.33 },
        { crop_id: beans.id, percent: 33.33 },
        { animal_id: flock.id, percent: 33.34 },
      ],
    };
    const first = await post<ExpenseWithReceipts>('expenses', body);
    const again = await post<ExpenseWithReceipts>('expenses', body);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body).toEqual(first.body);
    // 33.33 % of 100 kobo is 33.33: two parts of 33 and the kobo left to the largest remainder.
    expect(first.body.allocations.map((a) => [a.name, a.amount_kobo])).toEqual([
      ['Maize', 33],
      ['Maize', 33],
      ['Split flock', 34],
    ]);
    const rows = await t.db
      .select()
      .from(expense_allocations)
      .where(eq(expense_allocations.expense_id, body.id));
    expect(rows.map((r) => r.amount_kobo).reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('keeps the split in proportion when the amount changes, and refuses a split that does not add up', async () => {
    const maize = await planting();
    const made = await expense({
      date: '2026-05-03',
      category: 'fertilizer',
      amount_kobo: 3_000_000,
      allocations: [{ crop_id: maize.id, amount_kobo: 2_000_000 }, { amount_kobo: 1_000_000 }],
    });
    const changed = await t.request<ExpenseWithReceipts>('PATCH', `${team.base}/expenses/${made.id}`, {
      cookie: team.cookies.manager,
      body: { amount_kobo: 3_100_001, version: made.version },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.allocations.map((a) => a.amount_kobo)).toEqual([2_066_667, 1_033_334]);

    const wrong = await post<ErrorBody>('expenses', {
      date: '2026-05-03',
      category: 'fertilizer',
      amount_kobo: 3_000_000,
      allocations: [{ crop_id: maize.id, amount_kobo: 2_000_000 }, { amount_kobo: 900_000 }],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toMatchObject({
      allocations: 'The shares must add up to the whole amount',
    });

    const percents = await t.request<ErrorBody>('PATCH', `${team.base}/expenses/${made.id}`, {
      cookie: team.cookies.owner,
      body: {
        allocations: [{ crop_id: maize.id, percent: 60 }, { percent: 30 }],
        version: changed.body.version,
      },
    });
    expect([percents.status, percents.body.error.fields]).toEqual([
      400,
      { allocations: 'The percentages must add up to 100' },
    ]);

    const stale = await t.request<ErrorBody>('PATCH', `${team.base}/expenses/${made.id}`, {
      cookie: team.cookies.owner,
      body: { amount_kobo: 10, version: made.version },
    });
    expect(stale.status).toBe(409);
  });

  it("refuses another farm's planting, a missing category and a negative amount next to their fields", async () => {
    const other = await seedFarmTeam(t);
    const theirs = await planting(other);
    const res = await post<ErrorBody>('expenses', {
      date: '2026-05-03',
      category: 'seeds',
      amount_kobo: 500_000,
      allocations: [{ crop_id: theirs.id }],
    });
    expect([res.status, res.body.error.fields]).toEqual([
      400,
      { 'allocations.0': 'Choose a planting of this farm' },
    ]);
    const bad = await post<ErrorBody>('expenses', {
      date: '2026-05-03',
      category: 'jewellery',
      amount_kobo: -5,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({
      category: 'Choose what the money was spent on',
      amount_kobo: 'Enter an amount above ₦0',
    });
  });

  it('keeps receipts that only roles who see money may open, and lists, totals and exports by filter', async () => {
    const on = await seedFarmTeam(t);
    const upload = await uploadPhoto(t, on.base, on.cookies.owner, { kind: 'receipt' });
    expect(upload.status).toBe(201);
    const receiptId = (upload.body as { id: string }).id;
    const feed = await expense(
      {
        date: '2026-06-01',
        category: 'feed',
        amount_kobo: 4_550_050,
        paid_to: 'Afri Feeds',
        receipt_ids: [receiptId],
      },
      on,
    );
    await expense({ date: '2026-06-15', category: 'fuel', amount_kobo: 1_200_000 }, on);
    await expense(
      { date: '2026-07-01', category: 'feed', amount_kobo: 100_000, paid_on: null, due_date: '2026-07-31' },
      on,
    );
    expect(feed.receipts.map((r) => r.id)).toEqual([receiptId]);
    const file = await t.request('GET', `${on.base}/files/${receiptId}`, { cookie: on.cookies.worker });
    expect(file.status).toBe(403);

    const june = await get<Page<Expense>>('expenses?from=2026-06-01&to=2026-06-30', on);
    expect(june.body.items.map((e) => [e.date, e.category, e.receipt_count])).toEqual([
      ['2026-06-15', 'fuel', 0],
      ['2026-06-01', 'feed', 1],
    ]);
    const totals = await get<ExpenseTotals>('expenses/totals?category=feed', on);
    expect(totals.body).toEqual({
      count: 2,
      total_kobo: 4_650_050,
      by_category: [{ category: 'feed', total_kobo: 4_650_050 }],
    });
    const csv = await t.request('GET', `${on.base}/expenses/export.csv?category=feed`, {
      cookie: on.cookies.viewer,
    });
    expect(csv.status).toBe(200);
    expect(
      csv.text
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .slice(0, 3),
    ).toEqual([
      'Date,Category,Amount (₦),What for,Paid to,Paid by,Paid on,Due,For,Receipts,Notes',
      '01/07/2026,Feed,1000.00,,,Cash,,31/07/2026,Whole farm,0,',
      '01/06/2026,Feed,45500.50,,Afri Feeds,Cash,01/06/2026,,Whole farm,1,',
    ]);
  });

  it('lists each expense as it reads alone: its supplier, named shares and receipt count', async () => {
    const on = await seedFarmTeam(t);
    const maize = await planting(on);
    const flock = await addLivestock(t, on, { name: 'Pen A layers' });
    const supplier = await post<{ id: string }>('suppliers', { name: 'Agro Hub Zaria' }, on);
    expect(supplier.status, supplier.text).toBe(201);
    const upload = await uploadPhoto(t, on.base, on.cookies.owner, { kind: 'receipt' });
    await expense(
      {
        date: '2026-08-02',
        category: 'feed',
        amount_kobo: 1_000_000,
        supplier_id: supplier.body.id,
        receipt_ids: [(upload.body as { id: string }).id],
        allocations: [
          { crop_id: maize.id, percent: 50 },
          { animal_id: flock.id, percent: 50 },
        ],
      },
      on,
    );
    await expense(
      { date: '2026-08-02', category: 'fuel', amount_kobo: 5_000, paid_to: 'Filling station' },
      on,
    );
    await expense(
      { date: '2026-08-01', category: 'labour', amount_kobo: 7_000, paid_to: 'Weeding gang' },
      on,
    );

    const first = await get<Page<Expense>>('expenses?limit=2', on);
    expect(first.status, first.text).toBe(200);
    const rest = await get<Page<Expense>>(`expenses?limit=2&cursor=${first.body.next_cursor}`, on);
    const listed = [...first.body.items, ...rest.body.items];
    expect(listed.map((e) => [e.category, e.supplier_name, e.receipt_count])).toEqual([
      ['fuel', null, 0],
      ['feed', 'Agro Hub Zaria', 1],
      ['labour', null, 0],
    ]);
    expect(listed[1]?.allocations.map((a) => [a.name, a.amount_kobo])).toEqual([
      ['Maize', 500_000],
      ['Pen A layers', 500_000],
    ]);
    for (const item of listed) {
      const { receipts: _receipts, ...alone } = (await get<ExpenseWithReceipts>(`expenses/${item.id}`, on))
        .body;
      expect(item).toEqual(alone);
    }
  });

  it('pays for a store receipt once', async () => {
    const supply = await post<{ id: string }>('supplies', {
      category: 'fertilizer',
      name: 'NPK 15-15-15',
      unit: 'bag_50kg',
      quantity: '0',
    });
    expect(supply.status, supply.text).toBe(201);
    const received = await post<{ movement: { id: string } }>(`supplies/${supply.body.id}/movements`, {
      id: newId(),
      kind: 'received',
      quantity: '10',
      unit_cost_kobo: 1_050_000,
    });
    expect(received.status, received.text).toBe(201);
    const movementId = received.body.movement.id;
    const body = { date: '2026-06-02', category: 'feed', amount_kobo: 10_500_000, movement_id: movementId };
    expect((await post('expenses', { ...body, id: newId() })).status).toBe(201);
    const second = await post<ErrorBody>('expenses', { ...body, id: newId() });
    expect([second.status, second.body.error.message]).toEqual([
      409,
      'This stock receipt already has its expense.',
    ]);
  });
});

describe('sales and money owed', () => {
  it('records a credit sale, takes payments up to what is owed and lists who owes what', async () => {
    const on = await seedFarmTeam(t);
    const credit = await sale(
      {
        date: '2026-08-01',
        buyer_name: 'Mama Ngozi',
        buyer_phone: '0803 555 0101',
        product: 'Maize grain',
        quantity: 10,
        unit: 'bag_100kg',
        unit_price_kobo: 4_500_000,
        amount_kobo: 45_000_000,
        paid_kobo: 10_000_000,
        due_date: '2026-09-01',
      },
      on,
    );
    expect(credit).toMatchObject({
      payment_status: 'part_paid',
      balance_kobo: 35_000_000,
      buyer_phone: '+2348035550101',
    });
    await sale(
      { date: '2026-08-03', product: 'Eggs', quantity: 20, unit: 'crate', amount_kobo: 5_000_000 },
      on,
    );

    const tooMuch = await post<ErrorBody>(
      `sales/${credit.id}/payments`,
      { id: newId(), date: '2026-08-20', amount_kobo: 40_000_000 },
      on,
    );
    expect([tooMuch.status, tooMuch.body.error.fields]).toEqual([
      400,
      { amount_kobo: 'The buyer owes ₦350,000 on this sale' },
    ]);
    const payment = { id: newId(), date: '2026-09-05', amount_kobo: 15_000_000, method: 'bank_transfer' };
    const paid = await post<SaleWithPayments>(`sales/${credit.id}/payments`, payment, on);
    const replay = await post<SaleWithPayments>(`sales/${credit.id}/payments`, payment, on);
    expect(paid.status).toBe(201);
    expect(replay.body.paid_kobo).toBe(25_000_000);
    expect(paid.body.payments.map((p) => [p.date, p.amount_kobo])).toEqual([
      ['2026-09-05', 15_000_000],
      ['2026-08-01', 10_000_000],
    ]);

    const owed = await get<Owed>('money/owed', on);
    expect(owed.body).toEqual({
      buyers: [
        {
          buyer_name: 'Mama Ngozi',
          buyer_phone: '+2348035550101',
          owed_kobo: 20_000_000,
          sales: 1,
          due_date: '2026-09-01',
        },
      ],
      total_kobo: 20_000_000,
      creditors: [],
      wages_kobo: 0,
      wage_runs: 0,
      owed_by_farm_kobo: 0,
    });
    const unpaid = await get<Page<Sale>>('sales?payment_status=part_paid', on);
    expect(unpaid.body.items.map((s) => s.product)).toEqual(['Maize grain']);

    await expense({ date: '2026-08-10', category: 'transport', amount_kobo: 800_000 }, on);
    const cash = await get<Cash>('money/cash?from=2026-08-01&to=2026-10-31', on);
    expect(cash.body).toEqual({
      months: [
        { month: '2026-08', in_kobo: 15_000_000, out_kobo: 800_000 },
        { month: '2026-09', in_kobo: 15_000_000, out_kobo: 0 },
        { month: '2026-10', in_kobo: 0, out_kobo: 0 },
      ],
      owed_to_farm_kobo: 20_000_000,
    });
    const lower = await t.request<ErrorBody>('PATCH', `${on.base}/sales/${credit.id}`, {
      cookie: on.cookies.owner,
      body: { amount_kobo: 1_000_000, version: replay.body.version },
    });
    expect(lower.status).toBe(400);
    const audits = await t.db.select().from(audit_logs).where(eq(audit_logs.record_id, payment.id));
    expect(audits).toHaveLength(1);
  });
});

describe('profit and loss', () => {
  it('gives each enterprise its income, costs, margin and cost per unit, as worked out by hand', async () => {
    const on = await seedFarmTeam(t);
    const maize = await planting(on, '2026-04-10');
    const layers = await addLivestock(t, on, { name: 'Layers P&L' });
    // Maize: seed ₦50,000, half of ₦120,000 of fertilizer; 2,000 kg harvested; sold for ₦600,000.
    await expense(
      { date: '2026-04-10', category: 'seeds', amount_kobo: 5_000_000, allocations: [{ crop_id: maize.id }] },
      on,
    );
    await expense(
      {
        date: '2026-05-01',
        category: 'fertilizer',
        amount_kobo: 12_000_000,
        allocations: [{ crop_id: maize.id, percent: 50 }, { percent: 50 }],
      },
      on,
    );
    const harvest = await post(
      `crops/${maize.id}/harvests`,
      { id: newId(), date: '2026-08-20', quantity: '20', unit: 'bag_100kg', destination: 'sold' },
      on,
    );
    expect(harvest.status).toBe(201);
    await sale(
      {
        date: '2026-08-25',
        product: 'Maize',
        quantity: 20,
        unit: 'bag_100kg',
        amount_kobo: 60_000_000,
        crop_id: maize.id,
      },
      on,
    );
    // Layers: feed ₦300,000; 3,000 eggs (100 crates); eggs sold for ₦450,000.
    await expense(
      {
        date: '2026-06-01',
        category: 'feed',
        amount_kobo: 30_000_000,
        allocations: [{ animal_id: layers.id }],
      },
      on,
    );
    for (const [date, eggs] of [
      ['2026-06-10', 1800],
      ['2026-06-11', 1200],
    ] as const) {
      const made = await post(
        `livestock/${layers.id}/production`,
        { id: newId(), date, eggs_collected: eggs },
        on,
      );
      expect(made.status).toBe(201);
    }
    await sale(
      {
        date: '2026-06-30',
        product: 'Eggs',
        quantity: 100,
        unit: 'crate',
        amount_kobo: 45_000_000,
        animal_id: layers.id,
      },
      on,
    );
    // Outside the period: counted in neither.
    await expense(
      { date: '2027-01-02', category: 'feed', amount_kobo: 99_900, allocations: [{ animal_id: layers.id }] },
      on,
    );

    const res = await get<Profit>('money/profit?from=2026-01-01&to=2026-12-31', on);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      from: '2026-01-01',
      to: '2026-12-31',
      enterprises: [
        {
          kind: 'crop',
          id: maize.id,
          name: 'Maize',
          started: '2026-04-10',
          income_kobo: 60_000_000,
          costs_kobo: 11_000_000,
          costs_by_category: [
            { category: 'fertilizer', total_kobo: 6_000_000 },
            { category: 'seeds', total_kobo: 5_000_000 },
          ],
          margin_kobo: 49_000_000,
          produced: { quantity: '2000', unit: 'kg' },
          // ₦110,000 over 2,000 kg: ₦55 a kg.
          cost_per_unit_kobo: 5_500,
        },
        {
          kind: 'animal',
          id: layers.id,
          name: 'Layers P&L',
          started: null,
          income_kobo: 45_000_000,
          costs_kobo: 30_000_000,
          costs_by_category: [{ category: 'feed', total_kobo: 30_000_000 }],
          margin_kobo: 15_000_000,
          produced: { quantity: '100', unit: 'crate' },
          // ₦300,000 over 100 crates: ₦3,000 a crate.
          cost_per_unit_kobo: 300_000,
        },
        {
          kind: 'farm',
          id: null,
          name: null,
          started: null,
          income_kobo: 0,
          costs_kobo: 6_000_000,
          costs_by_category: [{ category: 'fertilizer', total_kobo: 6_000_000 }],
          margin_kobo: -6_000_000,
          produced: null,
          cost_per_unit_kobo: null,
        },
      ],
      income_kobo: 105_000_000,
      costs_kobo: 47_000_000,
      margin_kobo: 58_000_000,
    });

    const backwards = await get<ErrorBody>('money/profit?from=2026-12-31&to=2026-01-01', on);
    expect([backwards.status, backwards.body.error.fields]).toEqual([
      400,
      { to: 'The end of the period cannot be before its start' },
    ]);
  });
});
