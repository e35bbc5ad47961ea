import type { LivestockSpecies, LivestockStatus } from '@gona/shared/livestock';
import type { RecordKeys } from '@/lib/cache';

export type LivestockFilters = {
  search: string;
  species: LivestockSpecies | '';
  status: LivestockStatus | '';
};

/** Every livestock query of a farm starts with ['livestock', farmId], so one invalidation refreshes them all. */
export const livestockKeys = {
  all: (farmId: string) => ['livestock', farmId] as const,
  lists: (farmId: string) => ['livestock', farmId, 'list'] as const,
  animal: (farmId: string, animalId: string) => ['livestock', farmId, 'animal', animalId] as const,
  records: (farmId: string, animalId: string) => ['livestock', farmId, 'records', animalId] as const,
  summary: (farmId: string) => ['livestock', farmId, 'summary'] as const,
};

/** Where the farm's animals and groups sit in the cache, for the cache writers of `lib/cache.ts`. */
export const animalRecords = (farmId: string): RecordKeys => ({
  detail: (animalId) => livestockKeys.animal(farmId, animalId),
  lists: livestockKeys.lists(farmId),
});

/** The changes a farmer may make offline (`mutations.ts`); a record's name travels with it to describe a refusal. */
export const livestockMutationKeys = {
  createLivestock: ['livestock', 'create-livestock'],
  updateLivestock: ['livestock', 'update-livestock'],
  recordHealth: ['livestock', 'record-health'],
  recordGrowth: ['livestock', 'record-growth'],
  recordEvent: ['livestock', 'record-event'],
  recordProduction: ['livestock', 'record-production'],
} as const satisfies Record<string, readonly [string, string]>;

export const livestockPath = (farmId: string) => `/api/farms/${encodeURIComponent(farmId)}/livestock`;
export const animalPath = (farmId: string, animalId: string) =>
  `${livestockPath(farmId)}/${encodeURIComponent(animalId)}`;
