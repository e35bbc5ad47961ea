import type { StaffJob, StaffStatus } from '@gona/shared/staff';
import type { RecordKeys } from '@/lib/cache';

export type StaffFilters = { search: string; job: StaffJob | ''; status: StaffStatus | '' };

/** Every staff query of a farm starts with ['staff', farmId], so one invalidation refreshes them all. */
export const staffKeys = {
  all: (farmId: string) => ['staff', farmId] as const,
  /** Every staff list, the screen's and the pickers' (`lib/pickers.ts`). */
  lists: (farmId: string) => ['staff', farmId, 'list'] as const,
  list: (farmId: string, filters: StaffFilters) => ['staff', farmId, 'list', filters] as const,
  member: (farmId: string, staffId: string) => ['staff', farmId, 'member', staffId] as const,
  count: (farmId: string) => ['staff', farmId, 'count'] as const,
};

/** Where the farm's staff sit in the cache, for the cache writers of `lib/cache.ts`. */
export const memberRecords = (farmId: string): RecordKeys => ({
  detail: (staffId) => staffKeys.member(farmId, staffId),
  lists: staffKeys.lists(farmId),
});

/**
 * The staff changes a farmer may make offline (`mutations.ts`). Their variables hold everything
 * needed to send them (the farm, the phone-made id of a new record, the record's name to describe
 * a refusal), so a change restored after a reload runs with no screen around it.
 */
export const staffMutationKeys = {
  createStaff: ['staff', 'create-staff'],
  updateStaff: ['staff', 'update-staff'],
} as const satisfies Record<string, readonly [string, string]>;

export const staffPath = (farmId: string) => `/api/farms/${encodeURIComponent(farmId)}/staff`;
export const memberPath = (farmId: string, staffId: string) =>
  `${staffPath(farmId)}/${encodeURIComponent(staffId)}`;
export const staffExportUrl = (farmId: string) => `${staffPath(farmId)}/export.csv`;
