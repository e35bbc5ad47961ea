import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ReportSchema, type Report, type ReportQuery } from '@gona/shared/reports';
import { apiFetch } from '@/lib/http';
import { reportKeys, reportsPath } from './keys';

/**
 * A farm's period. Kept in the saved cache like every read, so the last report opened shows offline;
 * while another period loads, the one on screen stays.
 */
export function useReport(farmId: string, query: ReportQuery) {
  return useQuery({
    queryKey: reportKeys.report(farmId, query),
    queryFn: async (): Promise<Report> => {
      const search = new URLSearchParams({ from: query.from, to: query.to });
      if (query.scope) search.set('scope', query.scope);
      return ReportSchema.parse(await apiFetch<unknown>(`${reportsPath(farmId)}?${search.toString()}`));
    },
    placeholderData: keepPreviousData,
  });
}
