import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Calendar,
  CreateTask,
  DayTasks,
  ScheduleResult,
  ScheduleTemplateInput,
  Task,
  TaskWithPhotos,
  TodayTasks,
} from '@gona/shared/tasks';
import { apiFetch } from '@/lib/http';
import { taskKeys, taskPath, tasksPath } from './keys';

export function useTodayTasks(farmId: string, mine: boolean) {
  return useQuery({
    queryKey: taskKeys.today(farmId, mine),
    queryFn: () => apiFetch<TodayTasks>(`${tasksPath(farmId)}/today${mine ? '?mine=true' : ''}`),
  });
}

export function useCalendar(farmId: string, range: { from: string; to: string }, mine: boolean) {
  return useQuery({
    queryKey: taskKeys.calendar(farmId, range.from, mine),
    queryFn: () =>
      apiFetch<Calendar>(
        `${tasksPath(farmId)}/calendar?from=${range.from}&to=${range.to}${mine ? '&mine=true' : ''}`,
      ),
  });
}

export function useDayTasks(farmId: string, date: string, mine: boolean) {
  return useQuery({
    queryKey: taskKeys.day(farmId, date, mine),
    queryFn: () => apiFetch<DayTasks>(`${tasksPath(farmId)}/day?date=${date}${mine ? '&mine=true' : ''}`),
  });
}

export function useTask(farmId: string, taskId: string | null) {
  return useQuery({
    queryKey: taskKeys.task(farmId, taskId ?? ''),
    queryFn: () => apiFetch<TaskWithPhotos>(taskPath(farmId, taskId!)),
    enabled: Boolean(taskId),
  });
}

/**
 * The task changes that need the connection. A task's answer goes into its cached detail at once;
 * the lists are asked again, as a change may add or move tasks (the next of a repeating task, a plan's
 * steps) that only the server can place. The pickers in the task form are other features' (`lib/pickers.ts`).
 */
function useTaskAction<V, R>(send: (variables: V) => Promise<R>, farmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      if (isTask(answer))
        queryClient.setQueryData<Task>(
          taskKeys.task(farmId, answer.id),
          (old) => old && { ...old, ...answer },
        );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: taskKeys.all(farmId) }),
  });
}

const isTask = (answer: unknown): answer is Task =>
  typeof answer === 'object' && answer !== null && 'id' in answer && 'status' in answer;

export function useCreateTask(farmId: string) {
  return useTaskAction(
    (input: CreateTask) => apiFetch<TaskWithPhotos>(tasksPath(farmId), { method: 'POST', json: input }),
    farmId,
  );
}

export function useTaskStatus(farmId: string) {
  return useTaskAction(
    ({ taskId, action, note }: { taskId: string; action: 'skip' | 'reopen'; note?: string | null }) =>
      apiFetch<Task>(`${taskPath(farmId, taskId)}/${action}`, {
        method: 'POST',
        ...(action === 'skip' ? { json: { note: note ?? null } } : {}),
      }),
    farmId,
  );
}

export function useDeleteTask(farmId: string) {
  return useTaskAction(
    ({ taskId, series }: { taskId: string; series: string | null }) =>
      apiFetch<null>(
        series
          ? `/api/farms/${encodeURIComponent(farmId)}/task-series/${encodeURIComponent(series)}`
          : taskPath(farmId, taskId),
        { method: 'DELETE' },
      ),
    farmId,
  );
}

/** Puts a routine plan into the tasks from a start day; planning the same again adds nothing. */
export function useSchedulePlan(farmId: string) {
  return useTaskAction(
    (input: ScheduleTemplateInput) =>
      apiFetch<ScheduleResult>(`${tasksPath(farmId)}/schedule`, { method: 'POST', json: input }),
    farmId,
  );
}
