import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@gona/shared';
import { ExpenseListQuerySchema, type Expense, type ExpenseWithReceipts } from '@gona/shared/finance';
import type { MovementResult, Supply } from '@gona/shared/inventory';
import type { Page } from '@gona/shared/pagination';
import { newId } from '../../lib/ids';
import { createTestContext, type TestContext } from '../../test/context';
import { seedFarmTeam, type FarmTeam } from '../../test/farm-team';
import { uploadPhoto } from '../../test/photos';
import { listExpenses } from './expenses.service';

/**
 * The expense list is answered as JSON text written by PostgreSQL (`listExpensesJson`); the CSV
 * export reads the same expenses as objects (`listExpenses`). Every corner of a page answers the
 * same in both: a stock receipt, a supplier, named shares, receipts, the cursor, filters, nothing.
 */

let t: TestContext;
let team: FarmTeam;
let maize: { id: string };
let flock: { id: string };

const post = async <T>(path: string, body: unknown): Promise<T> => {
  const res = await t.request<T>('POST', `${team.base}/${path}`, { cookie: team.cookies.owner, body });
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${res.text}`);
  return res.body;
};
const expense = (body: Record<string, unknown>) =>
  post<ExpenseWithReceipts>('expenses', { id: newId(), payment_method: 'cash', ...body });

beforeAll(async () => {
  t = await createTestContext();
  team = await seedFarmTeam(t);
  maize = await post('crops', {
    id: newId(),
    crop_key: 'maize',
    area_planted: '2',
    season: 'main',
    planting_date: '2026-04-10',
  });
  flock = await post('livestock', {
    kind: 'group',
    species: 'chicken_layer',
    name: 'Pen B layers',
    head_count: 300,
    acquisition: 'bought',
  });
  const supplier = await post<{ id: string }>('suppliers', { name: 'Agro Hub Zaria' });
  const supply = await post<Supply>('supplies', {
    category: 'animal_feed',
    name: 'Grower mash',
    unit: 'bag_25kg',
    quantity: '0',
    low_threshold: '1',
  });
  const received = await post<MovementResult>(`supplies/${supply.id}/movements`, {
    id: newId(),
    kind: 'received',
    quantity: '2.5',
    unit_cost_kobo: 1_800_000,
  });
  const upload = await uploadPhoto(t, team.base, team.cookies.owner, { kind: 'receipt' });
  await expense({
    date: '2026-08-03',
    category: 'feed',
    amount_kobo: 4_500_000,
    supplier_id: supplier.id,
    movement_id: received.movement.id,
    receipt_ids: [(upload.body as { id: string }).id],
    allocations: [
      { crop_id: maize.id, percent: 40 },
      { animal_id: flock.id, percent: 60 },
    ],
  });
  await expense({ date: '2026-08-03', category: 'fuel', amount_kobo: 5_000, paid_to: 'Filling station' });
  await expense({
    date: '2026-08-02',
    category: 'labour',
    amount_kobo: 7_000,
    paid_on: null,
    due_date: '2026-08-30',
    allocations: [{ crop_id: maize.id, percent: 100 }],
  });
  await expense({ date: '2026-07-30', category: 'feed', amount_kobo: 12_345, notes: 'Ọ̀gbẹ́ "dry" season' });
});

/** The route's answer beside the object form's, as JSON, for the same query. */
async function both(query: Record<string, string>) {
  const search = new URLSearchParams(query).toString();
  const res = await t.request<Page<Expense>>('GET', `${team.base}/expenses?${search}`, {
    cookie: team.cookies.viewer,
  });
  expect(res.status, res.text).toBe(200);
  const ctx = { db: t.db, userId: team.users.viewer.id, logger: t.deps.logger, farmId: team.farm.id };
  const objects = await listExpenses({ ...ctx, role: 'viewer' }, ExpenseListQuerySchema.parse(query));
  return { answered: res.body, objects: JSON.parse(JSON.stringify(objects)) as Page<Expense> };
}

describe('the expense list as JSON from the database', () => {
  it('answers a period as the object form does, stock receipt, supplier, shares and receipts included', async () => {
    const { answered, objects } = await both({ from: '2026-07-01', to: '2026-08-31' });
    expect(answered).toEqual(objects);
    expect(answered.items.map((e) => [e.date, e.category])).toEqual([
      ['2026-08-03', 'fuel'],
      ['2026-08-03', 'feed'],
      ['2026-08-02', 'labour'],
      ['2026-07-30', 'feed'],
    ]);
    const feed = answered.items[1]!;
    expect(feed.stock_receipt).toMatchObject({
      supply_name: 'Grower mash',
      quantity: '2.5',
      unit: 'bag_25kg',
    });
    expect([feed.supplier_name, feed.receipt_count]).toEqual(['Agro Hub Zaria', 1]);
    expect(feed.allocations.map((a) => [a.name, a.amount_kobo])).toEqual([
      ['Maize', 1_800_000],
      ['Pen B layers', 2_700_000],
    ]);
    expect(answered.items[3]!.notes).toBe('Ọ̀gbẹ́ "dry" season');
  });

  it('pages with the same cursor as the object form, to the last page', async () => {
    const first = await both({ from: '2026-07-01', to: '2026-08-31', limit: '3' });
    expect(first.answered).toEqual(first.objects);
    expect(first.answered.next_cursor).not.toBeNull();
    const rest = await both({
      from: '2026-07-01',
      to: '2026-08-31',
      limit: '3',
      cursor: first.answered.next_cursor!,
    });
    expect(rest.answered).toEqual(rest.objects);
    expect([rest.answered.items.length, rest.answered.next_cursor]).toEqual([1, null]);
  });

  it('filters by category and by enterprise as the object form does, and answers an empty period', async () => {
    const queries: Record<string, string>[] = [
      { category: 'feed' },
      { enterprise: `crop:${maize.id}` },
      { enterprise: `animal:${flock.id}` },
      { enterprise: 'farm' },
      { from: '2026-01-01', to: '2026-01-31' },
    ];
    for (const query of queries) {
      const { answered, objects } = await both(query);
      expect(answered, JSON.stringify(query)).toEqual(objects);
    }
    const empty = await both({ from: '2026-01-01', to: '2026-01-31' });
    expect(empty.answered).toEqual({ items: [], next_cursor: null });
  });

  it('is refused to a worker, and a bad period or cursor is a 400 that says why', async () => {
    const worker = await t.request<ErrorBody>('GET', `${team.base}/expenses`, {
      cookie: team.cookies.worker,
    });
    expect(worker.status).toBe(403);
    const cursor = await t.request<ErrorBody>('GET', `${team.base}/expenses?cursor=nonsense`, {
      cookie: team.cookies.owner,
    });
    expect([cursor.status, cursor.body.error.fields?.cursor]).toEqual([
      400,
      'This page link is no longer valid',
    ]);
  });
});
