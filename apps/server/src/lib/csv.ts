import { eq } from 'drizzle-orm';
import { DEFAULT_TIMEZONE } from '@gona/shared/farms';
import { isTimeZone } from '@gona/shared/fields';
import type { Page, PageQuery } from '@gona/shared/pagination';
import { farms } from '../db/schema/index';
import type { FarmCtx } from './ctx';
import { AppError } from './errors';
import { readsMoney, readsPersonalDetails } from './visible-fields';

/** Rows read per query while streaming, so a farm's whole history never sits in memory at once. */
const CSV_BATCH = 1000;

export type CsvExport = { filename: string; body: ReadableStream<Uint8Array> };

/**
 * A column: its header and how one row's cell is written, in the farm's time zone where it matters.
 * `only`: a money column (every naira column is one) is left out for roles that do not read money,
 * a person's phone or next of kin for those who do not manage staff (lib/visible-fields.ts).
 */
export type CsvColumn<Row> = {
  header: string;
  cell: (row: Row, timeZone: string) => string;
  only?: 'money' | 'personal';
};

/** The column, marked as money or as a person's details (see `CsvColumn.only`). */
export function only<Row>(what: 'money' | 'personal', col: CsvColumn<Row>): CsvColumn<Row> {
  return { ...col, only: what };
}

/**
 * A farm's records as a CSV download named gona-<name>-<farm>-<date>.csv. `readBatch` is the
 * feature's list query with keyset pagination (lib/pagination.ts); it is called page after page
 * while the client reads, so the file streams however long the history is.
 */
export async function csvExport<Row>(
  ctx: FarmCtx,
  {
    name,
    columns: allColumns,
    readBatch,
  }: {
    name: string;
    columns: CsvColumn<Row>[];
    readBatch: (page: PageQuery) => Promise<Page<Row>>;
  },
): Promise<CsvExport> {
  const { filename, timeZone } = await exportFarm(ctx, name);
  const columns = allColumns.filter(
    (c) =>
      (c.only !== 'money' || readsMoney(ctx.role)) &&
      (c.only !== 'personal' || readsPersonalDetails(ctx.role)),
  );
  const encoder = new TextEncoder();
  const line = (cells: string[]) => `${cells.map(csvField).join(',')}\r\n`;
  let cursor: string | undefined;
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        // The byte-order mark makes spreadsheet programs read the file as UTF-8 (₦, names with accents).
        controller.enqueue(encoder.encode(`\uFEFF${line(columns.map((c) => c.header))}`));
        return;
      }
      const page = await readBatch({ cursor, limit: CSV_BATCH });
      if (page.items.length > 0) {
        controller.enqueue(
          encoder.encode(page.items.map((row) => line(columns.map((c) => c.cell(row, timeZone)))).join('')),
        );
      }
      if (!page.next_cursor) {
        controller.close();
        return;
      }
      cursor = page.next_cursor;
    },
  });
  return { filename, body };
}

/** The kinds of cell an export writes, each the way the app shows it. */
export const column = {
  /** Free text typed by people: formula-safe. */
  text: <Row>(header: string, get: (row: Row) => string | null): CsvColumn<Row> => ({
    header,
    cell: (row) => formulaSafe(get(row)),
  }),
  /** Values the app writes itself (numbers, Yes/No), as they are. */
  plain: <Row>(header: string, get: (row: Row) => string): CsvColumn<Row> => ({ header, cell: get }),
  /** A code in the app's words ("bag_50kg" → "bags (50 kg)"). */
  words: <Row, K extends string>(
    header: string,
    words: Record<K, string>,
    get: (row: Row) => K,
  ): CsvColumn<Row> => ({ header, cell: (row) => words[get(row)] }),
  /** A moment as "26/05/2025 14:05" in the farm's time zone. */
  time: <Row>(header: string, get: (row: Row) => Date): CsvColumn<Row> => ({
    header,
    cell: (row, timeZone) => localTime(get(row), timeZone),
  }),
  /** A calendar date (yyyy-mm-dd) as dd/mm/yyyy. */
  date: <Row>(header: string, get: (row: Row) => string | null): CsvColumn<Row> => ({
    header,
    cell: (row) => dayMonthYear(get(row)),
  }),
  /** Kobo as a plain naira amount a spreadsheet can sum ("1250.50"); exact, no floating point. */
  naira: <Row>(header: string, get: (row: Row) => number | null): CsvColumn<Row> => ({
    header,
    cell: (row) => naira(get(row)),
    only: 'money',
  }),
};

/** One CSV field: quoted when it holds a comma, quote or line break; inner quotes doubled (RFC 4180). */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The export's filename (the date in the farm's own time zone) and that time zone. */
async function exportFarm(ctx: FarmCtx, name: string): Promise<{ filename: string; timeZone: string }> {
  const [farm] = await ctx.db
    .select({ name: farms.name, timezone: farms.timezone })
    .from(farms)
    .where(eq(farms.id, ctx.farmId));
  if (!farm) throw new AppError('NOT_FOUND');
  // A zone stored before time zones were checked may be unknown: the farm's default then.
  const timeZone = isTimeZone(farm.timezone) ? farm.timezone : DEFAULT_TIMEZONE;
  const date = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const slug =
    farm.name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'farm';
  return { filename: `gona-${name}-${slug}-${date}.csv`, timeZone };
}

function localTime(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

function dayMonthYear(isoDate: string | null): string {
  if (!isoDate) return '';
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

/**
 * A leading =, +, - or @ would make a spreadsheet run the text as a formula, so such text is
 * prefixed with an apostrophe (OWASP CSV injection advice).
 */
function formulaSafe(value: string | null): string {
  if (!value) return '';
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function naira(koboAmount: number | null): string {
  if (koboAmount === null) return '';
  return `${Math.floor(koboAmount / 100)}.${String(koboAmount % 100).padStart(2, '0')}`;
}
