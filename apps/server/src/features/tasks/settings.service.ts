import { eq } from 'drizzle-orm';
import type { TaskSettings } from '@gona/shared/tasks';
import { task_settings } from '../../db/schema/index';
import { auditUpdate } from '../../lib/audit';
import type { FarmCtx } from '../../lib/ctx';

/** The farm's task settings (off until the owner turns them on). */
export async function getTaskSettings(ctx: FarmCtx, smsAvailable: boolean): Promise<TaskSettings> {
  const [row] = await ctx.db.select().from(task_settings).where(eq(task_settings.farm_id, ctx.farmId));
  return { sms_staff: row?.sms_staff ?? false, sms_available: smsAvailable };
}

/** The owner's choice: staff without an account get their morning tasks by SMS. */
export async function setTaskSettings(
  ctx: FarmCtx,
  input: { sms_staff: boolean },
  smsAvailable: boolean,
): Promise<TaskSettings> {
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(task_settings)
      .where(eq(task_settings.farm_id, ctx.farmId))
      .for('update');
    const was = before?.sms_staff ?? false;
    await tx
      .insert(task_settings)
      .values({ farm_id: ctx.farmId, sms_staff: input.sms_staff })
      .onConflictDoUpdate({
        target: task_settings.farm_id,
        set: { sms_staff: input.sms_staff, updated_at: new Date() },
      });
    await auditUpdate(tx, ctx, task_settings, {
      id: ctx.farmId,
      changes: was === input.sms_staff ? null : { sms_staff: { from: was, to: input.sms_staff } },
    });
  });
  return getTaskSettings(ctx, smsAvailable);
}
