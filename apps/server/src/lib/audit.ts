import { audit_logs } from '../db/schema/index';
import type { Tx } from '../db/client';
import { newId } from './ids';

export type AuditEntry = {
  userId: string;
  /** The farm the record belongs to, so farm members can read its history. */
  farmId?: string | null;
  tableName: string;
  recordId: string;
  action: 'insert' | 'update' | 'delete' | (string & {});
  /**
   * Enough to say what happened without looking anything up (the activity screen writes a sentence
   * from it): an insert or delete keeps the record; an update keeps { field: { from, to } } for
   * what changed plus the record's name (and unit) as plain values; a movement keeps the supply's
   * name and unit. Never ids alone.
   */
  changes: unknown;
};

export type FieldChanges = Record<string, { from: unknown; to: unknown }>;

/** { field: { from, to } } for the fields of `patch` that really differ from `before`. */
export function diff<T extends object>(before: T, patch: Partial<T>): FieldChanges {
  const changes: FieldChanges = {};
  for (const [key, to] of Object.entries(patch)) {
    const from = before[key as keyof T];
    if (to !== undefined && from !== to) changes[key] = { from, to };
  }
  return changes;
}

/**
 * Records a mutation in the caller's transaction. The insert runs in a savepoint: if it fails, the
 * failure is logged and false returned while the caller's write still commits (spec: "Audit logging
 * failures are only logged and return false"); if the caller's transaction rolls back, so does this
 * row. See docs/decisions/003-audit-rows-in-a-savepoint.md.
 */
export async function writeAudit(tx: Tx, entry: AuditEntry): Promise<boolean> {
  try {
    await tx.transaction(async (savepoint) => {
      await savepoint.insert(audit_logs).values({
        id: newId(),
        user_id: entry.userId,
        farm_id: entry.farmId ?? null,
        table_name: entry.tableName,
        record_id: entry.recordId,
        action: entry.action,
        changes: entry.changes ?? null,
      });
    });
    return true;
  } catch (err) {
    console.error(`audit: could not record ${entry.action} on ${entry.tableName} ${entry.recordId}`, err);
    return false;
  }
}
