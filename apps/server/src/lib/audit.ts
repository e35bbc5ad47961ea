import { getTableName, type Table } from 'drizzle-orm';
import { audit_logs } from '../db/schema/index';
import type { Tx } from '../db/client';
import type { Ctx } from './ctx';
import { newId } from './ids';

/**
 * Who acted (null once their account is deleted: the row says what happened, not who), on which
 * farm's record, and where to report an audit row that could not be written.
 */
export type AuditCtx = Pick<Ctx, 'logger'> & { userId: string | null; farmId: string | null };

/** What an update changed: { field: { from, to } } for each field whose value really differs. */
export type FieldChanges = Record<string, { from: unknown; to: unknown }>;

/**
 * The audit row of a new record. `record` is enough to say what happened without looking anything
 * up (the Activity screen writes a sentence from it): the record itself, or for a movement the
 * supply's name and unit beside its kind and quantity. Never ids alone.
 */
export function auditInsert(
  tx: Tx,
  ctx: AuditCtx,
  table: Table,
  entry: { id: string; record: object },
): Promise<boolean> {
  return writeAudit(tx, ctx, table, entry.id, 'insert', entry.record);
}

/**
 * The audit row of a change: `changes` as { field: { from, to } }, beside `context`, the plain
 * values the Activity screen names the record by (its name, a supply's unit, a unit conversion).
 * A field in both keeps its change: a rename reads { name: { from, to } }. Null changes (a save
 * that `updateVersioned` found changed nothing) write no row.
 */
export async function auditUpdate(
  tx: Tx,
  ctx: AuditCtx,
  table: Table,
  entry: { id: string; changes: FieldChanges | null; context?: Record<string, unknown> },
): Promise<boolean> {
  if (!entry.changes) return false;
  return writeAudit(tx, ctx, table, entry.id, 'update', { ...entry.context, ...entry.changes });
}

/** The audit row of a deleted record, which keeps the record as it was. */
export function auditDelete(
  tx: Tx,
  ctx: AuditCtx,
  table: Table,
  entry: { id: string; record: object },
): Promise<boolean> {
  return writeAudit(tx, ctx, table, entry.id, 'delete', entry.record);
}

/**
 * Records a mutation in the caller's transaction. The insert runs in a savepoint: if it fails, the
 * failure is logged and false returned while the caller's write still commits (spec: "Audit logging
 * failures are only logged and return false"); if the caller's transaction rolls back, so does this
 * row. See docs/decisions/003-audit-rows-in-a-savepoint.md.
 */
async function writeAudit(
  tx: Tx,
  ctx: AuditCtx,
  table: Table,
  recordId: string,
  action: 'insert' | 'update' | 'delete',
  changes: object,
): Promise<boolean> {
  const tableName = getTableName(table);
  try {
    await tx.transaction(async (savepoint) => {
      await savepoint.insert(audit_logs).values({
        id: newId(),
        user_id: ctx.userId,
        farm_id: ctx.farmId,
        table_name: tableName,
        record_id: recordId,
        action,
        changes,
      });
    });
    return true;
  } catch (err) {
    ctx.logger.error(`audit: could not record ${action} on ${tableName} ${recordId}`, err);
    return false;
  }
}
