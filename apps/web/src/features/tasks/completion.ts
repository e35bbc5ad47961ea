import type { Task, TaskRecordInput } from '@gona/shared/tasks';

/**
 * What a completion records by default: a vaccination or deworming of an animal or group goes into
 * its health records (with the stock used, when the task names a supply); other work records the
 * stock it used.
 */
export function completionRecords(
  task: Pick<Task, 'type' | 'livestock' | 'supply'>,
  options: { used?: string; health?: boolean } = {},
): TaskRecordInput[] {
  const used =
    options.used?.trim() && task.supply ? { id: task.supply.id, quantity: options.used.trim() } : null;
  if (task.livestock && (options.health ?? healthWork(task)))
    return [
      {
        kind: 'livestock_health',
        ...(used ? { supply_id: used.id, quantity_used: used.quantity } : {}),
      },
    ];
  return used ? [{ kind: 'stock_use', supply_id: used.id, quantity: used.quantity }] : [];
}

/** Work that belongs in an animal's health records: its vaccination or deworming. */
export function healthWork(task: Pick<Task, 'type' | 'livestock'>): boolean {
  return Boolean(task.livestock) && (task.type === 'vaccination' || task.type === 'deworming');
}
