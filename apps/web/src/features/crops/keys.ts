import type { RecordKeys } from '@/lib/cache';

/** Every crop query of a farm starts with ['crops', farmId]; the knowledge base is the same for every farm. */
export const cropKeys = {
  all: (farmId: string) => ['crops', farmId] as const,
  lists: (farmId: string) => ['crops', farmId, 'list'] as const,
  crop: (farmId: string, cropId: string) => ['crops', farmId, 'crop', cropId] as const,
  records: (farmId: string, cropId: string) => ['crops', farmId, 'records', cropId] as const,
  windows: (farmId: string, cropKey: string) => ['crops', farmId, 'windows', cropKey] as const,
  knowledge: ['knowledge', 'crops'] as const,
};

/** Where the farm's plantings sit in the cache, for the cache writers of `lib/cache.ts`. */
export const cropRecords = (farmId: string): RecordKeys => ({
  detail: (cropId) => cropKeys.crop(farmId, cropId),
  lists: cropKeys.lists(farmId),
});

/** Every field query of a farm starts with ['fields', farmId] (the crop form's choices too). */
export const fieldKeys = {
  all: (farmId: string) => ['fields', farmId] as const,
  choices: (farmId: string) => ['fields', farmId, 'choices'] as const,
  field: (farmId: string, fieldId: string) => ['fields', farmId, 'field', fieldId] as const,
  soil: (farmId: string, fieldId: string) => ['fields', farmId, 'soil', fieldId] as const,
};

/**
 * The crop records a farmer may make offline (`mutations.ts`): a stage seen, a harvest weighed in
 * the field. Each carries its farm, crop and the crop's name (to describe a refusal).
 */
export const cropMutationKeys = {
  recordStage: ['crops', 'record-stage'],
  recordHarvest: ['crops', 'record-harvest'],
} as const satisfies Record<string, readonly [string, string]>;

export const farmPath = (farmId: string) => `/api/farms/${encodeURIComponent(farmId)}`;
export const cropsPath = (farmId: string) => `${farmPath(farmId)}/crops`;
export const cropPath = (farmId: string, cropId: string) =>
  `${cropsPath(farmId)}/${encodeURIComponent(cropId)}`;
export const fieldsPath = (farmId: string) => `${farmPath(farmId)}/fields`;
export const fieldPath = (farmId: string, fieldId: string) =>
  `${fieldsPath(farmId)}/${encodeURIComponent(fieldId)}`;
