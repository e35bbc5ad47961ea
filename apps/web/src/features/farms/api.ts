import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { CreateFarmInput, Farm, FarmSummary, UpdateFarmInput } from '@gona/shared/farms';
import { MAX_PAGE_SIZE } from '@gona/shared/page-size';
import { FIRST_LOAD, FIRST_LOAD_URLS, firstOr } from '@/lib/first-load';
import { apiFetch } from '@/lib/http';
import { farmKeys } from './keys';

/** The farm list; the first read takes the answer asked for at load (app/first-load-start.ts). */
export async function fetchFarms(): Promise<Farm[]> {
  const page = await firstOr(FIRST_LOAD.farms, () => apiFetch<{ items: Farm[] }>(FIRST_LOAD_URLS.farms));
  return page.items;
}

/** The fallback list: the same farms with only id, name, location, farm_type and role. */
export async function fetchFarmsBasic(): Promise<FarmSummary[]> {
  const page = await apiFetch<{ items: FarmSummary[] }>(`/api/farms?fields=basic&limit=${MAX_PAGE_SIZE}`);
  return page.items;
}

/** The farm by id, or null when the server says it does not exist (or is not ours). */
export async function fetchFarm(farmId: string): Promise<Farm | null> {
  try {
    return await apiFetch<Farm>(`/api/farms/${encodeURIComponent(farmId)}`);
  } catch (error) {
    if (error instanceof Error && 'status' in error && error.status === 404) return null;
    throw error;
  }
}

export function createFarm(input: CreateFarmInput): Promise<Farm> {
  return apiFetch<Farm>('/api/farms', { method: 'POST', json: input });
}

export function updateFarm(farmId: string, input: UpdateFarmInput): Promise<Farm> {
  return apiFetch<Farm>(`/api/farms/${encodeURIComponent(farmId)}`, { method: 'PATCH', json: input });
}

export function deleteFarm(farmId: string): Promise<void> {
  return apiFetch<void>(`/api/farms/${encodeURIComponent(farmId)}`, { method: 'DELETE' });
}

/** The farm's GPS point for maps, or null while unknown or when the farm has none. */
export function useFarmPoint(farmId: string): { lat: number; lng: number } | null {
  const query = useQuery({ queryKey: farmKeys.detail(farmId), queryFn: () => fetchFarm(farmId) });
  const lat = query.data?.latitude ?? null;
  const lng = query.data?.longitude ?? null;
  return useMemo(() => (lat === null || lng === null ? null : { lat, lng }), [lat, lng]);
}
