import {
  onlineManager,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  AttendanceDay,
  CasualLabour,
  CreateCasualLabour,
  CreatePayRun,
  PayPayRun,
  PayRunList,
  PayRunWithLines,
  SaveAttendance,
  UpdatePayRunLine,
} from '@gona/shared/finance';
import { apiFetch, ApiError } from '@/lib/http';
import { farmPath, moneyKeys, payRunPath as runPath, wagesKeys } from './keys';

/** True for a change that never reached the server: the screen says it needs a connection. */
export function isOffline(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

/**
 * Wages are a sit-down task with figures that must agree with the server's, so their changes are
 * never queued: offline they fail at once (instead of pausing) and the screen keeps what was typed.
 */
function needConnection(): void {
  if (!onlineManager.isOnline()) throw new ApiError(0, 'NETWORK', 'No connection');
}
const PLAIN = { networkMode: 'always', retry: false } as const;

export function useAttendanceDay(farmId: string, date: string) {
  return useQuery({
    queryKey: wagesKeys.day(farmId, date),
    queryFn: () => apiFetch<AttendanceDay>(`${farmPath(farmId)}/attendance?date=${encodeURIComponent(date)}`),
  });
}

export function useSaveAttendance(farmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...PLAIN,
    mutationFn: async (input: SaveAttendance) => {
      needConnection();
      return apiFetch<AttendanceDay>(`${farmPath(farmId)}/attendance`, { method: 'PUT', json: input });
    },
    onSuccess: (day) => queryClient.setQueryData(wagesKeys.day(farmId, day.date), day),
  });
}

export function useCreateCasualLabour(farmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...PLAIN,
    mutationFn: async (input: CreateCasualLabour & { id: string }) => {
      needConnection();
      return apiFetch<CasualLabour>(`${farmPath(farmId)}/casual-labour`, { method: 'POST', json: input });
    },
    onSuccess: () => refreshWages(queryClient, farmId),
  });
}

export function useDeleteCasualLabour(farmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...PLAIN,
    mutationFn: async (casualId: string) => {
      needConnection();
      return apiFetch<null>(`${farmPath(farmId)}/casual-labour/${encodeURIComponent(casualId)}`, {
        method: 'DELETE',
      });
    },
    onSettled: () => refreshWages(queryClient, farmId),
  });
}

export function usePayRuns(farmId: string) {
  return useQuery({
    queryKey: wagesKeys.payRuns(farmId),
    queryFn: () => apiFetch<PayRunList>(`${farmPath(farmId)}/pay-runs`),
  });
}

export function usePayRun(farmId: string, runId: string) {
  return useQuery({
    queryKey: wagesKeys.payRun(farmId, runId),
    queryFn: () => apiFetch<PayRunWithLines>(runPath(farmId, runId)),
  });
}

export function useCreatePayRun(farmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...PLAIN,
    mutationFn: async (input: CreatePayRun & { id: string }) => {
      needConnection();
      return apiFetch<PayRunWithLines>(`${farmPath(farmId)}/pay-runs`, { method: 'POST', json: input });
    },
    onSuccess: (run) => {
      queryClient.setQueryData(wagesKeys.payRun(farmId, run.id), run);
      refreshWages(queryClient, farmId);
    },
  });
}

export type LineChange = UpdatePayRunLine & { runId: string; lineId: string };

/** One line's amount and note; a 409 (the run changed or was paid meanwhile) reloads the run. */
export function useUpdatePayRunLine(farmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...PLAIN,
    mutationFn: async ({ runId, lineId, ...input }: LineChange) => {
      needConnection();
      return apiFetch<PayRunWithLines>(`${runPath(farmId, runId)}/lines/${encodeURIComponent(lineId)}`, {
        method: 'PATCH',
        json: input,
      });
    },
    onSuccess: (run) => keepRun(queryClient, farmId, run),
    onError: (error, { runId }) => reloadOnConflict(queryClient, farmId, runId, error),
  });
}

/** Paying writes labour expenses, so every money view is refreshed. */
export function usePayPayRun(farmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...PLAIN,
    mutationFn: async ({ runId, ...input }: PayPayRun & { runId: string }) => {
      needConnection();
      return apiFetch<PayRunWithLines>(`${runPath(farmId, runId)}/pay`, { method: 'POST', json: input });
    },
    onSuccess: (run) => {
      queryClient.setQueryData(wagesKeys.payRun(farmId, run.id), run);
      void queryClient.invalidateQueries({ queryKey: moneyKeys.all(farmId) });
    },
    onError: (error, { runId }) => reloadOnConflict(queryClient, farmId, runId, error),
  });
}

export function useDeletePayRun(farmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...PLAIN,
    mutationFn: async (runId: string) => {
      needConnection();
      return apiFetch<null>(runPath(farmId, runId), { method: 'DELETE' });
    },
    // Its casual labour is free again; the run itself is left to fall out of the cache unasked.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: wagesKeys.payRuns(farmId) });
      void queryClient.invalidateQueries({ queryKey: [...wagesKeys.all(farmId), 'attendance'] });
    },
    onError: (error, runId) => reloadOnConflict(queryClient, farmId, runId, error),
  });
}

function refreshWages(queryClient: QueryClient, farmId: string) {
  void queryClient.invalidateQueries({ queryKey: wagesKeys.all(farmId) });
}

function keepRun(queryClient: QueryClient, farmId: string, run: PayRunWithLines) {
  queryClient.setQueryData(wagesKeys.payRun(farmId, run.id), run);
  void queryClient.invalidateQueries({ queryKey: wagesKeys.payRuns(farmId) });
}

function reloadOnConflict(queryClient: QueryClient, farmId: string, runId: string, error: unknown) {
  if (!(error instanceof ApiError) || error.status !== 409) return;
  void queryClient.invalidateQueries({ queryKey: wagesKeys.payRun(farmId, runId) });
  void queryClient.invalidateQueries({ queryKey: wagesKeys.payRuns(farmId) });
}
