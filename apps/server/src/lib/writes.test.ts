import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Tx } from '../db/client';
import { farms, suppliers, supplies, supply_movements, users } from '../db/schema/index';
import { userRow } from '../test/farm-team';
import { openTestDatabase } from '../test/database';
import { AppError } from './errors';
import { newId } from './ids';
import { insertOnce, updateVersioned } from './writes';

let database: Database;
let userId: string;
let farmId: string;
let otherFarmId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  userId = newId();
  await database.db.insert(users).values({ id: userId, ...userRow(`writes-${userId}@example.com`) });
  [farmId, otherFarmId] = [newId(), newId()];
  await database.db.insert(farms).values(
    [farmId, otherFarmId].map((id) => ({
      id,
      name: 'Green Acres',
      location: 'Port Harcourt',
      farm_type: 'crop' as const,
      owner_id: userId,
    })),
  );
});

afterAll(() => database.close());

const inTx = <T>(write: (tx: Tx) => Promise<T>) => database.db.transaction(write);

async function addSupplier(farm = farmId) {
  const [row] = await database.db
    .insert(suppliers)
    .values({ id: newId(), farm_id: farm, name: 'Zeb Agro', updated_at: new Date('2026-01-01T00:00:00Z') })
    .returning();
  return row!;
}

const supplierOf = async (id: string) =>
  (await database.db.select().from(suppliers).where(eq(suppliers.id, id)))[0];

const ofFarm = (id: string) => and(eq(suppliers.farm_id, farmId), eq(suppliers.id, id));

async function refusal(write: Promise<unknown>): Promise<AppError> {
  const err: unknown = await write.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return err;
}

describe('updateVersioned', () => {
  it('writes what changed with the next version and a new updated_at, and answers the changes', async () => {
    const supplier = await addSupplier();
    const result = await inTx((tx) =>
      updateVersioned(tx, suppliers, {
        where: ofFarm(supplier.id),
        version: 1,
        changes: { name: 'Zeb Agro Ventures', phone: '0803 555 0101', email: null },
      }),
    );
    expect(result.changes).toEqual({
      name: { from: 'Zeb Agro', to: 'Zeb Agro Ventures' },
      phone: { from: null, to: '0803 555 0101' },
    });
    expect(result.before).toMatchObject({ name: 'Zeb Agro', version: 1 });
    expect(result.row).toMatchObject({ name: 'Zeb Agro Ventures', phone: '0803 555 0101', version: 2 });
    expect(result.row.updated_at.getTime()).toBeGreaterThan(supplier.updated_at.getTime());
    expect(await supplierOf(supplier.id)).toEqual(result.row);
  });

  it('answers 404 with its message for a row that is not in the farm, and changes nothing', async () => {
    const theirs = await addSupplier(otherFarmId);
    const err = await refusal(
      inTx((tx) =>
        updateVersioned(tx, suppliers, {
          where: ofFarm(theirs.id),
          version: 1,
          changes: { name: 'Mine now' },
          notFound: 'Supplier not found',
        }),
      ),
    );
    expect([err.code, err.message]).toEqual(['NOT_FOUND', 'Supplier not found']);
    expect(await supplierOf(theirs.id)).toEqual(theirs);
  });

  it('answers 409 for a stale version and changes nothing', async () => {
    const supplier = await addSupplier();
    const save = (version: number) =>
      inTx((tx) =>
        updateVersioned(tx, suppliers, { where: ofFarm(supplier.id), version, changes: { name: 'New' } }),
      );
    await save(1);
    const err = await refusal(save(1));
    expect(err.code).toBe('CONFLICT');
    expect(await supplierOf(supplier.id)).toMatchObject({ name: 'New', version: 2 });
  });

  it('writes nothing for an unchanged save: same version and updated_at, changes null', async () => {
    const supplier = await addSupplier();
    const result = await inTx((tx) =>
      updateVersioned(tx, suppliers, {
        where: ofFarm(supplier.id),
        version: 1,
        changes: { name: 'Zeb Agro', phone: null, address: undefined },
      }),
    );
    expect(result.changes).toBeNull();
    expect(result.row).toEqual(supplier);
    expect(await supplierOf(supplier.id)).toEqual(supplier);
  });

  it('compares numeric columns as numbers: "5" is no change from 5.000, "5.5" is', async () => {
    const [supply] = await database.db
      .insert(supplies)
      .values({ farm_id: farmId, category: 'fertilizer', name: 'Urea', unit: 'kg', low_threshold: '5' })
      .returning();
    const save = (low_threshold: string, version: number) =>
      inTx((tx) =>
        updateVersioned(tx, supplies, {
          where: and(eq(supplies.farm_id, farmId), eq(supplies.id, supply!.id)),
          version,
          changes: { low_threshold },
        }),
      );
    expect((await save('5', 1)).changes).toBeNull();
    expect((await save('5.5', 1)).changes).toEqual({ low_threshold: { from: '5', to: '5.5' } });
  });

  it('with version null applies whatever the version (an action without a form)', async () => {
    const supplier = await addSupplier();
    const deactivate = () =>
      inTx((tx) =>
        updateVersioned(tx, suppliers, {
          where: ofFarm(supplier.id),
          version: null,
          changes: { is_active: false },
        }),
      );
    expect((await deactivate()).row).toMatchObject({ is_active: false, version: 2 });
    expect((await deactivate()).changes).toBeNull();
  });
});

describe('insertOnce', () => {
  const create = (id: string, name: string, farm = farmId) =>
    inTx((tx) => insertOnce(tx, suppliers, { id, farmId: farm, values: { name } }));

  it('records the first request; a replay of its id writes nothing and gets the first record', async () => {
    const id = newId();
    const first = await create(id, 'Zeb Agro');
    expect(first.replayed).toBe(false);
    expect(first.row).toMatchObject({ id, farm_id: farmId, name: 'Zeb Agro', version: 1 });
    const again = await create(id, 'Sent again with another name');
    expect(again).toEqual({ row: first.row, replayed: true });
    expect(await database.db.select().from(suppliers).where(eq(suppliers.id, id))).toEqual([first.row]);
  });

  it("answers 409 for an id another farm's record holds, without a word of that record", async () => {
    const id = newId();
    await create(id, 'Their secret supplier', otherFarmId);
    const err = await refusal(create(id, 'Mine'));
    expect(err.code).toBe('CONFLICT');
    expect(err.message).not.toContain('secret');
    expect(await supplierOf(id)).toMatchObject({ farm_id: otherFarmId, name: 'Their secret supplier' });
  });

  it('answers 409 for an id used under another parent, and runs `values` only for a first request', async () => {
    const [a, b] = await database.db
      .insert(supplies)
      .values(
        ['Urea', 'NPK'].map((name) => ({
          farm_id: farmId,
          category: 'fertilizer' as const,
          name,
          unit: 'kg' as const,
        })),
      )
      .returning();
    const id = newId();
    let built = 0;
    const record = (supplyId: string) =>
      inTx((tx) =>
        insertOnce(tx, supply_movements, {
          id,
          farmId,
          parent: { supply_id: supplyId },
          values: () => {
            built += 1;
            return {
              supply_id: supplyId,
              kind: 'used' as const,
              quantity: '-1',
              quantity_after: '0',
              user_id: userId,
            };
          },
        }),
      );
    expect((await record(a!.id)).replayed).toBe(false);
    expect((await record(a!.id)).replayed).toBe(true);
    expect(built).toBe(1);
    expect((await refusal(record(b!.id))).code).toBe('CONFLICT');
    expect(built).toBe(1);
  });
});
