import type { ReportQuery } from '@gona/shared/reports';

/** Every report query of a farm starts with ['reports', farmId]. */
export const reportKeys = {
  all: (farmId: string) => ['reports', farmId] as const,
  report: (farmId: string, query: ReportQuery) => ['reports', farmId, 'report', query] as const,
  pdfs: (farmId: string) => ['reports', farmId, 'pdfs'] as const,
  links: (farmId: string) => ['reports', farmId, 'links'] as const,
};

export const reportsPath = (farmId: string) => `/api/farms/${encodeURIComponent(farmId)}/reports`;
export const reportPdfsPath = (farmId: string) => `${reportsPath(farmId)}/pdfs`;
export const reportLinksPath = (farmId: string) => `/api/farms/${encodeURIComponent(farmId)}/report-links`;
