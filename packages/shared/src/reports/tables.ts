import type { Report } from './schemas';

/** The report's sections, in the order the screen, the CSV zip and the PDF show them. */
export const REPORT_SECTIONS = [
  'money',
  'production',
  'livestock',
  'crops',
  'inventory',
  'work',
  'marketplace',
] as const;
export type ReportSection = (typeof REPORT_SECTIONS)[number];

/** How a cell is written: the screen formats it for people, the CSV plainly for spreadsheets. */
/** `word`: a value from a fixed list (a category, a task type, a unit), named by the reader's words. */
export type CellKind = 'text' | 'word' | 'naira' | 'count' | 'quantity' | 'percent' | 'month';
export type Cell = string | number | null;

export type ReportTable = {
  section: ReportSection;
  /** The file's name in the zip (without .csv) and the words' key. */
  name: string;
  columns: { key: string; kind: CellKind }[];
  rows: Cell[][];
};

const table = (
  section: ReportSection,
  name: string,
  columns: [string, CellKind][],
  rows: Cell[][],
): ReportTable => ({ section, name, columns: columns.map(([key, kind]) => ({ key, kind })), rows });

/**
 * Every table of a report, as the screen shows them and the CSV zip holds them; the column keys are
 * words the reader's catalogue names (`tables.<name>.<key>`). Money tables and columns are there
 * only when the report carries money (a worker's has none).
 */
export function reportTables(report: Report): ReportTable[] {
  const tables: ReportTable[] = [];
  const { money, production, livestock, crops, inventory, work, marketplace } = report;
  if (money) {
    tables.push(
      table(
        'money',
        'enterprises',
        [
          ['name', 'text'],
          ['income', 'naira'],
          ['costs', 'naira'],
          ['margin', 'naira'],
        ],
        money.enterprises.map((e) => [
          e.kind === 'farm' ? report.farm.name : e.name,
          e.income_kobo,
          e.costs_kobo,
          e.margin_kobo,
        ]),
      ),
      table(
        'money',
        'costs',
        [
          ['category', 'word'],
          ['total', 'naira'],
        ],
        money.costs_by_category.map((c) => [c.category, c.total_kobo]),
      ),
    );
    if (money.cash)
      tables.push(
        table(
          'money',
          'cash',
          [
            ['month', 'month'],
            ['in', 'naira'],
            ['out', 'naira'],
          ],
          money.cash.map((m) => [m.month, m.in_kobo, m.out_kobo]),
        ),
      );
  }
  tables.push(
    table(
      'production',
      'production',
      [
        ['month', 'month'],
        ['eggs', 'count'],
        ['milk', 'quantity'],
        ['fish', 'quantity'],
        ['harvest', 'quantity'],
      ],
      production.by_month.map((m) => [m.month, m.eggs, m.milk_litres, m.fish_kg, m.harvest_kg]),
    ),
  );
  if (livestock) {
    const sold = livestock.animals.some((a) => a.sold_kobo !== undefined);
    tables.push(
      table(
        'livestock',
        'livestock',
        [
          ['name', 'text'],
          ['start', 'count'],
          ['end', 'count'],
          ['births', 'count'],
          ['bought', 'count'],
          ['deaths', 'count'],
          ['mortality', 'percent'],
          ['sold', 'count'],
          ...(sold ? ([['soldFor', 'naira']] as [string, CellKind][]) : []),
          ['feed', 'quantity'],
          ['conversion', 'quantity'],
        ],
        livestock.animals.map((a) => [
          a.name,
          a.heads_start,
          a.heads_end,
          a.births,
          a.bought,
          a.deaths,
          a.mortality_percent,
          a.sold,
          ...(sold ? [a.sold_kobo ?? 0] : []),
          a.feed_kg,
          a.feed_conversion,
        ]),
      ),
    );
  }
  if (crops)
    tables.push(
      table(
        'crops',
        'crops',
        [
          ['crop', 'text'],
          ['plantings', 'count'],
          ['area', 'quantity'],
          ['harvest', 'quantity'],
          ['harvestedArea', 'quantity'],
          ['yield', 'quantity'],
          ['predicted', 'quantity'],
        ],
        crops.crops.map((c) => [
          c.name,
          c.plantings,
          c.area_ha,
          c.harvest_kg,
          c.harvested_area_ha,
          c.yield_kg_per_ha,
          c.predicted_kg,
        ]),
      ),
    );
  if (inventory) {
    const valued = inventory.value !== undefined;
    tables.push(
      table(
        'inventory',
        'inventory',
        [
          ['name', 'text'],
          ['unit', 'word'],
          ['start', 'quantity'],
          ['received', 'quantity'],
          ['used', 'quantity'],
          ['end', 'quantity'],
          ['ranLow', 'word'],
          ...(valued
            ? ([
                ['valueStart', 'naira'],
                ['valueUsed', 'naira'],
                ['valueEnd', 'naira'],
              ] as [string, CellKind][])
            : []),
        ],
        inventory.supplies.map((s) => [
          s.name,
          s.unit,
          s.start,
          s.received,
          s.used,
          s.end,
          s.ran_low ? 'yes' : 'no',
          ...(valued ? [s.value_start_kobo ?? 0, s.value_used_kobo ?? 0, s.value_end_kobo ?? 0] : []),
        ]),
      ),
    );
  }
  tables.push(
    table(
      'work',
      'tasks',
      [
        ['type', 'word'],
        ['due', 'count'],
        ['done', 'count'],
        ['doneLate', 'count'],
        ['skipped', 'count'],
      ],
      work.by_type.map((r) => [r.type, r.due, r.done, r.done_late, r.skipped]),
    ),
  );
  if (work.attendance)
    tables.push(
      table(
        'work',
        'attendance',
        [
          ['name', 'text'],
          ['present', 'count'],
          ['half', 'count'],
          ['absent', 'count'],
        ],
        work.attendance.staff.map((p) => [p.name, p.present, p.half, p.absent]),
      ),
    );
  if (marketplace)
    tables.push(
      table(
        'marketplace',
        'orders',
        [
          ['status', 'word'],
          ['orders', 'count'],
        ],
        marketplace.by_status.map((s) => [s.status, s.orders]),
      ),
    );
  return tables;
}

/** A cell as a spreadsheet reads it: naira as plain naira (1234.56), text safe from formulas. */
export function csvCell(value: Cell, kind: CellKind): string {
  if (value === null) return '';
  let text: string;
  if (kind === 'naira' && typeof value === 'number') {
    const sign = value < 0 ? '-' : '';
    const abs = Math.abs(value);
    text = `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  } else text = String(value);
  // A leading =, +, - or @ in text would run as a formula in a spreadsheet.
  if ((kind === 'text' || kind === 'word') && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A table as CSV text (UTF-8 with a byte-order mark, so spreadsheets read ₦ and ɓ ɗ ƙ ƴ right). */
export function tableCsv(headers: readonly string[], rows: readonly string[][]): string {
  const line = (cells: readonly string[]) => cells.join(',');
  return `\uFEFF${[line(headers.map((h) => csvCell(h, 'text'))), ...rows.map(line)].join('\r\n')}\r\n`;
}
