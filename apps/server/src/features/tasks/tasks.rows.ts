import { sql } from 'drizzle-orm';
import type { Task, TaskAssignee } from '@gona/shared/tasks';
import {
  crops,
  knowledge_crops,
  livestock,
  staff,
  supplies,
  task_assignees,
  task_series,
  tasks,
} from '../../db/schema/index';

/** The columns every task answer is read with: the task, its people, what it is about and its rule. */
export const taskColumns = {
  task: tasks,
  supply: { id: supplies.id, name: supplies.name, unit: supplies.unit },
  livestock: { id: livestock.id, name: livestock.name, tag: livestock.tag },
  crop: { id: crops.id, name: knowledge_crops.name, key: crops.crop_key },
  rrule: task_series.rrule,
  assignees: sql<TaskAssignee[]>`coalesce((
    select json_agg(json_build_object('id', ${staff.id}, 'name', ${staff.name}, 'has_account', ${staff.member_user_id} is not null) order by ${staff.name})
    from ${task_assignees} join ${staff} on ${staff.id} = ${task_assignees.staff_id}
    where ${task_assignees.task_id} = ${tasks.id}
  ), '[]'::json)`,
};

type TaskRow = {
  task: typeof tasks.$inferSelect;
  supply: { id: string; name: string; unit: string } | null;
  livestock: { id: string; name: string | null; tag: string | null } | null;
  crop: { id: string | null; name: string | null; key: string | null } | null;
  rrule: string | null;
  assignees: TaskAssignee[];
};

export function toTask(row: TaskRow): Task {
  const { task } = row;
  return {
    id: task.id,
    farm_id: task.farm_id,
    title: task.title,
    type: task.type,
    notes: task.notes,
    due_date: task.due_date,
    due_time: task.due_time ? task.due_time.slice(0, 5) : null,
    priority: task.priority,
    status: task.status,
    assignees: row.assignees,
    supply: row.supply,
    crop: row.crop?.id ? { id: row.crop.id, name: row.crop.name ?? row.crop.key ?? '' } : null,
    livestock: row.livestock
      ? { id: row.livestock.id, name: row.livestock.name ?? row.livestock.tag ?? '' }
      : null,
    series_id: task.series_id,
    rrule: row.rrule,
    completed_at: task.completed_at?.toISOString() ?? null,
    completed_by_name: task.completed_by_name,
    completion_note: task.completion_note,
    created_at: task.created_at.toISOString(),
    updated_at: task.updated_at.toISOString(),
    version: task.version,
  };
}
