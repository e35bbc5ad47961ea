import type { HealthRecordKind } from '@gona/shared/livestock';
import type { TaskType } from '@gona/shared/tasks';
import { AppError } from '../../lib/errors';
import { farmToday } from '../../lib/farm-time';
import { newId } from '../../lib/ids';
import { registerCompletionHook } from '../tasks/hooks.service';
import { writeHealthRecordIn } from './records.service';

const KIND_OF: Partial<Record<TaskType, HealthRecordKind>> = {
  vaccination: 'vaccination',
  deworming: 'deworming',
};

/**
 * "Gumboro vaccine, 2nd dose" done: the task's animal or group gets the health record, dated the
 * farm's today, with the product from the store if one was used (used once, with the record), in
 * the completion's transaction.
 */
registerCompletionHook('livestock_health', async (tx, ctx, task, record) => {
  if (!task.livestock_id)
    throw new AppError('VALIDATION', undefined, { records: 'This task is not about an animal or group' });
  await writeHealthRecordIn(tx, ctx, task.livestock_id, {
    id: newId(),
    date: await farmToday(tx, ctx.farmId),
    kind: KIND_OF[task.type] ?? 'checkup',
    condition: task.title,
    product_name: null,
    supply_id: record.supply_id ?? null,
    quantity_used: record.supply_id ? (record.quantity_used ?? null) : null,
    dose: record.dose ?? null,
    route: null,
    given_by: null,
    vet: null,
    cost_kobo: null,
    withdrawal_days: null,
    next_due_date: null,
    notes: `Task done: ${task.title}`,
  });
});
