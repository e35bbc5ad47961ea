import type { TaskRecord, TaskRecordKind, TaskType } from '@gona/shared/tasks';
import type { Tx } from '../../db/client';
import type { FarmCtx } from '../../lib/ctx';

/** The task being completed, as a hook sees it. */
export type CompletedTask = {
  id: string;
  title: string;
  type: TaskType;
  farm_id: string;
  livestock_id: string | null;
};

/**
 * Records what a task's completion did where the record lives: a stock use in inventory, a
 * vaccination in livestock. The feature that owns the record registers its kind once at start-up;
 * the hook runs in the completion's transaction, so both commit or neither does.
 */
export type CompletionHook<K extends TaskRecordKind> = (
  tx: Tx,
  ctx: Omit<FarmCtx, 'db'>,
  task: CompletedTask,
  record: Extract<TaskRecord, { kind: K }>,
) => Promise<void>;

const hooks = new Map<TaskRecordKind, CompletionHook<TaskRecordKind>>();

export function registerCompletionHook<K extends TaskRecordKind>(kind: K, hook: CompletionHook<K>): void {
  hooks.set(kind, hook as unknown as CompletionHook<TaskRecordKind>);
}

export function completionHook(kind: TaskRecordKind): CompletionHook<TaskRecordKind> | undefined {
  return hooks.get(kind);
}
