import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { registerCompletionHook } from '../tasks/hooks.service';
import { recordMovementIn } from './movements.service';

/**
 * "Fertilizer applied, 2 bags of NPK": a task done with the stock it used records that use, in the
 * completion's transaction (the task is held, so a replayed completion records nothing twice).
 */
registerCompletionHook('stock_use', async (tx, ctx, task, record) => {
  try {
    await recordMovementIn(tx, ctx, {
      supplyId: record.supply_id,
      id: newId(),
      kind: 'used',
      quantity: record.quantity,
      reason: null,
      note: `Task done: ${task.title}`,
      unit_cost_kobo: null,
    });
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND')
      throw new AppError('VALIDATION', undefined, { records: 'Choose a supply from the list' });
    throw err;
  }
});
