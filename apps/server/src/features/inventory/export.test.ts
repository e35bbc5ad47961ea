import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context';
import { seedFarmTeam, type FarmTeam } from '../../test/farm-team';
import { addSupply, movement } from './inventory.test-setup';

let t: TestContext;
let team: FarmTeam;

beforeAll(async () => {
  t = await createTestContext();
  team = await seedFarmTeam(t);
});

describe('GET /api/farms/:farmId/supplies/export.csv', () => {
  it('downloads every supply as CSV with a farm-and-date filename, escaped and formula-safe', async () => {
    await addSupply(t, team, {
      name: 'NPK, 50 kg "Golden"',
      quantity: '10',
      low_threshold: '3',
      unit_cost_kobo: 2_450_050,
      notes: 'Line one\nline two',
    });
    await addSupply(t, team, {
      name: '=HYPERLINK("x")',
      category: 'other',
      unit: 'piece',
      quantity: '1',
      low_threshold: '1',
    });
    const res = await t.request('GET', `${team.base}/supplies/export.csv`, { cookie: team.cookies.viewer });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="gona-supplies-green-acres-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Name,Category,Quantity,Unit,Low-stock level,Low stock,Unit cost (₦),Supplier,Storage location,Expiry date,Notes,Added,Last changed',
    );
    expect(lines[1]).toMatch(
      /^"'=HYPERLINK\(""x""\)",Other,1,pieces,1,Yes,,,,,,\d\d\/\d\d\/\d{4} \d\d:\d\d,\d\d\/\d\d\/\d{4} \d\d:\d\d$/,
    );
    expect(res.text).toContain(
      '"NPK, 50 kg ""Golden""",Fertilizer,10,bags (50 kg),3,No,24500.50,,,,"Line one\nline two",',
    );
    expect(lines.at(-1)).toBe('');
  });
});

describe('GET /api/farms/:farmId/supply-movements/export.csv', () => {
  it('downloads every movement with its supply and who recorded it', async () => {
    const other = await seedFarmTeam(t);
    const supply = await addSupply(t, other, {
      name: 'Diesel',
      category: 'fuel',
      unit: 'litre',
      quantity: '2000',
      low_threshold: '0',
    });
    const url = `${other.base}/supplies/${supply.id}/movements`;
    await t.request('POST', url, {
      cookie: other.cookies.worker,
      body: movement('used', '12.5', { note: 'Tractor, ploughing' }),
    });
    const res = await t.request('GET', `${other.base}/supply-movements/export.csv`, {
      cookie: other.cookies.owner,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /filename="gona-stock-movements-green-acres-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Date,Supply,What happened,Change,Unit,Stock after,Reason,Note,Unit cost (₦),Recorded by',
    );
    expect(lines[1]).toMatch(
      /^\d\d\/\d\d\/\d{4} \d\d:\d\d,Diesel,Used,-12\.5,litres,1987\.5,,"Tractor, ploughing",,worker Okafor$/,
    );
    expect(lines[2]).toMatch(/,Diesel,Counted,\+2000,litres,2000,Opening stock,,,Amaka Okafor$/);
    expect(lines).toHaveLength(3);
  });

  it('writes times in the farm’s time zone as dd/mm/yyyy hh:mm', async () => {
    const other = await seedFarmTeam(t);
    const supply = await addSupply(t, other, { name: 'Urea', quantity: '5', low_threshold: '0' });
    // 23:30 UTC on 26 May is 00:30 on 27 May in Lagos (UTC+1).
    await t.db.execute(sql`
      UPDATE supply_movements SET created_at = '2025-05-26T23:30:00Z' WHERE supply_id = ${supply.id}`);
    const res = await t.request('GET', `${other.base}/supply-movements/export.csv`, {
      cookie: other.cookies.owner,
    });
    expect(res.text).toContain('27/05/2025 00:30,Urea,Counted,+5,bags (50 kg),5,Opening stock,');
  });

  it('streams a history longer than one batch without losing or repeating a row', async () => {
    const other = await seedFarmTeam(t);
    const supply = await addSupply(t, other, {
      name: 'Maize grain',
      category: 'other',
      unit: 'kg',
      quantity: '5000',
      low_threshold: '0',
    });
    await t.db.execute(sql`
      INSERT INTO supply_movements (id, farm_id, supply_id, kind, quantity, quantity_after, user_id, created_at)
      SELECT gen_random_uuid(), ${other.farm.id}, ${supply.id}, 'used', -1, 5000 - n, ${other.users.owner.id},
             now() - make_interval(secs => n)
      FROM generate_series(1, 2500) n`);
    const res = await t.request('GET', `${other.base}/supply-movements/export.csv`, {
      cookie: other.cookies.viewer,
    });
    const rows = res.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .slice(1);
    expect(rows).toHaveLength(2501);
    expect(new Set(rows).size).toBe(2501);
  });
});
