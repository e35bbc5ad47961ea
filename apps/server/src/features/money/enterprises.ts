import { and, eq, inArray, sql } from 'drizzle-orm';
import type { EnterpriseKey } from '@gona/shared/finance';
import type { Db, Tx } from '../../db/client';
import { crops, knowledge_crops, livestock } from '../../db/schema/index';
import { AppError } from '../../lib/errors';

/** A planting, an animal or group, or (both null) the whole farm. */
export type EnterpriseRef = { crop_id: string | null; animal_id: string | null };

export type EnterpriseName = { name: string; started: string | null };

/** The names people know plantings and animals by: the crop, the animal's name or tag or species. */
export async function enterpriseNames(
  db: Db | Tx,
  farmId: string,
  refs: readonly EnterpriseRef[],
): Promise<Map<string, EnterpriseName>> {
  const cropIds = [...new Set(refs.flatMap((r) => (r.crop_id ? [r.crop_id] : [])))];
  const animalIds = [...new Set(refs.flatMap((r) => (r.animal_id ? [r.animal_id] : [])))];
  const [cropRows, animalRows] = await Promise.all([
    cropIds.length === 0
      ? []
      : db
          .select({
            id: crops.id,
            name: sql<string>`coalesce(${knowledge_crops.name}, ${crops.crop_key})`,
            started: crops.planting_date,
          })
          .from(crops)
          .leftJoin(knowledge_crops, eq(knowledge_crops.key, crops.crop_key))
          .where(and(eq(crops.farm_id, farmId), inArray(crops.id, cropIds))),
    animalIds.length === 0
      ? []
      : db
          .select({
            id: livestock.id,
            name: sql<string>`coalesce(${livestock.name}, ${livestock.tag}, ${livestock.species})`,
          })
          .from(livestock)
          .where(and(eq(livestock.farm_id, farmId), inArray(livestock.id, animalIds))),
  ]);
  const names = new Map<string, EnterpriseName>();
  for (const row of cropRows) names.set(row.id, { name: row.name, started: row.started });
  for (const row of animalRows) names.set(row.id, { name: row.name, started: null });
  return names;
}

export const nameOf = (names: Map<string, EnterpriseName>, ref: EnterpriseRef): string | null =>
  names.get(ref.crop_id ?? ref.animal_id ?? '')?.name ?? null;

/**
 * Refuses an enterprise that is not this farm's (or no longer exists), next to the field that named
 * it; `names` must come from `enterpriseNames` for the same refs.
 */
export function assertEnterprises(
  names: Map<string, EnterpriseName>,
  refs: readonly EnterpriseRef[],
  field: (index: number, ref: EnterpriseRef) => string,
): void {
  refs.forEach((ref, index) => {
    const id = ref.crop_id ?? ref.animal_id;
    if (id && !names.has(id))
      throw new AppError('VALIDATION', undefined, {
        [field(index, ref)]: ref.crop_id
          ? 'Choose a planting of this farm'
          : 'Choose an animal or group of this farm',
      });
  });
}

/** `farm`, `crop:{id}` or `animal:{id}` as the reference it names. */
export function parseEnterpriseKey(key: EnterpriseKey): EnterpriseRef {
  const [kind, id = null] = key.split(':');
  return { crop_id: kind === 'crop' ? id : null, animal_id: kind === 'animal' ? id : null };
}
