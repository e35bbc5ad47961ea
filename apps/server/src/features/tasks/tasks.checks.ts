import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { staff, supplies, task_assignees, tasks } from '../../db/schema/index';
import { AppError } from '../../lib/errors';

/** The names of the staff given a task, in order; refuses anyone not on this farm or gone. */
export async function assigneeNames(tx: Tx, farmId: string, staffIds: readonly string[]): Promise<string[]> {
  if (staffIds.length === 0) return [];
  const rows = await tx
    .select({ id: staff.id, name: staff.name, status: staff.status })
    .from(staff)
    .where(and(eq(staff.farm_id, farmId), inArray(staff.id, [...staffIds])));
  if (rows.length !== staffIds.length)
    throw new AppError('VALIDATION', undefined, { assignee_ids: 'Choose people from the staff list' });
  const gone = rows.find((row) => row.status !== 'active');
  if (gone)
    throw new AppError('VALIDATION', undefined, {
      assignee_ids: `${gone.name} has left the farm. Choose someone who works here now.`,
    });
  return rows.map((row) => row.name).sort();
}

export async function setAssignees(tx: Tx, farmId: string, taskId: string, staffIds: readonly string[]) {
  await tx.delete(task_assignees).where(eq(task_assignees.task_id, taskId));
  await tx
    .update(tasks)
    .set({ assigned: staffIds.length > 0 })
    .where(eq(tasks.id, taskId));
  if (staffIds.length > 0)
    await tx
      .insert(task_assignees)
      .values(staffIds.map((staff_id) => ({ task_id: taskId, staff_id, farm_id: farmId })));
}

export async function assertSupplyOfFarm(tx: Tx, farmId: string, supplyId: string | null | undefined) {
  if (!supplyId) return;
  const [row] = await tx
    .select({ id: supplies.id })
    .from(supplies)
    .where(and(eq(supplies.farm_id, farmId), eq(supplies.id, supplyId)));
  if (!row) throw new AppError('VALIDATION', undefined, { supply_id: 'Choose a supply from the list' });
}
