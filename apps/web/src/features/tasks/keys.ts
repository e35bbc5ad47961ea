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
