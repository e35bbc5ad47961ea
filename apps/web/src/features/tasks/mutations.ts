import type { QueryClient } from '@tanstack/react-query';
import type { CompleteTaskInput, DayTasks, Task, TodayTasks } from '@gona/shared/tasks';
import { apiFetch } from '@/lib/http';
import { defineQueuedMutation } from '@/lib/offline';
import { sendWaitingPhotos } from '@/lib/photo-upload';

/**
 * The task change a worker makes offline (done in one tap), apart from the screens' queries: the
 * app registers it before its saved cache is restored, so this is all of tasks the first load carries.
 */

/** Every task query of a farm starts with ['tasks', farmId], so one invalidation refreshes them all. */
export const taskKeys = {
  all: (farmId: string) => ['tasks', farmId] as const,
  today: (farmId: string, mine: boolean) => ['tasks', farmId, 'today', mine] as const,
  calendar: (farmId: string, from: string, mine: boolean) =>
    ['tasks', farmId, 'calendar', from, mine] as const,
  day: (farmId: string, date: string, mine: boolean) => ['tasks', farmId, 'day', date, mine] as const,
  task: (farmId: string, taskId: string) => ['tasks', farmId, 'task', taskId] as const,
};

export const tasksPath = (farmId: string) => `/api/farms/${encodeURIComponent(farmId)}/tasks`;
export const taskPath = (farmId: string, taskId: string) =>
  `${tasksPath(farmId)}/${encodeURIComponent(taskId)}`;

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
  { onSettled: refreshTasks },
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
