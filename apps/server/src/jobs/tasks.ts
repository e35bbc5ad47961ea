import type { PgBoss } from 'pg-boss';
import type { Db } from '../db/client';
import type { SmsProvider } from '../integrations/sms';
import type { Logger } from '../lib/logger';
import { sweepTasks } from '../features/tasks/sweep.service';

export const TASKS_SWEEP_QUEUE = 'tasks-sweep';

/**
 * One sweeper for every task reminder (not one schedule per task): every 15 minutes it writes
 * repeating tasks ahead, sends mornings whose hour has come and nudges about newly overdue tasks.
 */
export async function startTasksSweep(
  boss: PgBoss,
  deps: { db: Db; logger: Logger; sms: SmsProvider | null },
): Promise<void> {
  await boss.createQueue(TASKS_SWEEP_QUEUE, { policy: 'singleton', retryLimit: 1, retryDelay: 60 });
  await boss.work(TASKS_SWEEP_QUEUE, async () => {
    const result = await sweepTasks(deps.db, new Date(), { sms: deps.sms });
    if (result.written + result.mornings + result.nudges + result.texts > 0)
      deps.logger.info('tasks: sweep', result);
  });
  await boss.schedule(TASKS_SWEEP_QUEUE, '*/15 * * * *');
}
