import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@gona/shared/page-size';
import type { Supply } from '@gona/shared/inventory';
import type { StaffMember } from '@gona/shared/staff';
import type { Calendar, CreateTask, DayTasks, Task, TaskWithPhotos, TodayTasks } from '@gona/shared/tasks';
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

/** The people a task can be given to: the farm's active staff. */
export function useActiveStaff(farmId: string) {
  return useQuery({
    queryKey: ['staff', farmId, 'list', 'active-for-tasks'],
    queryFn: () =>
      apiFetch<Page<StaffMember>>(`/api/farms/${encodeURIComponent(farmId)}/staff?status=active&limit=200`),
    select: (page) => page.items,
  });
}

/** The supplies a task can be about. */
export function useSupplyChoices(farmId: string) {
  return useQuery({
    queryKey: ['supplies', farmId, 'list', 'for-tasks'],
    queryFn: () => apiFetch<Page<Supply>>(`/api/farms/${encodeURIComponent(farmId)}/supplies?limit=200`),
    select: (page) => page.items,
  });
}

function useTaskAction<V>(send: (variables: V) => Promise<unknown>, farmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: taskKeys.all(farmId) }),
  });
}

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
