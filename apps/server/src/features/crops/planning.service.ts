import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import type {
  CropSeason,
  KnowledgeCropDetail,
  PlanningSchedule,
  PlanSeason,
  PlanSeasonResult,
  PlantingWindows,
} from '@gona/shared/crops';
import type { Db, Tx } from '../../db/client';
import { farms, planting_schedules } from '../../db/schema/index';
import type { FarmCtx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { addDays, farmToday } from '../../lib/farm-time';
import { cropDetail, zoneOfState } from '../knowledge/knowledge.service';
import { scheduleFromTemplateIn, type TemplateStep } from '../tasks/schedule.service';
import { knowledgeMap, readCrop, writeCropIn } from './crops.service';
import { daysBetween } from './crops.rows';

async function farmZone(db: Db | Tx, farmId: string) {
  const [farm] = await db.select({ state: farms.state }).from(farms).where(eq(farms.id, farmId));
  return zoneOfState(db, farm?.state ?? null);
}

/**
 * The crop's planting windows in the farm's zone, as the coming dates: a window already over this
 * year is next year's. Empty when the farm has no state or the crop has no calendar for its zone.
 */
export async function plantingWindows(ctx: FarmCtx, cropKey: string): Promise<PlantingWindows> {
  const [zone, today, crop] = await Promise.all([
    farmZone(ctx.db, ctx.farmId),
    farmToday(ctx.db, ctx.farmId),
    knownCrop(ctx.db, cropKey),
  ]);
  return { zone, windows: zone ? windowsOf(crop, zone, today) : [] };
}

function windowsOf(crop: KnowledgeCropDetail, zone: string, today: string): PlantingWindows['windows'] {
  return crop.calendars
    .filter((calendar) => calendar.zone === zone)
    .map((calendar) => {
      let year = Number(today.slice(0, 4));
      let from = `${year}-${calendar.plant_from}`;
      let to = `${calendar.plant_to < calendar.plant_from ? year + 1 : year}-${calendar.plant_to}`;
      if (to < today) {
        year += 1;
        from = `${year}-${calendar.plant_from}`;
        to = `${calendar.plant_to < calendar.plant_from ? year + 1 : year}-${calendar.plant_to}`;
      }
      const recommended = addDays(from, Math.floor(daysBetween(from, to) / 2));
      return { season: calendar.season, from, to, recommended, source: calendar.source };
    })
    .sort((a, b) => a.from.localeCompare(b.from));
}

async function knownCrop(db: Db | Tx, cropKey: string): Promise<KnowledgeCropDetail> {
  try {
    return await cropDetail(db, cropKey);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND')
      throw new AppError('VALIDATION', undefined, { crop_key: 'Choose a crop from the list' });
    throw error;
  }
}

/** The farm's planting schedules, the soonest first. */
export async function listPlantingSchedules(ctx: FarmCtx): Promise<PlanningSchedule[]> {
  const [rows, knowledge] = await Promise.all([
    ctx.db
      .select()
      .from(planting_schedules)
      .where(eq(planting_schedules.farm_id, ctx.farmId))
      .orderBy(asc(planting_schedules.recommended_planting_date), asc(planting_schedules.id))
      .limit(200),
    knowledgeMap(ctx.db),
  ]);
  return rows.map((row) => scheduleOf(row, knowledge.get(row.crop_key)?.name ?? row.crop_key));
}

function scheduleOf(row: typeof planting_schedules.$inferSelect, cropName: string): PlanningSchedule {
  return {
    id: row.id,
    crop_key: row.crop_key,
    crop_name: cropName,
    zone: row.zone,
    season: row.season,
    recommended_planting_date: row.recommended_planting_date,
    window_from: row.window_from,
    window_to: row.window_to,
    calendar_date: row.calendar_date,
    onset_date: row.onset_date,
    onset_confirmed: row.onset_confirmed,
  };
}

/** Seasons whose sowing waits on the first rains: the onset speaks for them, not for late or dry ones. */
const ONSET_SEASONS = ['main', 'early'] as const;
/** An onset this long before a window opens, or after it closes, still speaks for it. */
const ONSET_REACH = { beforeDays: 60, afterDays: 30 } as const;

/**
 * The observed onset of the rains moves the farm's main- and early-season planting dates: plant
 * once the rains have started (later than the calendar when they come late), not before the window
 * opens, never in the past. The
 * knowledge base's date is kept beside it so the farmer sees what moved and why. A schedule whose
 * window closed more than a month ago is left alone. Answers how many moved.
 */
export async function moveSchedulesToOnsetIn(
  tx: Tx,
  farmId: string,
  onset: { date: string; confirmed: boolean },
  today: string,
): Promise<number> {
  const rows = await tx
    .select()
    .from(planting_schedules)
    .where(
      and(
        eq(planting_schedules.farm_id, farmId),
        inArray(planting_schedules.season, [...ONSET_SEASONS]),
        gte(planting_schedules.window_to, addDays(today, -ONSET_REACH.afterDays)),
      ),
    );
  let moved = 0;
  for (const row of rows) {
    const reaches =
      onset.date >= addDays(row.window_from, -ONSET_REACH.beforeDays) &&
      onset.date <= addDays(row.window_to, ONSET_REACH.afterDays);
    if (!reaches) continue;
    if (row.onset_date === onset.date && row.onset_confirmed === onset.confirmed) continue;
    const calendar = row.calendar_date ?? row.recommended_planting_date;
    const date = [onset.date, row.window_from, today].reduce((a, b) => (a > b ? a : b));
    await tx
      .update(planting_schedules)
      .set({
        recommended_planting_date: date,
        calendar_date: calendar,
        onset_date: onset.date,
        onset_confirmed: onset.confirmed,
      })
      .where(eq(planting_schedules.id, row.id));
    moved += 1;
  }
  return moved;
}

/**
 * The window of the crop and season for the farm's zone, kept as a planting schedule (once per
 * crop, season and window); null when the knowledge base has none for the zone.
 */
export async function addPlantingScheduleIn(
  tx: Tx,
  farmId: string,
  crop: KnowledgeCropDetail,
  season: CropSeason,
): Promise<PlanningSchedule | null> {
  const [zone, today] = await Promise.all([farmZone(tx, farmId), farmToday(tx, farmId)]);
  const window = zone
    ? windowsOf(crop, zone, today).find((candidate) => candidate.season === season)
    : undefined;
  if (!zone || !window) return null;
  const [existing] = await tx
    .select()
    .from(planting_schedules)
    .where(
      and(
        eq(planting_schedules.farm_id, farmId),
        eq(planting_schedules.crop_key, crop.key),
        eq(planting_schedules.season, season),
        eq(planting_schedules.window_from, window.from),
      ),
    );
  const row =
    existing ??
    (
      await tx
        .insert(planting_schedules)
        .values({
          farm_id: farmId,
          crop_key: crop.key,
          zone,
          season,
          recommended_planting_date: window.recommended,
          window_from: window.from,
          window_to: window.to,
        })
        .returning()
    )[0]!;
  return scheduleOf(row, crop.name);
}

/** Keeps the window of a crop and season as the farm's planting schedule. */
export async function schedulePlanting(
  ctx: FarmCtx,
  input: { crop_key: string; season: CropSeason },
): Promise<PlanningSchedule> {
  return ctx.db.transaction(async (tx) => {
    const crop = await knownCrop(tx, input.crop_key);
    const schedule = await addPlantingScheduleIn(tx, ctx.farmId, crop, input.season);
    if (!schedule)
      throw new AppError('VALIDATION', undefined, {
        season: "The knowledge base has no planting window for this crop and season in your farm's zone",
      });
    return schedule;
  });
}

/**
 * The practice of a crop as a plan of work from its planting day: land preparation two weeks
 * before, planting, each fertilizer step, each weeding, weekly scouting until maturity, harvest.
 */
export function practiceSteps(crop: KnowledgeCropDetail, maturityDays: number): TemplateStep[] {
  const name = crop.name.toLowerCase();
  return [
    { key: 'land', offset_days: -14, title: `Prepare the land for the ${name}`, type: 'land_preparation' },
    {
      key: 'plant',
      offset_days: 0,
      title: `Plant the ${name}`,
      type: 'planting',
      notes: `${crop.practice.spacing}. ${crop.practice.seed_rate}.`,
      priority: 'high',
    },
    ...crop.practice.fertilizer.map((step, index) => ({
      key: `fertilizer_${index + 1}`,
      offset_days: step.day,
      title: `Apply ${step.product} to the ${name}`,
      type: 'fertilizer_application' as const,
      notes: step.rate,
    })),
    ...crop.practice.weeding_days.map((day, index) => ({
      key: `weeding_${index + 1}`,
      offset_days: day,
      title: `Weed the ${name} (day ${day})`,
      type: 'weeding' as const,
    })),
    {
      key: 'scout',
      offset_days: 7,
      title: `Walk the ${name} and look for pests and disease`,
      type: 'other',
      rrule: `FREQ=DAILY;INTERVAL=7;COUNT=${Math.max(1, Math.floor((maturityDays - 7) / 7))}`,
    },
    {
      key: 'harvest',
      offset_days: maturityDays,
      title: `Harvest the ${name}`,
      type: 'harvesting',
      priority: 'high',
    },
  ];
}

/**
 * Puts a planting's practice into the farm's tasks about it (once per crop and planting day);
 * steps before today are left out (a crop recorded after it was planted).
 */
export async function planCropTasksIn(tx: Tx, ctx: Omit<FarmCtx, 'db'>, cropId: string): Promise<number> {
  const crop = await readCrop(tx, ctx.farmId, cropId);
  const knowledge = await knownCrop(tx, crop.crop_key);
  const today = await farmToday(tx, ctx.farmId);
  const steps = practiceSteps(knowledge, daysBetween(crop.planting_date, crop.expected_harvest)).filter(
    (step) => addDays(crop.planting_date, step.offset_days) >= today,
  );
  const result = await scheduleFromTemplateIn(tx, ctx, {
    template: { key: `crop_${crop.crop_key}`, steps },
    anchor: crop.planting_date,
    links: { crop_id: cropId },
  });
  return result.created;
}

export async function planTasksForCrop(ctx: FarmCtx, cropId: string): Promise<{ created: number }> {
  return ctx.db.transaction(async (tx) => ({ created: await planCropTasksIn(tx, ctx, cropId) }));
}

/**
 * A season planned at once: each crop on its field and day becomes a planting (once per client
 * id), its window is kept as a planting schedule, and its practice becomes tasks.
 */
export async function planSeason(ctx: FarmCtx, input: PlanSeason): Promise<PlanSeasonResult> {
  return ctx.db.transaction(async (tx) => {
    let tasksCreated = 0;
    for (const item of input.items) {
      const { knowledge } = await writeCropIn(tx, ctx, { ...item, season: input.season, notes: null });
      await addPlantingScheduleIn(tx, ctx.farmId, knowledge, input.season);
      tasksCreated += await planCropTasksIn(tx, ctx, item.id);
    }
    const planted = await Promise.all(input.items.map((item) => readCrop(tx, ctx.farmId, item.id)));
    return { crops: planted, tasks_created: tasksCreated };
  });
}
