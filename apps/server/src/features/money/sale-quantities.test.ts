import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@gona/shared';
import type { SaleWithPayments } from '@gona/shared/finance';
import { koboForQuantity, normalizeQuantity, toMilli } from '@gona/shared/units';
import { sales } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { createTestContext, type TestContext } from '../../test/context';
import { seedFarmTeam, type FarmTeam } from '../../test/farm-team';

/**
 * A sale's quantity is an exact decimal from the form to the database and back (docs/decisions/058),
 * and its amount is price × quantity by the shared helper. Random decimals come from a seeded
 * generator (the same every run); the shared units tests check the helpers over many more.
 */

let t: TestContext;
let on: FarmTeam;

beforeAll(async () => {
  t = await createTestContext();
  on = await seedFarmTeam(t);
});

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

/** A random decimal above 0 with 1 to 9 whole digits and 0 to 3 decimals, in its canonical form. */
function randomQuantity(random: (below: number) => number): string {
  const digits = 1 + random(9);
  let whole = String(random(10));
  for (let i = 1; i < digits; i++) whole += String(random(10));
  whole = whole.replace(/^0+(?=\d)/, '');
  const fraction = String(random(1000)).padStart(3, '0').slice(0, random(4)).replace(/0+$/, '');
  return whole === '0' && fraction === '' ? '0.001' : fraction ? `${whole}.${fraction}` : whole;
}

const sale = (extra: Record<string, unknown>) => ({
  id: newId(),
  date: '2026-09-01',
  product: 'Pepper',
  unit: 'kg',
  ...extra,
});

describe('sale quantities', () => {
  it('keep every random decimal exact through the API and numeric(14,3), with the amount by the one helper', async () => {
    const random = seeded(0x5a1e5);
    for (let i = 0; i < 40; i++) {
      const quantity = randomQuantity(random);
      // A price that keeps the amount within a record's ₦1,000,000,000.
      const price = 1 + random(Math.min(5_000_000, Math.floor(1e14 / toMilli(quantity)!)));
      const amount = koboForQuantity(price, toMilli(quantity)!);
      const res = await t.request<SaleWithPayments>('POST', `${on.base}/sales`, {
        cookie: on.cookies.owner,
        body: sale({ quantity, unit_price_kobo: price, amount_kobo: amount }),
      });
      expect(res.status, `${quantity}: ${res.text}`).toBe(201);
      const [row] = await t.db
        .select({ quantity: sales.quantity, amount: sales.amount_kobo })
        .from(sales)
        .where(eq(sales.id, res.body.id));
      expect(normalizeQuantity(row!.quantity), quantity).toBe(quantity);
      expect(row!.amount).toBe(amount);
      // Answered as the exact decimal string (decision 064).
      expect(res.body.quantity, quantity).toBe(quantity);
    }
  });

  it('are stored by PostgreSQL as exactly the decimals the helpers write', async () => {
    const random = seeded(0xdb);
    const decimals = Array.from({ length: 5_000 }, () => randomQuantity(random));
    const result = await t.db.execute<{ stored: string }>(
      sql`select (value::numeric(14,3))::text as stored
          from unnest(string_to_array(${decimals.join(' ')}, ' ')) with ordinality as v(value, n) order by n`,
    );
    const { rows } = result as { rows: { stored: string }[] };
    const drifted = rows.filter((row, i) => normalizeQuantity(row.stored) !== decimals[i]);
    expect(rows).toHaveLength(decimals.length);
    expect(drifted).toEqual([]);
  });

  it('read a JSON number from an older phone as the decimal it was typed as, and refuse one finer than a gram', async () => {
    const post = (body: unknown) =>
      t.request<SaleWithPayments & ErrorBody>('POST', `${on.base}/sales`, { cookie: on.cookies.owner, body });
    const old = await post(sale({ quantity: 1234567.891, unit_price_kobo: 100, amount_kobo: 123_456_789 }));
    expect(old.status, old.text).toBe(201);
    const [row] = await t.db
      .select({ quantity: sales.quantity })
      .from(sales)
      .where(eq(sales.id, old.body.id));
    expect(row!.quantity).toBe('1234567.891');
    const finer = await post(sale({ quantity: 2.0000001, amount_kobo: 100 }));
    expect([finer.status, finer.body.error.fields]).toEqual([
      400,
      { quantity: 'Use at most 3 decimals, e.g. 2.125' },
    ]);
    const float = await post(sale({ quantity: 0.1 + 0.2, amount_kobo: 100 }));
    expect(float.status).toBe(400);
    const zero = await post(sale({ quantity: '0', amount_kobo: 100 }));
    expect(zero.body.error.fields).toEqual({ quantity: 'Enter a quantity above 0' });
  });

  it('change to an exact decimal string, and keep it', async () => {
    const created = await t.request<SaleWithPayments>('POST', `${on.base}/sales`, {
      cookie: on.cookies.owner,
      body: sale({ quantity: '3', amount_kobo: 300 }),
    });
    const changed = await t.request<SaleWithPayments>('PATCH', `${on.base}/sales/${created.body.id}`, {
      cookie: on.cookies.owner,
      body: { quantity: '99999.999', version: created.body.version },
    });
    expect(changed.status, changed.text).toBe(200);
    const [row] = await t.db
      .select({ quantity: sales.quantity })
      .from(sales)
      .where(eq(sales.id, created.body.id));
    expect(row!.quantity).toBe('99999.999');
    expect(changed.body.quantity).toBe('99999.999');
  });
});
