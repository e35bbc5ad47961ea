import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ReportSchema,
  type Report,
  type ReportLink,
  type ReportLinkList,
  type ReportPdf,
  type ReportPdfPage,
  type ReportQuery,
  type RequestReportPdfInput,
} from '@gona/shared/reports';
import { apiFetch } from '@/lib/http';
import { newClientId } from '@/lib/ids';
import { reportKeys, reportLinksPath, reportPdfsPath, reportsPath } from './keys';

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

/** The farm's PDF reports and whether its plan makes them; asked again every 10 s while one is being made. */
export function useReportPdfs(farmId: string) {
  return useQuery({
    queryKey: reportKeys.pdfs(farmId),
    queryFn: () => apiFetch<ReportPdfPage>(reportPdfsPath(farmId)),
    refetchInterval: (query) =>
      query.state.data?.items.some((pdf) => pdf.status === 'queued' || pdf.status === 'building')
        ? 10_000
        : false,
  });
}

/**
 * Asks for the period's PDF (made on the server by a job; it needs the connection). The id is made
 * once per tap (`pdfRequest`), so a retry after a dropped connection asks for the same PDF.
 */
export function useRequestReportPdf(farmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestReportPdfInput) =>
      apiFetch<ReportPdf>(reportPdfsPath(farmId), { method: 'POST', json: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportKeys.pdfs(farmId) }),
  });
}

/** What a tap on "Make the PDF" sends: the period and scope on screen, with an id made for the tap. */
export const pdfRequest = (query: ReportQuery): RequestReportPdfInput => ({ id: newClientId(), ...query });

/** The links the farm gave lenders, with their openings. */
export function useReportLinks(farmId: string) {
  return useQuery({
    queryKey: reportKeys.links(farmId),
    queryFn: () => apiFetch<ReportLinkList>(reportLinksPath(farmId)),
  });
}

/** A link to a ready PDF for a lender; its address (with the secret) is in this answer only. */
export function useCreateReportLink(farmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pdfId, days }: { pdfId: string; days: number }) =>
      apiFetch<ReportLink>(`${reportPdfsPath(farmId)}/${encodeURIComponent(pdfId)}/links`, {
        method: 'POST',
        json: { days },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportKeys.links(farmId) }),
  });
}

/** Takes a link back: it opens nothing from then on. */
export function useRevokeReportLink(farmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (link: ReportLink) =>
      apiFetch<ReportLink>(`${reportLinksPath(farmId)}/${encodeURIComponent(link.id)}/revoke`, {
        method: 'POST',
        json: { version: link.version },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportKeys.links(farmId) }),
  });
}
