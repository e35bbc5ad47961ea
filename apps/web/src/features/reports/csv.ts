import type { TFunction } from 'i18next';
import { csvCell, reportTables, tableCsv, type Report } from '@gona/shared/reports';
import { reportWord } from './words';
import { zipFiles } from './zip';

/**
 * Every table of the report as a CSV file, in one zip: headers in the reader's words, `word` cells
 * named as the screen names them, naira as plain naira for sums in a spreadsheet.
 */
export function reportZip(report: Report, t: TFunction, at: Date): Uint8Array {
  const files = reportTables(report).map((table) => ({
    name: `${table.name}.csv`,
    text: tableCsv(
      table.columns.map((column) => t(`reports:tables.${table.name}.${column.key}`)),
      table.rows.map((row) =>
        row.map((value, index) => {
          const column = table.columns[index];
          if (!column || column.kind !== 'word' || value === null)
            return csvCell(value, column?.kind ?? 'text');
          return csvCell(reportWord(t, column.key, String(value)), 'text');
        }),
      ),
    ),
  }));
  return zipFiles(files, at);
}

/** The zip's file name: the farm and the period. */
export function zipName(report: Report): string {
  const farm = report.farm.name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'farm';
  return `${farm}-${report.from}-${report.to}.zip`;
}
