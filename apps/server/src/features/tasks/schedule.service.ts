import { and, eq, inArray } from 'drizzle-orm';
import type { ScheduleResult, TaskPriority, TaskType } from '@gona/shared/tasks';
import type { Tx } from '../../db/client';
import { farm_memberships, staff, task_series, tasks } from '../../db/schema/index';
import { auditInsert } from '../../lib/audit';
import type { FarmCtx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { addDays } from '../../lib/farm-time';
import { newId } from '../../lib/ids';
import { createSeriesIn } from './series.service';
import { assigneeNames, setAssigneesIn } from './tasks.checks';

/** One step of a plan: a task `offset_days` after the plan's start day, repeating by `rrule` if given. */
export type TemplateStep = {
  key: string;
  offset_days: number;
  title: string;
  type: TaskType;
  notes?: string;
  priority?: TaskPriority;
  rrule?: string;
};

/** A plan of work from a start day: crops and livestock bring theirs from the knowledge base. */
export type TaskTemplate = { key: string; steps: readonly TemplateStep[] };

/** What the tasks are about: a supply, an animal or group, a planting. */
export type TemplateLinks = {
  supply_id?: string | null;
  livestock_id?: string | null;
  crop_id?: string | null;
};

/**
 * The key a planned step's task carries: the plan, its start day, what it is about and the step.
 * Unique per farm, so planning the same thing twice finds the first plan's tasks.
 */
export function planSourceKey(
  templateKey: string,
  anchor: string,
  links: TemplateLinks,
  stepKey: string,
): string {
  const linkKey = links.crop_id
    ? `crop=${links.crop_id}`
    : links.livestock_id
      ? `livestock=${links.livestock_id}`
      : links.supply_id
        ? `supply=${links.supply_id}`
        : 'farm';
  return `${templateKey}:${anchor}:${linkKey}:${stepKey}`;
}

/**
 * Farm-general plans, from the day the farm chooses. Their words are the tasks' titles and notes,
 * in English like every stored record a person wrote.
 */
export const FARM_TEMPLATES: readonly TaskTemplate[] = [
  {
    key: 'equipment_care',
    steps: [
      {
        key: 'service',
        offset_days: 0,
        title: 'Service the farm equipment',
        type: 'maintenance',
        notes: 'Check oil, belts, tyres and sprayer nozzles; grease moving parts; note what needs repair.',
        rrule: 'FREQ=MONTHLY;BYMONTHDAY=1',
      },
    ],
  },
  {
    key: 'pen_hygiene',
    steps: [
      {
        key: 'clean',
        offset_days: 0,
        title: 'Clean and disinfect the pens and drinkers',
        type: 'cleaning',
        notes: 'Remove wet litter, wash drinkers and feeders, refresh the footbath disinfectant.',
        rrule: 'FREQ=WEEKLY;BYDAY=SA',
      },
    ],
  },
  {
    key: 'stock_take',
    steps: [
      {
        key: 'count',
        offset_days: 0,
        title: 'Count the store and record the stock',
        type: 'other',
        notes: 'Count every supply in the store and correct the records where they differ.',
        rrule: 'FREQ=MONTHLY;BYMONTHDAY=28',
      },
    ],
  },
];

export function farmTemplate(key: string): TaskTemplate {
  const template = FARM_TEMPLATES.find((candidate) => candidate.key === key);
  if (!template) throw new AppError('VALIDATION', undefined, { template: 'Choose a plan from the list' });
  return template;
}

/**
 * Puts a plan's steps into the farm's tasks from `anchor`. Idempotent per (template, anchor,
 * links): each step's task carries a source key naming all four, unique per farm, so planning the
 * same thing twice writes nothing the second time. A repeating step becomes a repeating task whose
 * first task carries the key.
 */
export async function scheduleFromTemplateIn(
  tx: Tx,
  ctx: Pick<FarmCtx, 'farmId' | 'userId' | 'logger'>,
  {
    template,
    anchor,
    links = {},
    assigneeIds = [],
  }: { template: TaskTemplate; anchor: string; links?: TemplateLinks; assigneeIds?: readonly string[] },
): Promise<ScheduleResult> {
  const names = await assigneeNames(tx, ctx.farmId, assigneeIds);
  const keys = template.steps.map((step) => planSourceKey(template.key, anchor, links, step.key));
  const existing = new Set(
    (
      await tx
        .select({ key: tasks.source_key })
        .from(tasks)
        .where(and(eq(tasks.farm_id, ctx.farmId), inArray(tasks.source_key, keys)))
    ).map((row) => row.key),
  );
  let created = 0;
  for (const [index, step] of template.steps.entries()) {
    const sourceKey = keys[index]!;
    if (existing.has(sourceKey)) continue;
    const values = {
      title: step.title,
      type: step.type,
      notes: step.notes ?? null,
      due_date: addDays(anchor, step.offset_days),
      priority: step.priority ?? 'normal',
      supply_id: links.supply_id ?? null,
      livestock_id: links.livestock_id ?? null,
      crop_id: links.crop_id ?? null,
    };
    const id = newId();
    if (step.rrule) {
      await createSeriesIn(tx, ctx, {
        ...values,
        rrule: step.rrule,
        assigneeIds,
        firstTaskId: id,
        sourceKey,
      });
    } else {
      const [row] = await tx
        .insert(tasks)
        .values({ ...values, id, farm_id: ctx.farmId, source_key: sourceKey, created_by: ctx.userId })
        .onConflictDoNothing()
        .returning({ id: tasks.id });
      if (!row) continue;
      await setAssigneesIn(tx, ctx.farmId, id, assigneeIds);
    }
    await auditInsert(tx, ctx, tasks, {
      id,
      record: {
        ...values,
        ...(step.rrule ? { rrule: step.rrule } : {}),
        assignees: names,
        plan: template.key,
      },
    });
    created += 1;
  }
  return { created, existing: existing.size };
}

/**
 * An animal or group gone from the farm (sold, dead, deleted), a crop failed or deleted: its open work goes and its
 * repeating tasks write no more days. What was done or skipped stays in its history.
 */
export async function dropOpenTasksAboutIn(
  tx: Tx,
  farmId: string,
  about: { livestock_id: string } | { crop_id: string },
): Promise<void> {
  const [seriesAbout, tasksAbout] =
    'livestock_id' in about
      ? [eq(task_series.livestock_id, about.livestock_id), eq(tasks.livestock_id, about.livestock_id)]
      : [eq(task_series.crop_id, about.crop_id), eq(tasks.crop_id, about.crop_id)];
  await tx
    .update(task_series)
    .set({ generated_until: null })
    .where(and(eq(task_series.farm_id, farmId), seriesAbout));
  await tx.delete(tasks).where(and(eq(tasks.farm_id, farmId), tasksAbout, eq(tasks.status, 'open')));
}

/**
 * A task another feature's event calls for (stock ran low; later a weather risk, an order), once
 * per event (`sourceKey`), due today, given to the farm's managers who are on the staff list (the
 * owner's and managers' screens show it whoever it is given to).
 */
export async function createTriggeredTaskIn(
  tx: Tx,
  ctx: Pick<FarmCtx, 'farmId' | 'userId' | 'logger'>,
  task: {
    sourceKey: string;
    title: string;
    type: TaskType;
    dueDate: string;
    supplyId?: string;
    notes?: string;
  },
): Promise<string | null> {
  const id = newId();
  const [row] = await tx
    .insert(tasks)
    .values({
      id,
      farm_id: ctx.farmId,
      title: task.title,
      type: task.type,
      notes: task.notes ?? null,
      due_date: task.dueDate,
      priority: 'high',
      supply_id: task.supplyId ?? null,
      source_key: task.sourceKey,
      created_by: null,
    })
    .onConflictDoNothing()
    .returning({ id: tasks.id });
  if (!row) return null;
  const managers = await tx
    .select({ id: staff.id })
    .from(staff)
    .innerJoin(
      farm_memberships,
      and(eq(farm_memberships.farm_id, staff.farm_id), eq(farm_memberships.user_id, staff.member_user_id)),
    )
    .where(
      and(eq(staff.farm_id, ctx.farmId), eq(staff.status, 'active'), eq(farm_memberships.role, 'manager')),
    );
  await setAssigneesIn(
    tx,
    ctx.farmId,
    id,
    managers.map((manager) => manager.id),
  );
  await auditInsert(tx, { ...ctx, userId: null }, tasks, {
    id,
    record: {
      title: task.title,
      type: task.type,
      due_date: task.dueDate,
      trigger: task.sourceKey.split(':')[0],
    },
  });
  return id;
}
