import type { QueryClient } from '@tanstack/react-query';
import type { CompleteTaskInput, DayTasks, Task, TodayTasks } from '@gona/shared/tasks';
import { apiFetch } from '@/lib/http';
import { defineQueuedMutation } from '@/lib/offline';
import { sendWaitingPhotos } from '@/lib/photo-upload';
import { taskKeys, taskPath } from './keys';

/**
 * The task change a worker makes offline (done in one tap), apart from the screens' queries: the
 * app registers it before it restores a saved cache that holds a waiting change.
 */

export const taskMutationKeys = {
  completeTask: ['tasks', 'complete-task'],
} as const satisfies Record<string, readonly [string, string]>;

export type CompleteTaskVariables = CompleteTaskInput & { farmId: string; taskId: string; title: string };

const refreshTasks = (queryClient: QueryClient, { farmId }: { farmId: string }) =>
  void queryClient.invalidateQueries({ queryKey: taskKeys.all(farmId) });

const completeTask = defineQueuedMutation(
  taskMutationKeys.completeTask,
  async ({ farmId, taskId, title: _title, ...input }: CompleteTaskVariables) =>
    apiFetch<Task>(`${taskPath(farmId, taskId)}/complete`, {
      method: 'POST',
      // Photos taken offline go up first, then the completion names them.
      json: { ...input, photo_ids: await sendWaitingPhotos(farmId, input.photo_ids) },
    }),
  {
    // The detail shows the answer at once; the lists are asked again (a repeating task's next one).
    onSent: (queryClient, task, { farmId }) =>
      queryClient.setQueryData<Task>(taskKeys.task(farmId, task.id), (old) => old && { ...old, ...task }),
    onSettled: refreshTasks,
  },
);

/** Lets a queued completion run after a reload: call once on the app's QueryClient, before the restore. */
export function registerTaskMutationDefaults(queryClient: QueryClient) {
  completeTask.register(queryClient);
}

export const useCompleteTask = completeTask.useMutation;

/** Shows a task as done at once in the farm's cached Today and day lists (the tap waits for no one). */
export function markDoneInCache(queryClient: QueryClient, farmId: string, taskId: string) {
  const done = <T extends { id: string; status: string }>(item: T): T =>
    item.id === taskId ? { ...item, status: 'done' } : item;
  queryClient.setQueriesData<TodayTasks>({ queryKey: [...taskKeys.all(farmId), 'today'] }, (data) =>
    data
      ? {
          ...data,
          overdue: { ...data.overdue, items: data.overdue.items.map(done) },
          due_today: { ...data.due_today, items: data.due_today.items.map(done) },
          upcoming: { ...data.upcoming, items: data.upcoming.items.map(done) },
        }
      : data,
  );
  queryClient.setQueriesData<DayTasks>({ queryKey: [...taskKeys.all(farmId), 'day'] }, (data) =>
    data ? { ...data, items: data.items.map(done) } : data,
  );
}
