import { and, asc, desc, eq, min, ne, sql, sum } from 'drizzle-orm';
import {
  DEFAULT_YIELD_PER_AREA,
  HARVEST_UNIT_KG,
  historyFactor,
  predictYield,
  soilFactor,
  stageTimeline,
  weatherFactor,
  type GrowthStage,
  type Harvest,
  type KnowledgeCrop,
  type Prediction,
  type RecordHarvest,
  type RecordStage,
  type StageDate,
} from '@gona/shared/crops';
import type { Page, PageQuery } from '@gona/shared/pagination';
import { fromMilli, normalizeQuantity, toMilli } from '@gona/shared/units';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import {
  crop_growth_stages,
  crop_harvests,
  crop_yield_predictions,
  crops,
  sales,
} from '../../db/schema/index';
import { auditInsert } from '../../lib/audit';
import type { FarmCtx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { farmToday } from '../../lib/farm-time';
import { byDate, keyset } from '../../lib/pagination';
import { insertOnce } from '../../lib/writes';
import { pastWeather } from '../climate/climate.service';
import { latestPh } from '../fields/fields.service';
import { knowledgeMap, NOT_FOUND } from './crops.service';

/** A crop's stages are a handful; more than this is not a real planting. */
const STAGES_MAX = 200;

async function cropRow(db: Db | Tx, farmId: string, cropId: string) {
  const [row] = await db
    .select()
    .from(crops)
    .where(and(eq(crops.farm_id, farmId), eq(crops.id, cropId)));
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return row;
}

function stageName(knowledge: KnowledgeCrop | undefined, key: string): string {
  return knowledge?.stages.find((stage) => stage.key === key)?.name ?? key;
}

function toStage(
  row: typeof crop_growth_stages.$inferSelect,
  knowledge: KnowledgeCrop | undefined,
): GrowthStage {
  return {
    id: row.id,
    crop_id: row.crop_id,
    stage_key: row.stage_key,
    stage_name: stageName(knowledge, row.stage_key),
    start_date: row.start_date,
    observation: row.observation,
    created_at: row.created_at.toISOString(),
  };
}

/** A stage seen on the crop, once per client id; the stage must be one of the crop's. */
export async function recordStage(ctx: FarmCtx, cropId: string, input: RecordStage): Promise<GrowthStage> {
  return ctx.db.transaction(async (tx) => {
    const crop = await cropRow(tx, ctx.farmId, cropId);
    const knowledge = (await knowledgeMap(tx)).get(crop.crop_key);
    if (knowledge && !knowledge.stages.some((stage) => stage.key === input.stage_key))
      throw new AppError('VALIDATION', undefined, { stage_key: 'Choose a stage from the list' });
    if (input.start_date < crop.planting_date)
      throw new AppError('VALIDATION', undefined, {
        start_date: 'A stage begins on or after the planting day',
      });
    const { id, ...values } = input;
    const { row, replayed } = await insertOnce(tx, crop_growth_stages, {
      id,
      farmId: ctx.farmId,
      parent: { crop_id: cropId },
      values: { ...values, crop_id: cropId, user_id: ctx.userId },
    });
    if (!replayed) {
      // A crop seen growing is no longer only planned.
      if (crop.status === 'planned' || crop.status === 'planted')
        await tx.update(crops).set({ status: 'growing', updated_at: new Date() }).where(eq(crops.id, cropId));
      await auditInsert(tx, ctx, crop_growth_stages, {
        id: row.id,
        record: {
          ...values,
          stage: stageName(knowledge, input.stage_key),
          crop: knowledge?.name ?? crop.crop_key,
        },
      });
    }
    return toStage(row, knowledge);
  });
}

function selectStages(db: Db | Tx) {
  return db
    .select({ stage: crop_growth_stages, crop_key: crops.crop_key })
    .from(crop_growth_stages)
    .innerJoin(crops, eq(crops.id, crop_growth_stages.crop_id));
}

/** A crop's recorded stages, start date first (a handful; at most STAGES_MAX). */
export async function listCropStages(ctx: FarmCtx, cropId: string): Promise<GrowthStage[]> {
  await cropRow(ctx.db, ctx.farmId, cropId);
  const [rows, knowledge] = await Promise.all([
    selectStages(ctx.db)
      .where(and(eq(crop_growth_stages.farm_id, ctx.farmId), eq(crop_growth_stages.crop_id, cropId)))
      .orderBy(asc(crop_growth_stages.start_date), asc(crop_growth_stages.id))
      .limit(STAGES_MAX),
    knowledgeMap(ctx.db),
  ]);
  return rows.map((row) => toStage(row.stage, knowledge.get(row.crop_key)));
}

const farmStagePages = keyset({
  order: byDate({ date: crop_growth_stages.start_date, id: crop_growth_stages.id }, true),
});

/** The farm's recorded stages over all its crops, a page at a time, start date first. */
export async function listFarmStages(ctx: FarmCtx, query: PageQuery): Promise<Page<GrowthStage>> {
  const [rows, knowledge] = await Promise.all([
    selectStages(ctx.db)
      .where(and(eq(crop_growth_stages.farm_id, ctx.farmId), farmStagePages.after(query.cursor)))
      .orderBy(...farmStagePages.orderBy)
      .limit(query.limit + 1),
    knowledgeMap(ctx.db),
  ]);
  const page = farmStagePages.page(
    rows.map((row) => ({ ...row, id: row.stage.id, date: row.stage.start_date })),
    query.limit,
  );
  return {
    items: page.items.map((row) => toStage(row.stage, knowledge.get(row.crop_key))),
    next_cursor: page.next_cursor,
  };
}

function toHarvest(row: typeof crop_harvests.$inferSelect): Harvest {
  return {
    id: row.id,
    crop_id: row.crop_id,
    date: row.date,
    quantity: normalizeQuantity(row.quantity),
    unit: row.unit,
    kg: row.kg === null ? null : normalizeQuantity(row.kg),
    grade: row.grade,
    destination: row.destination,
    notes: row.notes,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * A harvest, once per client id: its weight is the unit's fixed size times the quantity (a 100 kg
 * bag), or what was weighed for tubers, bunches and baskets. Stored harvest is the farm's produce.
 */
export async function recordHarvest(ctx: FarmCtx, cropId: string, input: RecordHarvest): Promise<Harvest> {
  return ctx.db.transaction(async (tx) => {
    const crop = await cropRow(tx, ctx.farmId, cropId);
    if (input.date < crop.planting_date)
      throw new AppError('VALIDATION', undefined, { date: 'A harvest comes after the planting day' });
    const unitKg = HARVEST_UNIT_KG[input.unit];
    const kg = unitKg ? fromMilli(toMilli(input.quantity)! * unitKg) : (input.kg ?? null);
    const { id, ...values } = input;
    const { row, replayed } = await insertOnce(tx, crop_harvests, {
      id,
      farmId: ctx.farmId,
      parent: { crop_id: cropId },
      values: { ...values, kg, crop_id: cropId, user_id: ctx.userId },
    });
    if (!replayed)
      await auditInsert(tx, ctx, crop_harvests, {
        id: row.id,
        record: { ...values, kg, crop: crop.crop_key },
      });
    return toHarvest(row);
  });
}

export async function listHarvests(ctx: FarmCtx, cropId: string): Promise<Harvest[]> {
  await cropRow(ctx.db, ctx.farmId, cropId);
  const rows = await ctx.db
    .select()
    .from(crop_harvests)
    .where(and(eq(crop_harvests.farm_id, ctx.farmId), eq(crop_harvests.crop_id, cropId)))
    .orderBy(desc(crop_harvests.date), desc(crop_harvests.id))
    .limit(STAGES_MAX);
  return rows.map(toHarvest);
}

/**
 * The farm's stored harvest by crop, in kg, less what sales took from store: the produce the
 * marketplace can sell from.
 */
export async function produceStock(
  ctx: FarmCtx,
): Promise<{ crop_key: string; crop_name: string; kg: string }[]> {
  const [rows, knowledge] = await Promise.all([storedProduce(ctx.db, ctx.farmId), knowledgeMap(ctx.db)]);
  return rows.map((row) => ({
    crop_key: row.crop_key,
    crop_name: knowledge.get(row.crop_key)?.name ?? row.crop_key,
    kg: row.kg,
  }));
}

/**
 * Kg in store by crop, each above nothing: harvests put in store (weighed or in bags of a fixed
 * size) less sales that took from the store (`sales.stock_quantity` of kind `harvest`). Derived,
 * never kept, so a changed or deleted sale gives its kg back. `cropKey` reads one crop;
 * `exceptSaleId` leaves out one sale (a changed sale is checked against the store without itself).
 */
export async function storedProduce(
  db: Db | Tx,
  farmId: string,
  options: { cropKey?: string; exceptSaleId?: string } = {},
): Promise<{ crop_key: string; kg: string }[]> {
  const { cropKey, exceptSaleId } = options;
  const moves = sql`(
    select ${crops.crop_key} as crop_key, ${crop_harvests.kg} as kg
      from ${crop_harvests} inner join ${crops} on ${crops.id} = ${crop_harvests.crop_id}
      where ${crop_harvests.farm_id} = ${farmId} and ${crop_harvests.destination} = 'stored'
        and ${crop_harvests.kg} is not null ${cropKey ? sql`and ${crops.crop_key} = ${cropKey}` : sql``}
    union all
    select ${sales.stock_crop_key}, -${sales.stock_quantity}
      from ${sales}
      where ${sales.farm_id} = ${farmId} and ${sales.stock_kind} = 'harvest'
        ${cropKey ? sql`and ${sales.stock_crop_key} = ${cropKey}` : sql``}
        ${exceptSaleId ? sql`and ${sales.id} <> ${exceptSaleId}` : sql``}
  ) as moves`;
  const result = await db.execute(
    sql`select crop_key, sum(kg)::text as kg from ${moves} group by crop_key having sum(kg) > 0 order by crop_key`,
  );
  // Both drivers answer a raw statement with its rows.
  return (result as { rows: { crop_key: string; kg: string }[] }).rows.map((row) => ({
    crop_key: row.crop_key,
    kg: normalizeQuantity(row.kg),
  }));
}

function toPrediction(
  row: typeof crop_yield_predictions.$inferSelect,
  knowledge: KnowledgeCrop | undefined,
): Prediction {
  return {
    id: row.id,
    crop_id: row.crop_id,
    prediction_date: row.prediction_date,
    predicted_yield: row.predicted_yield,
    low: row.low,
    high: row.high,
    confidence_score: row.confidence_score,
    typical_t_ha: knowledge?.yield_t_ha.national ?? DEFAULT_YIELD_PER_AREA,
    source: knowledge?.source ?? null,
    factors: row.factors,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * A prediction for the planting, kept with the others (history): area × the crop's national
 * yield (with the knowledge base's source for it) × weather (the rain since planting against the
 * normal, or what is missing to say) × soil (the field's latest pH) × history (this farm's past
 * harvests of the crop per hectare). See predictYield and weatherFactor.
 */
export async function predictCrop(
  ctx: FarmCtx,
  cropId: string,
  weather: Config['weather'],
): Promise<Prediction> {
  const today = await farmToday(ctx.db, ctx.farmId);
  const reading = await pastWeather(ctx, weather, today);
  return ctx.db.transaction(async (tx) => {
    const crop = await cropRow(tx, ctx.farmId, cropId);
    const knowledge = (await knowledgeMap(tx)).get(crop.crop_key);
    const typical = knowledge?.yield_t_ha.national ?? null;
    const past = await pastYields(tx, ctx.farmId, crop.crop_key, cropId);
    const result = predictYield({
      area_ha: Number(crop.area_planted),
      typical_t_ha: typical,
      factors: {
        weather: weatherFactor(crop.planting_date, today, reading),
        soil_quality: soilFactor(await latestPh(tx, ctx.farmId, crop.field_id)),
        historical_data: historyFactor(past, typical ?? DEFAULT_YIELD_PER_AREA),
      },
    });
    const [row] = await tx
      .insert(crop_yield_predictions)
      .values({
        farm_id: ctx.farmId,
        crop_id: cropId,
        prediction_date: today,
        predicted_yield: result.predicted_yield,
        low: result.low,
        high: result.high,
        confidence_score: result.confidence_score,
        factors: result.factors,
      })
      .returning();
    return toPrediction(row!, knowledge);
  });
}

/** Tonnes a hectare of this farm's earlier plantings of the crop that were harvested and weighed. */
async function pastYields(tx: Tx, farmId: string, cropKey: string, exceptId: string): Promise<number[]> {
  const rows = await tx
    .select({ area: crops.area_planted, kg: sum(crop_harvests.kg) })
    .from(crops)
    .innerJoin(crop_harvests, eq(crop_harvests.crop_id, crops.id))
    .where(
      and(
        eq(crops.farm_id, farmId),
        eq(crops.crop_key, cropKey),
        eq(crops.status, 'harvested'),
        ne(crops.id, exceptId),
      ),
    )
    .groupBy(crops.id)
    .orderBy(desc(crops.planting_date))
    .limit(10);
  return rows
    .filter((row) => row.kg !== null && Number(row.kg) > 0)
    .map((row) => Number(row.kg) / 1000 / Number(row.area));
}

/** A crop's predictions (or the farm's, through its crops), the latest first. */
export async function listPredictions(ctx: FarmCtx, cropId?: string): Promise<Prediction[]> {
  if (cropId) await cropRow(ctx.db, ctx.farmId, cropId);
  const [rows, knowledge] = await Promise.all([
    ctx.db
      .select({ prediction: crop_yield_predictions, crop_key: crops.crop_key })
      .from(crop_yield_predictions)
      .innerJoin(crops, eq(crops.id, crop_yield_predictions.crop_id))
      .where(
        and(
          eq(crop_yield_predictions.farm_id, ctx.farmId),
          cropId ? eq(crop_yield_predictions.crop_id, cropId) : undefined,
        ),
      )
      .orderBy(desc(crop_yield_predictions.prediction_date), desc(crop_yield_predictions.created_at))
      .limit(100),
    knowledgeMap(ctx.db),
  ]);
  return rows.map((row) => toPrediction(row.prediction, knowledge.get(row.crop_key)));
}

/**
 * The planting's stages with their expected dates (from the planting day) and actual ones (the
 * first growth-stage record of each, and the first harvest), so a farmer can plan the work ahead
 * and see which stage came late. See stageTimeline.
 */
export async function cropTimeline(ctx: FarmCtx, cropId: string): Promise<StageDate[]> {
  const crop = await cropRow(ctx.db, ctx.farmId, cropId);
  const [recorded, [harvest], knowledge, today] = await Promise.all([
    ctx.db
      .select({ stage_key: crop_growth_stages.stage_key, start_date: crop_growth_stages.start_date })
      .from(crop_growth_stages)
      .where(and(eq(crop_growth_stages.farm_id, ctx.farmId), eq(crop_growth_stages.crop_id, cropId)))
      .limit(STAGES_MAX),
    ctx.db
      .select({ first: min(crop_harvests.date) })
      .from(crop_harvests)
      .where(and(eq(crop_harvests.farm_id, ctx.farmId), eq(crop_harvests.crop_id, cropId))),
    knowledgeMap(ctx.db),
    farmToday(ctx.db, ctx.farmId),
  ]);
  return stageTimeline({
    stages: knowledge.get(crop.crop_key)?.stages ?? [],
    plantingDate: crop.planting_date,
    expectedHarvest: crop.expected_harvest,
    recorded,
    firstHarvest: harvest?.first ?? null,
    harvestName: 'Harvest',
    today,
  });
}
