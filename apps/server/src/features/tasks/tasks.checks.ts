import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { crops, livestock, staff, supplies, task_assignees, tasks } from '../../db/schema/index';
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
      assignee_ids:
        gone.status === 'inactive'
          ? `${gone.name} is inactive: the Free plan keeps 10 workers active. Choose someone active, or change who is active on the Subscription page.`
          : `${gone.name} has left the farm. Choose someone who works here now.`,
    });
  return rows.map((row) => row.name).sort();
}

export async function setAssigneesIn(tx: Tx, farmId: string, taskId: string, staffIds: readonly string[]) {
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

/** What a task is about must be the farm's own: another farm's supply or animal is "not in the list". */
export async function assertLinksOfFarm(
  tx: Tx,
  farmId: string,
  links: {
    supply_id?: string | null | undefined;
    livestock_id?: string | null | undefined;
    crop_id?: string | null | undefined;
  },
) {
  if (links.supply_id) {
    const [row] = await tx
      .select({ id: supplies.id })
      .from(supplies)
      .where(and(eq(supplies.farm_id, farmId), eq(supplies.id, links.supply_id)));
    if (!row) throw new AppError('VALIDATION', undefined, { supply_id: 'Choose a supply from the list' });
  }
  if (links.livestock_id) {
    const [row] = await tx
      .select({ id: livestock.id })
      .from(livestock)
      .where(and(eq(livestock.farm_id, farmId), eq(livestock.id, links.livestock_id)));
    if (!row)
      throw new AppError('VALIDATION', undefined, {
        livestock_id: 'Choose an animal or group from the list',
      });
  }
  if (links.crop_id) {
    const [row] = await tx
      .select({ id: crops.id })
      .from(crops)
      .where(and(eq(crops.farm_id, farmId), eq(crops.id, links.crop_id)));
    if (!row) throw new AppError('VALIDATION', undefined, { crop_id: 'Choose a crop from the list' });
  }
}
