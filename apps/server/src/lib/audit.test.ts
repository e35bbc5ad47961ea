import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { audit_logs, farms, supplies, users } from '../db/schema/index';
import { userRow } from '../test/farm-team';
import { openTestDatabase } from '../test/database';
import { auditDelete, auditInsert, auditUpdate, type AuditCtx } from './audit';
import { newId } from './ids';
import type { Logger } from './logger';

let database: Database;
let userId: string;
const errors: [string, unknown][] = [];
const logger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: (message, extra) => void errors.push([message, extra]),
};

beforeAll(async () => {
  database = await openTestDatabase();
  userId = newId();
  await database.db.insert(users).values({ id: userId, ...userRow(`audit-${userId}@example.com`) });
});

afterAll(() => database.close());

const auditRows = (recordId: string) =>
  database.db.select().from(audit_logs).where(eq(audit_logs.record_id, recordId));

function newFarm(id: string) {
  return { id, name: 'Green Acres', location: 'Port Harcourt', farm_type: 'crop' as const, owner_id: userId };
}

describe('auditInsert, auditUpdate, auditDelete', () => {
  it("name the table from the Drizzle table and keep each action's shape", async () => {
    const farmId = newId();
    const ctx: AuditCtx = { userId, farmId, logger };
    const supplyId = newId();
    await database.db.transaction(async (tx) => {
      await auditInsert(tx, ctx, supplies, { id: supplyId, record: { name: 'Urea', unit: 'kg' } });
      await auditUpdate(tx, ctx, supplies, {
        id: supplyId,
        changes: { name: { from: 'Urea', to: 'Urea 46%' }, low_threshold: { from: '5', to: '2' } },
        context: { name: 'Urea', unit: 'kg' },
      });
      await auditDelete(tx, ctx, supplies, { id: supplyId, record: { name: 'Urea 46%', unit: 'kg' } });
    });
    const rows = await auditRows(supplyId);
    expect(
      rows.map(({ table_name, action, user_id, farm_id, changes }) => ({
        table_name,
        action,
        user_id,
        farm_id,
        changes,
      })),
    ).toEqual(
      expect.arrayContaining([
        {
          table_name: 'supplies',
          action: 'insert',
          user_id: userId,
          farm_id: farmId,
          changes: { name: 'Urea', unit: 'kg' },
        },
        {
          table_name: 'supplies',
          action: 'update',
          user_id: userId,
          farm_id: farmId,
          changes: {
            name: { from: 'Urea', to: 'Urea 46%' },
            unit: 'kg',
            low_threshold: { from: '5', to: '2' },
          },
        },
        {
          table_name: 'supplies',
          action: 'delete',
          user_id: userId,
          farm_id: farmId,
          changes: { name: 'Urea 46%', unit: 'kg' },
        },
      ]),
    );
    expect(rows).toHaveLength(3);
  });

  it('auditUpdate writes nothing for a save that changed nothing (null changes)', async () => {
    const recordId = newId();
    const written = await database.db.transaction((tx) =>
      auditUpdate(tx, { userId, farmId: null, logger }, farms, {
        id: recordId,
        changes: null,
        context: { name: 'Green Acres' },
      }),
    );
    expect(written).toBe(false);
    expect(await auditRows(recordId)).toEqual([]);
  });

  it('rolls back with the mutation: a failed write leaves no audit row', async () => {
    const farmId = newId();
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(farms).values(newFarm(farmId));
        expect(await auditInsert(tx, { userId, farmId, logger }, farms, { id: farmId, record: {} })).toBe(
          true,
        );
        throw new Error('the mutation failed after auditing');
      }),
    ).rejects.toThrow('the mutation failed');
    expect(await auditRows(farmId)).toEqual([]);
    expect(await database.db.select().from(farms).where(eq(farms.id, farmId))).toEqual([]);
  });

  it('only logs with the app logger and returns false when the audit insert fails; the mutation commits', async () => {
    const farmId = newId();
    errors.length = 0;
    await database.db.transaction(async (tx) => {
      await tx.insert(farms).values(newFarm(farmId));
      // Not a UUID: the audit insert fails inside its savepoint.
      const ctx = { userId: 'not-a-uuid', farmId, logger };
      expect(await auditInsert(tx, ctx, farms, { id: farmId, record: {} })).toBe(false);
    });
    expect(errors).toEqual([[`audit: could not record insert on farms ${farmId}`, expect.any(Error)]]);
    expect(await database.db.select().from(farms).where(eq(farms.id, farmId))).toHaveLength(1);
    expect(await auditRows(farmId)).toEqual([]);
  });
});
