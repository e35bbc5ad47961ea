import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  CareStepSchema,
  type CarePlan,
  type CarePlanResult,
  type CareProgramme,
  type CareStep,
  type SaveCareProgramme,
} from '@gona/shared/livestock';
import type { TaskType } from '@gona/shared/tasks';
import type { Db, Tx } from '../../db/client';
import {
  care_programme_steps,
  care_programmes,
  farm_care_programmes,
  knowledge_sources,
  tasks,
} from '../../db/schema/index';
import { auditDelete, auditUpdate } from '../../lib/audit';
import type { FarmCtx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { addDays, dateIn, farmTimeZone } from '../../lib/farm-time';
import { planSourceKey, scheduleFromTemplateIn, type TemplateStep } from '../tasks/schedule.service';
import { nextDayOf } from '../tasks/series.service';
import { displayName, readRow } from './livestock.service';

const PROGRAMME_NOT_FOUND = 'Care programme not found';
/** A step's kind as the task's kind of work. */
const TASK_TYPE: Record<CareStep['kind'], TaskType> = {
  vaccination: 'vaccination',
  deworming: 'deworming',
  care: 'other',
};

/** The built-in programmes with their sources and steps, each replaced by the farm's copy where it has one. */
export async function listProgrammes(db: Db | Tx, farmId: string): Promise<CareProgramme[]> {
  const [programmes, steps, copies] = await Promise.all([
    db
      .select({
        key: care_programmes.key,
        name: care_programmes.name,
        species: care_programmes.species,
        counts_from: care_programmes.counts_from,
        note: care_programmes.note,
        source: {
          title: knowledge_sources.title,
          organisation: knowledge_sources.organisation,
          year: knowledge_sources.year,
          url: knowledge_sources.url,
        },
      })
      .from(care_programmes)
      .innerJoin(knowledge_sources, eq(knowledge_sources.key, care_programmes.source_key))
      .orderBy(asc(care_programmes.position)),
    db
      .select()
      .from(care_programme_steps)
      .orderBy(asc(care_programme_steps.programme_key), asc(care_programme_steps.position)),
    db.select().from(farm_care_programmes).where(eq(farm_care_programmes.farm_id, farmId)),
  ]);
  return programmes.map((programme) => {
    const copy = copies.find((candidate) => candidate.programme_key === programme.key);
    return {
      ...programme,
      steps: copy
        ? copy.steps
        : steps
            .filter((step) => step.programme_key === programme.key)
            .map((step) => ({
              key: step.key,
              offset_days: step.offset_days,
              kind: step.kind,
              title: step.title,
              notes: step.notes,
              rrule: step.rrule,
            })),
      customised: Boolean(copy),
      version: copy?.version ?? 0,
    };
  });
}

async function programmeOf(db: Db | Tx, farmId: string, key: string): Promise<CareProgramme> {
  const programme = (await listProgrammes(db, farmId)).find((candidate) => candidate.key === key);
  if (!programme) throw new AppError('NOT_FOUND', PROGRAMME_NOT_FOUND);
  return programme;
}

/**
 * The farm's own steps for a programme (the built-in ones stay for every other farm). A stale
 * version (someone saved it meanwhile) is 409.
 */
export async function saveProgramme(
  ctx: FarmCtx,
  key: string,
  input: SaveCareProgramme,
): Promise<CareProgramme> {
  return ctx.db.transaction(async (tx) => {
    const before = await programmeOf(tx, ctx.farmId, key);
    if (input.version !== undefined && input.version !== before.version)
      throw new AppError('CONFLICT', 'Someone changed this programme meanwhile. Look at it again.');
    const steps = input.steps.map((step) => CareStepSchema.parse(step));
    await tx
      .insert(farm_care_programmes)
      .values({ farm_id: ctx.farmId, programme_key: key, steps, updated_by: ctx.userId })
      .onConflictDoUpdate({
        target: [farm_care_programmes.farm_id, farm_care_programmes.programme_key],
        set: {
          steps,
          updated_by: ctx.userId,
          updated_at: new Date(),
          version: sql`${farm_care_programmes.version} + 1`,
        },
      });
    await auditUpdate(tx, ctx, farm_care_programmes, {
      id: key,
      changes: { steps: { from: before.steps.length, to: steps.length } },
      context: { name: before.name },
    });
    return programmeOf(tx, ctx.farmId, key);
  });
}

/** Back to the built-in steps. */
export async function restoreProgramme(ctx: FarmCtx, key: string): Promise<CareProgramme> {
  return ctx.db.transaction(async (tx) => {
    const before = await programmeOf(tx, ctx.farmId, key);
    const removed = await tx
      .delete(farm_care_programmes)
      .where(and(eq(farm_care_programmes.farm_id, ctx.farmId), eq(farm_care_programmes.programme_key, key)))
      .returning({ key: farm_care_programmes.programme_key });
    if (removed.length)
      await auditDelete(tx, ctx, farm_care_programmes, { id: key, record: { name: before.name } });
    return programmeOf(tx, ctx.farmId, key);
  });
}

type AnimalRow = Awaited<ReturnType<typeof readRow>>;

/** The first programme (in the knowledge base's order) for the animal's species that its record can count from. */
function fittingProgramme(programmes: CareProgramme[], animal: AnimalRow): CareProgramme | null {
  return (
    programmes.find(
      (programme) =>
        programme.species.includes(animal.species) &&
        (programme.counts_from === 'birth' || animal.acquisition === 'bought'),
    ) ?? null
  );
}

/**
 * The day a programme's steps count from: birth or hatching (`bornOn`), or arrival on the farm (the
 * day it came, else the day it was recorded).
 */
function anchorOf(programme: CareProgramme, animal: AnimalRow, zone: string): string | null {
  if (programme.counts_from === 'arrival') return animal.acquired_on ?? dateIn(zone, animal.created_at);
  return bornOn(animal);
}

/**
 * The day of birth or hatching: the date of birth, or the day it came less its age then; null when
 * the record says neither. Care programmes counted from birth and growth targets count from it.
 */
export function bornOn(animal: AnimalRow): string | null {
  if (animal.date_of_birth) return animal.date_of_birth;
  if (!animal.acquired_on || animal.age_at_acquisition === null || !animal.age_unit) return null;
  const [y, m, d] = animal.acquired_on.split('-').map(Number) as [number, number, number];
  const age = animal.age_at_acquisition;
  const born = {
    days: Date.UTC(y, m - 1, d - age),
    weeks: Date.UTC(y, m - 1, d - age * 7),
    months: Date.UTC(y, m - 1 - age, d),
    years: Date.UTC(y - age, m - 1, d),
  }[animal.age_unit];
  return new Date(born).toISOString().slice(0, 10);
}

type LaidStep = CareStep & { due_date: string; past: boolean };

/**
 * A programme's steps on the animal's calendar: each on anchor + its day; a repeating step whose
 * first day has passed moves to its next day from today (the doses already due are not made up);
 * a one-off step before today is past.
 */
function layOut(steps: readonly CareStep[], anchor: string, today: string): LaidStep[] {
  return steps.map((step) => {
    const first = addDays(anchor, step.offset_days);
    if (first >= today) return { ...step, due_date: first, past: false };
    if (step.rrule) {
      const next = nextDayOf(step.rrule, first, today);
      if (next) return { ...step, due_date: next, past: false };
    }
    return { ...step, due_date: first, past: true };
  });
}

function templateKey(programmeKey: string): string {
  return `care_${programmeKey}`;
}

/** The programme that fits the animal, laid on its age, with what is already planned. */
export async function carePlan(ctx: FarmCtx, animalId: string): Promise<CarePlan> {
  const [animal, programmes, zone] = await Promise.all([
    readRow(ctx.db, ctx.farmId, animalId),
    listProgrammes(ctx.db, ctx.farmId),
    farmTimeZone(ctx.db, ctx.farmId),
  ]);
  const programme = fittingProgramme(programmes, animal);
  if (!programme) return { programme: null, anchor_date: null, steps: [] };
  const { steps: programmeSteps, ...about } = programme;
  const anchor = anchorOf(programme, animal, zone);
  if (!anchor) return { programme: about, anchor_date: null, steps: [] };
  const laid = layOut(programmeSteps, anchor, dateIn(zone));
  const keys = laid.map((step) =>
    planSourceKey(templateKey(programme.key), anchor, { livestock_id: animalId }, step.key),
  );
  const planned = new Set(
    (
      await ctx.db
        .select({ key: tasks.source_key })
        .from(tasks)
        .where(and(eq(tasks.farm_id, ctx.farmId), inArray(tasks.source_key, keys)))
    ).map((row) => row.key),
  );
  return {
    programme: about,
    anchor_date: anchor,
    steps: laid.map((step, index) => ({
      key: step.key,
      kind: step.kind,
      title: step.title,
      notes: step.notes ?? null,
      rrule: step.rrule ?? null,
      due_date: step.due_date,
      past: step.past,
      planned: planned.has(keys[index]!),
    })),
  };
}

/**
 * Accepting a programme for an animal or group: its steps from today become the farm's tasks about
 * it (once: accepting again adds nothing). Steps already past are left out and counted.
 */
export async function acceptCarePlan(
  ctx: FarmCtx,
  animalId: string,
  programmeKey: string,
): Promise<CarePlanResult> {
  return ctx.db.transaction(async (tx) => {
    const [animal, programme, zone] = await Promise.all([
      readRow(tx, ctx.farmId, animalId),
      programmeOf(tx, ctx.farmId, programmeKey),
      farmTimeZone(tx, ctx.farmId),
    ]);
    if (!fittingProgramme([programme], animal))
      throw new AppError('VALIDATION', undefined, {
        programme_key: `This programme is not for ${displayName(animal) || 'this animal or group'}`,
      });
    if (animal.status !== 'active')
      throw new AppError('CONFLICT', 'This animal or group is no longer on the farm.');
    const anchor = anchorOf(programme, animal, zone);
    if (!anchor)
      throw new AppError('VALIDATION', undefined, {
        programme_key: 'Enter the date of birth or hatching, or the age when it came, first',
      });
    const laid = layOut(programme.steps, anchor, dateIn(zone));
    const steps: TemplateStep[] = laid
      .filter((step) => !step.past)
      .map((step) => ({
        key: step.key,
        // A repeating step moved to its next day keeps its key: planning again finds it.
        offset_days: daysBetween(anchor, step.due_date),
        title: step.title,
        type: TASK_TYPE[step.kind],
        priority: step.kind === 'vaccination' ? 'high' : 'normal',
        ...(step.notes ? { notes: step.notes } : {}),
        ...(step.rrule ? { rrule: step.rrule } : {}),
      }));
    const result = await scheduleFromTemplateIn(tx, ctx, {
      template: { key: templateKey(programme.key), steps },
      anchor,
      links: { livestock_id: animalId },
    });
    return { ...result, past: laid.length - steps.length };
  });
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
