import { normalizeQuantity } from '@gona/shared/units';
import type { Crop, CurrentStage, KnowledgeCrop } from '@gona/shared/crops';
import type { crops } from '../../db/schema/index';
import { addDays } from '../../lib/farm-time';

/** Whole days from `from` to `to` (yyyy-mm-dd). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Planting plus the variety's days to maturity, else the crop's longest. */
export function expectedHarvest(
  knowledge: KnowledgeCrop,
  varietyDays: number | null,
  plantingDate: string,
): string {
  return addDays(plantingDate, varietyDays ?? knowledge.maturity_days.max);
}

/**
 * Where the crop is today: the stage its days after planting fall in, or the stage last recorded
 * when that is further on (a fast variety, an early season). None before planting or once it is
 * harvested or failed.
 */
export function currentStage(
  knowledge: KnowledgeCrop | undefined,
  row: { planting_date: string; status: string },
  recordedKey: string | null,
  today: string,
): CurrentStage | null {
  if (!knowledge || row.status === 'harvested' || row.status === 'failed' || row.status === 'planned')
    return null;
  const day = daysBetween(row.planting_date, today);
  if (day < 0) return null;
  const stages = knowledge.stages;
  const estimated = stages.reduce((found, stage, index) => (stage.from_day <= day ? index : found), 0);
  const recorded = recordedKey ? stages.findIndex((stage) => stage.key === recordedKey) : -1;
  const index = Math.max(estimated, recorded);
  const stage = stages[index]!;
  return { key: stage.key, name: stage.name, advice: stage.advice, day, recorded: index === recorded };
}

export type CropRow = typeof crops.$inferSelect & {
  field_name: string | null;
  recorded_stage: string | null;
  variety_name: string | null;
};

export function toCrop(row: CropRow, knowledge: Map<string, KnowledgeCrop>, today: string): Crop {
  const crop = knowledge.get(row.crop_key);
  return {
    id: row.id,
    farm_id: row.farm_id,
    crop_key: row.crop_key,
    crop_name: crop?.name ?? row.crop_key,
    variety_key: row.variety_key,
    variety_name: row.variety_name,
    field: row.field_id && row.field_name !== null ? { id: row.field_id, name: row.field_name } : null,
    area_planted: normalizeQuantity(row.area_planted),
    season: row.season,
    planting_date: row.planting_date,
    expected_harvest: row.expected_harvest,
    status: row.status,
    current_stage: currentStage(crop, row, row.recorded_stage, today),
    seed_supply_id: row.seed_supply_id,
    seed_quantity: row.seed_quantity === null ? null : normalizeQuantity(row.seed_quantity),
    notes: row.notes,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    version: row.version,
  };
}
