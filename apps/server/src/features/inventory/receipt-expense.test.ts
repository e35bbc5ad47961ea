import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@gona/shared';
import type { Expense, ExpenseWithReceipts } from '@gona/shared/finance';
import type { Movement, MovementResult, Supplier, Supply } from '@gona/shared/inventory';
import type { Page } from '@gona/shared/pagination';
import { newId } from '../../lib/ids';
import { createTestContext, type TestContext } from '../../test/context';
import { seedFarmTeam, type FarmTeam } from '../../test/farm-team';
import { addSupply, movement } from './inventory.test-setup';

/**
 * Stock received with a unit cost paid as one expense (`movement_id`), linked both ways: the stock
 * history says which receipts are paid (to those who see money), the expense says what it received.
 */

let t: TestContext;
let team: FarmTeam;
let supplier: Supplier;
let supply: Supply;
/** 4 bags of Layers mash at ₦19,000 each, from Afri Feeds. */
let receipt: Movement;

const READERS = ['owner', 'manager', 'viewer'] as const;

beforeAll(async () => {
  t = await createTestContext();
  team = await seedFarmTeam(t);
  const made = await t.request<Supplier>('POST', `${team.base}/suppliers`, {
    cookie: team.cookies.owner,
    body: { name: 'Afri Feeds' },
  });
  expect(made.status).toBe(201);
  supplier = made.body;
  supply = await addSupply(t, team, {
    category: 'animal_feed',
    name: 'Layers mash',
    unit: 'bag_25kg',
    quantity: '0',
    supplier_id: supplier.id,
  });
  receipt = await receive(supply, '4', 1_900_000);
});

async function receive(of: Supply, quantity: string, unitCost: number, on = team): Promise<Movement> {
  const res = await t.request<MovementResult>('POST', `${on.base}/supplies/${of.id}/movements`, {
    cookie: on.cookies.manager,
    body: movement('received', quantity, { unit_cost_kobo: unitCost }),
  });
  if (res.status !== 201) throw new Error(`receive: ${res.status} ${res.text}`);
  return res.body.movement;
}

/** The expense the phone offers for a receipt: its amount, category, supplier and day. */
const expenseFor = (movementId: string, extra: Record<string, unknown> = {}) => ({
  id: newId(),
  date: '2026-06-02',
  category: 'feed',
  amount_kobo: 7_600_000,
  description: '4 bags (25 kg) of Layers mash',
  supplier_id: supplier.id,
  payment_method: 'cash',
  movement_id: movementId,
  ...extra,
});

const history = (role: (typeof READERS)[number] | 'worker', of = supply) =>
  t.request<Page<Movement>>('GET', `${team.base}/supplies/${of.id}/movements`, {
    cookie: team.cookies[role],
  });

describe('a store receipt recorded as an expense', () => {
  it('is unpaid in the history until its expense is recorded, then names that expense; workers see neither', async () => {
    for (const role of READERS) {
      const before = await history(role);
      expect(before.status).toBe(200);
      expect(before.body.items.find((m) => m.id === receipt.id)).toMatchObject({
        unit_cost_kobo: 1_900_000,
        expense_id: null,
      });
    }

    const paid = await t.request<ExpenseWithReceipts>('POST', `${team.base}/expenses`, {
      cookie: team.cookies.owner,
      body: expenseFor(receipt.id),
    });
    expect(paid.status, paid.text).toBe(201);
    expect(paid.body).toMatchObject({
      amount_kobo: 7_600_000,
      category: 'feed',
      supplier_name: 'Afri Feeds',
      movement_id: receipt.id,
      stock_receipt: { supply_id: supply.id, supply_name: 'Layers mash', quantity: '4', unit: 'bag_25kg' },
    });

    for (const role of READERS) {
      const after = await history(role);
      expect(after.body.items.find((m) => m.id === receipt.id)?.expense_id).toBe(paid.body.id);
    }
    const worker = await history('worker');
    expect(worker.status).toBe(200);
    expect(worker.body.items.length).toBeGreaterThan(0);
    for (const item of worker.body.items) {
      expect(item).not.toHaveProperty('expense_id');
      expect(item).not.toHaveProperty('unit_cost_kobo');
    }
  });

  it('is paid once: a second expense for it is 409, a replay of the first answers the first', async () => {
    const received = await receive(supply, '2.5', 1_850_050);
    const first = expenseFor(received.id, { amount_kobo: 4_625_125 });
    const made = await t.request<ExpenseWithReceipts>('POST', `${team.base}/expenses`, {
      cookie: team.cookies.manager,
      body: first,
    });
    expect(made.status, made.text).toBe(201);
    const replay = await t.request<ExpenseWithReceipts>('POST', `${team.base}/expenses`, {
      cookie: team.cookies.manager,
      body: first,
    });
    expect([replay.status, replay.body.id]).toEqual([201, made.body.id]);
    // From another tab, with its own id.
    const second = await t.request<ErrorBody>('POST', `${team.base}/expenses`, {
      cookie: team.cookies.owner,
      body: expenseFor(received.id, { amount_kobo: 4_625_125 }),
    });
    expect([second.status, second.body.error.code, second.body.error.message]).toEqual([
      409,
      'CONFLICT',
      'This stock receipt already has its expense.',
    ]);
    const list = await t.request<Page<Expense>>('GET', `${team.base}/expenses?limit=100`, {
      cookie: team.cookies.owner,
    });
    expect(list.body.items.filter((e) => e.movement_id === received.id)).toHaveLength(1);
  });

  it('is written only by the owner and managers, and only for a receipt of the same farm', async () => {
    const received = await receive(supply, '1', 500_000);
    const post = (cookie: string | undefined, body: unknown, base = team.base) =>
      t.request<ErrorBody>('POST', `${base}/expenses`, { cookie, body });

    expect((await post(undefined, expenseFor(received.id))).status).toBe(401);
    for (const role of ['worker', 'viewer'] as const) {
      const refused = await post(team.cookies[role], expenseFor(received.id));
      expect([role, refused.status, refused.body.error.code]).toEqual([role, 403, 'FORBIDDEN']);
    }
    // Another farm's person, on this farm's address.
    expect((await post(team.cookies.stranger, expenseFor(received.id))).status).toBe(404);
    // On their own farm, naming this farm's receipt (and no supplier of theirs).
    const strangerFarm = await t.request<Page<{ id: string }>>('GET', '/api/farms', {
      cookie: team.cookies.stranger,
    });
    const otherBase = `/api/farms/${strangerFarm.body.items[0]!.id}`;
    const foreign = await post(
      team.cookies.stranger,
      expenseFor(received.id, { supplier_id: null }),
      otherBase,
    );
    expect([foreign.status, foreign.body.error.fields]).toEqual([
      400,
      { movement_id: 'Choose a stock receipt of this farm' },
    ]);
    const malformed = await post(team.cookies.owner, expenseFor('not-a-receipt'));
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.fields).toHaveProperty('movement_id');

    // None of that paid it: it is still open in the history.
    const open = await history('manager');
    expect(open.body.items.find((m) => m.id === received.id)?.expense_id).toBeNull();
  });

  it('says what it received on the expense, in the list and alone; none without a receipt or once the supply is gone', async () => {
    const gone = await addSupply(t, team, { category: 'fuel', name: 'Diesel', unit: 'litre', quantity: '0' });
    const fuel = await receive(gone, '12.5', 120_000);
    const paidFuel = await t.request<ExpenseWithReceipts>('POST', `${team.base}/expenses`, {
      cookie: team.cookies.owner,
      body: expenseFor(fuel.id, {
        category: 'fuel',
        amount_kobo: 1_500_000,
        supplier_id: null,
        date: '2026-07-03',
      }),
    });
    expect(paidFuel.status, paidFuel.text).toBe(201);
    const plain = await t.request<ExpenseWithReceipts>('POST', `${team.base}/expenses`, {
      cookie: team.cookies.owner,
      body: { id: newId(), date: '2026-07-03', category: 'transport', amount_kobo: 300_000 },
    });
    expect(plain.status, plain.text).toBe(201);

    const diesel = { supply_id: gone.id, supply_name: 'Diesel', quantity: '12.5', unit: 'litre' };
    for (const role of READERS) {
      const one = await t.request<Expense>('GET', `${team.base}/expenses/${paidFuel.body.id}`, {
        cookie: team.cookies[role],
      });
      expect(one.body.stock_receipt).toEqual(diesel);
      const list = await t.request<Page<Expense>>(
        'GET',
        `${team.base}/expenses?from=2026-07-03&to=2026-07-03`,
        { cookie: team.cookies[role] },
      );
      expect(list.body.items.map((e) => [e.category, e.stock_receipt])).toEqual([
        ['transport', null],
        ['fuel', diesel],
      ]);
    }
    expect(
      (await t.request('GET', `${team.base}/expenses/${paidFuel.body.id}`, { cookie: team.cookies.worker }))
        .status,
    ).toBe(403);

    const deleted = await t.request('DELETE', `${team.base}/supplies/${gone.id}`, {
      cookie: team.cookies.owner,
    });
    expect(deleted.status).toBe(204);
    const after = await t.request<Expense>('GET', `${team.base}/expenses/${paidFuel.body.id}`, {
      cookie: team.cookies.owner,
    });
    expect(after.body).toMatchObject({ amount_kobo: 1_500_000, movement_id: fuel.id, stock_receipt: null });
  });

  it('a receipt sent again after it was paid says it is paid, so the phone offers it no more', async () => {
    const body = movement('received', '3', { unit_cost_kobo: 1_000_000 });
    const path = `${team.base}/supplies/${supply.id}/movements`;
    const first = await t.request<MovementResult>('POST', path, { cookie: team.cookies.owner, body });
    expect([first.status, first.body.movement.expense_id]).toEqual([201, null]);
    const paid = await t.request<Expense>('POST', `${team.base}/expenses`, {
      cookie: team.cookies.owner,
      body: expenseFor(first.body.movement.id, { amount_kobo: 3_000_000 }),
    });
    expect(paid.status, paid.text).toBe(201);
    const again = await t.request<MovementResult>('POST', path, { cookie: team.cookies.owner, body });
    expect([again.status, again.body.movement.id, again.body.movement.expense_id]).toEqual([
      201,
      first.body.movement.id,
      paid.body.id,
    ]);
    const byWorker = await t.request<MovementResult>('POST', path, {
      cookie: team.cookies.worker,
      body: movement('used', '1'),
    });
    expect(byWorker.status).toBe(201);
    expect(byWorker.body.movement).not.toHaveProperty('expense_id');
  });
});
