import { and, eq, sql } from 'drizzle-orm';
import type {
  Crop,
  CropListQuery,
  CreateCrop,
  KnowledgeCrop,
  KnowledgeCropDetail,
  UpdateCrop,
} from '@gona/shared/crops';
import type { Page } from '@gona/shared/pagination';
import type { Db, Tx } from '../../db/client';
import { crop_growth_stages, crops, fields, knowledge_crop_varieties, supplies } from '../../db/schema/index';
import { auditDelete, auditInsert, auditUpdate } from '../../lib/audit';
import type { FarmCtx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { farmToday } from '../../lib/farm-time';
import { newId } from '../../lib/ids';
import { keyset, newestFirst } from '../../lib/pagination';
import { insertOnce, updateVersioned } from '../../lib/writes';
import { literalLimit } from '../../lib/prepared';
import { recordMovementIn } from '../inventory/movements.service';
import { cropDetail, cropsByKey } from '../knowledge/knowledge.service';
import { dropOpenTasksAboutIn } from '../tasks/schedule.service';
import { expectedHarvest, toCrop, type CropRow } from './crops.rows';

export const NOT_FOUND = 'Crop not found';
const CHOOSE_CROP = 'Choose a crop from the list';
const pages = keyset({ order: newestFirst(crops) });

/** A crop's row with its field's name, its variety's name and the stage last recorded. */
export function selectCrops(db: Db | Tx) {
  return db
    .select({
      crop: crops,
      field_name: fields.name,
      variety_name: knowledge_crop_varieties.name,
      recorded_stage: sql<string | null>`(
        select ${crop_growth_stages.stage_key} from ${crop_growth_stages}
        where ${crop_growth_stages.crop_id} = ${crops.id}
        order by ${crop_growth_stages.start_date} desc, ${crop_growth_stages.id} desc limit 1
      )`,
    })
    .from(crops)
    .leftJoin(fields, eq(fields.id, crops.field_id))
    .leftJoin(
      knowledge_crop_varieties,
      and(
        eq(knowledge_crop_varieties.crop_key, crops.crop_key),
        eq(knowledge_crop_varieties.key, crops.variety_key),
      ),
    );
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectCrops>['execute']>>[number];
const flat = ({ crop, ...rest }: Selected): CropRow => ({ ...crop, ...rest });

export function knowledgeMap(db: Db | Tx): Promise<Map<string, KnowledgeCrop>> {
  return cropsByKey(db);
}

/** The farm's plantings, newest first; ?status= and ?field_id= narrow them. */
export async function listFarmCrops(ctx: FarmCtx, query: CropListQuery): Promise<Page<Crop>> {
  const [rows, knowledge, today] = await Promise.all([
    selectCrops(ctx.db)
      .where(
        and(
          eq(crops.farm_id, ctx.farmId),
          query.status ? eq(crops.status, query.status) : undefined,
          query.field_id ? eq(crops.field_id, query.field_id) : undefined,
          pages.after(query.cursor),
        ),
      )
      .orderBy(...pages.orderBy)
      .limit(literalLimit(query.limit + 1)),
    knowledgeMap(ctx.db),
    farmToday(ctx.db, ctx.farmId),
  ]);
  const page = pages.page(rows.map(flat), query.limit);
  return { items: page.items.map((row) => toCrop(row, knowledge, today)), next_cursor: page.next_cursor };
}

export async function readCrop(db: Db | Tx, farmId: string, cropId: string): Promise<Crop> {
  const [[row], knowledge, today] = await Promise.all([
    selectCrops(db).where(and(eq(crops.farm_id, farmId), eq(crops.id, cropId))),
    knowledgeMap(db),
    farmToday(db, farmId),
  ]);
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return toCrop(flat(row), knowledge, today);
}

/** The crop from the knowledge base, and the variety's days to maturity; refusals name the field. */
async function knownCrop(
  db: Db | Tx,
  cropKey: string,
  varietyKey: string | null | undefined,
): Promise<{ knowledge: KnowledgeCropDetail; varietyDays: number | null }> {
  let knowledge: KnowledgeCropDetail;
  try {
    knowledge = await cropDetail(db, cropKey);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND')
      throw new AppError('VALIDATION', undefined, { crop_key: CHOOSE_CROP });
    throw error;
  }
  if (!varietyKey) return { knowledge, varietyDays: null };
  const variety = knowledge.varieties.find((candidate) => candidate.key === varietyKey);
  if (!variety) throw new AppError('VALIDATION', undefined, { variety_key: 'Choose a variety of this crop' });
  return { knowledge, varietyDays: variety.maturity_days };
}

async function assertFieldOfFarm(tx: Tx, farmId: string, fieldId: string | null | undefined): Promise<void> {
  if (!fieldId) return;
  const [row] = await tx
    .select({ id: fields.id })
    .from(fields)
    .where(and(eq(fields.farm_id, farmId), eq(fields.id, fieldId)));
  if (!row) throw new AppError('VALIDATION', undefined, { field_id: 'Choose a field from the list' });
}

/**
 * A planting, once per client id. Expected harvest: planting + the variety's maturity (else the
 * crop's longest). Planned when its day is still to come, else planted. Seed from the store is
 * used once, with the crop.
 */
export async function createCrop(ctx: FarmCtx, input: CreateCrop): Promise<Crop> {
  return ctx.db.transaction(async (tx) => {
    await writeCropIn(tx, ctx, input);
    return readCrop(tx, ctx.farmId, input.id);
  });
}

/** `createCrop` inside a transaction already open (planning a season writes several). */
export async function writeCropIn(
  tx: Tx,
  ctx: Omit<FarmCtx, 'db'>,
  input: CreateCrop,
): Promise<{ row: typeof crops.$inferSelect; replayed: boolean; knowledge: KnowledgeCropDetail }> {
  const { id, seed_supply_id: seedSupplyId, seed_quantity: seedQuantity, status, ...values } = input;
  const { knowledge, varietyDays } = await knownCrop(tx, input.crop_key, input.variety_key);
  const today = await farmToday(tx, ctx.farmId);
  await assertFieldOfFarm(tx, ctx.farmId, input.field_id);
  const { row, replayed } = await insertOnce(tx, crops, {
    id,
    farmId: ctx.farmId,
    values: {
      ...values,
      status: status ?? (input.planting_date > today ? 'planned' : 'planted'),
      expected_harvest: expectedHarvest(knowledge, varietyDays, input.planting_date),
      seed_supply_id: seedSupplyId ?? null,
      seed_quantity: seedQuantity ?? null,
      seed_movement_id: seedSupplyId ? newId() : null,
    },
  });
  if (replayed) return { row, replayed, knowledge };
  if (row.seed_supply_id && row.seed_movement_id && row.seed_quantity) {
    await useSeed(tx, ctx, row.seed_supply_id, row.seed_movement_id, row.seed_quantity, knowledge.name);
  }
  await auditInsert(tx, ctx, crops, { id: row.id, record: { ...values, crop_name: knowledge.name } });
  return { row, replayed, knowledge };
}

async function useSeed(
  tx: Tx,
  ctx: Omit<FarmCtx, 'db'>,
  supplyId: string,
  movementId: string,
  quantity: string,
  cropName: string,
): Promise<void> {
  const [supply] = await tx
    .select({ id: supplies.id })
    .from(supplies)
    .where(and(eq(supplies.farm_id, ctx.farmId), eq(supplies.id, supplyId)));
  if (!supply)
    throw new AppError('VALIDATION', undefined, { seed_supply_id: 'Choose the seed from your store' });
  try {
    await recordMovementIn(tx, ctx, {
      supplyId: supplyId,
      id: movementId,
      kind: 'used',
      quantity,
      reason: null,
      note: `Planted: ${cropName}`,
      unit_cost_kobo: null,
    });
  } catch (error) {
    // Not enough in the store: the refusal belongs beside the seed quantity.
    if (error instanceof AppError && error.fields?.quantity)
      throw new AppError(error.code, error.message, { seed_quantity: error.fields.quantity });
    throw error;
  }
}

/** A change (optimistic concurrency); a new crop, variety or planting day moves the expected harvest. */
export async function updateCrop(ctx: FarmCtx, cropId: string, input: UpdateCrop): Promise<Crop> {
  const { version, ...changes } = input;
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(crops)
      .where(and(eq(crops.farm_id, ctx.farmId), eq(crops.id, cropId)));
    if (!current) throw new AppError('NOT_FOUND', NOT_FOUND);
    await assertFieldOfFarm(tx, ctx.farmId, changes.field_id);
    const next = { ...current, ...withoutUndefined(changes) };
    const { knowledge, varietyDays } = await knownCrop(tx, next.crop_key, next.variety_key);
    const updated = await updateVersioned(tx, crops, {
      where: and(eq(crops.farm_id, ctx.farmId), eq(crops.id, cropId)),
      version,
      changes: { ...changes, expected_harvest: expectedHarvest(knowledge, varietyDays, next.planting_date) },
      notFound: NOT_FOUND,
    });
    if (updated.row.status === 'failed' && updated.before.status !== 'failed')
      await dropOpenTasksAboutIn(tx, ctx.farmId, { crop_id: cropId });
    await auditUpdate(tx, ctx, crops, {
      id: cropId,
      changes: updated.changes,
      context: { crop_name: knowledge.name },
    });
    return readCrop(tx, ctx.farmId, cropId);
  });
}

/** For a planting recorded by mistake: its stages, harvests, predictions and open tasks go with it. */
export async function deleteCrop(ctx: FarmCtx, cropId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await dropOpenTasksAboutIn(tx, ctx.farmId, { crop_id: cropId });
    const [row] = await tx
      .delete(crops)
      .where(and(eq(crops.farm_id, ctx.farmId), eq(crops.id, cropId)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    await auditDelete(tx, ctx, crops, { id: cropId, record: row });
  });
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
