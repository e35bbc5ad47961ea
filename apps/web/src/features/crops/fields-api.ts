import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateFieldInput,
  CreateSoilRecordInput,
  Field,
  SoilRecord,
  UpdateFieldInput,
} from '@gona/shared/crops';
import { apiFetch } from '@/lib/http';
import { pagedQueryOptions } from '@/lib/paged-query';
import { fieldKeys, fieldPath, fieldsPath } from './keys';

/** The fields' reads and changes (a part of the crops feature with its own screens). */

export function useFieldList(farmId: string) {
  return useInfiniteQuery(
    pagedQueryOptions<Field>({ queryKey: [...fieldKeys.all(farmId), 'list'], path: fieldsPath(farmId) }),
  );
}

export function useField(farmId: string, fieldId: string) {
  return useQuery({
    queryKey: fieldKeys.field(farmId, fieldId),
    queryFn: () => apiFetch<Field>(fieldPath(farmId, fieldId)),
  });
}

export function useSoilRecords(farmId: string, fieldId: string) {
  return useQuery({
    queryKey: fieldKeys.soil(farmId, fieldId),
    queryFn: () => apiFetch<{ items: SoilRecord[] }>(`${fieldPath(farmId, fieldId)}/soil-records`),
  });
}

export function useCreateField(farmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateFieldInput) =>
      apiFetch<Field>(fieldsPath(farmId), { method: 'POST', json: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: fieldKeys.all(farmId) }),
  });
}

export function useDeleteField(farmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fieldId: string) => apiFetch<null>(fieldPath(farmId, fieldId), { method: 'DELETE' }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: fieldKeys.all(farmId) }),
        queryClient.invalidateQueries({ queryKey: ['crops', farmId] }),
      ]),
  });
}

export function useRecordSoil(farmId: string, fieldId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateSoilRecordInput) =>
      apiFetch<SoilRecord>(`${fieldPath(farmId, fieldId)}/soil-records`, { method: 'POST', json: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: fieldKeys.all(farmId) }),
  });
}

export function useUpdateField(farmId: string, fieldId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateFieldInput) =>
      apiFetch<Field>(fieldPath(farmId, fieldId), { method: 'PATCH', json: input }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: fieldKeys.all(farmId) }),
        queryClient.invalidateQueries({ queryKey: ['crops', farmId] }),
      ]),
  });
}
