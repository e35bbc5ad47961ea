import { formatNaira } from '@gona/shared/money';
import {
  barChart,
  CHART_COLOURS,
  reportTables,
  type Cell,
  type CellKind,
  type Report,
  type ReportSection,
  type ReportTable,
} from '@gona/shared/reports';
import { PDF_FONT, renderPdf } from '../../lib/pdf';

/**
 * A report as an A4 PDF for a loan officer or a cooperative: a cover (the farm, where it is, its
 * size, the period), a one-page summary beside the period before, then each section with its chart
 * (the screen's geometry, `barChart`) and its tables (headers repeated on each page), page numbers,
 * the day it was made and where its numbers come from. DejaVu Sans is embedded (₦, and Hausa's
 * ɓ ɗ ƙ ƴ and Yoruba's ẹ ọ ṣ, which the standard PDF fonts lack); pdfmake reads nothing from the
 * network or the disk while it lays the document out.
 */

const FONT = PDF_FONT;

const SECTION_TITLES: Record<ReportSection, string> = {
  money: 'Money',
  production: 'Production',
  livestock: 'Livestock',
  crops: 'Crops',
  inventory: 'Store',
  work: 'Work',
  marketplace: 'Marketplace',
};

/** Each table's title and column headers, as the reports screen words them (apps/web reports.json). */
const TABLE_WORDS: Record<string, Record<string, string>> = {
  enterprises: {
    title: 'Margin by crop and animal',
    name: 'For',
    income: 'Money in (₦)',
    costs: 'Costs (₦)',
    margin: 'Margin (₦)',
  },
  costs: { title: 'Costs by what they were for', category: 'For', total: 'Total (₦)' },
  cash: { title: 'Cash by month', month: 'Month', in: 'In (₦)', out: 'Out (₦)' },
  production: {
    title: 'Production by month',
    month: 'Month',
    eggs: 'Eggs',
    milk: 'Milk (litres)',
    fish: 'Fish (kg)',
    harvest: 'Harvest (kg)',
  },
  livestock: {
    title: 'Animals and groups',
    name: 'Name',
    start: 'Start',
    end: 'End',
    births: 'Born',
    bought: 'Bought',
    deaths: 'Died',
    mortality: 'Mortality (%)',
    sold: 'Sold',
    soldFor: 'Sold for (₦)',
    feed: 'Feed (kg)',
    conversion: 'kg feed per kg gained',
  },
  crops: {
    title: 'Crops',
    crop: 'Crop',
    plantings: 'Planted',
    area: 'Area planted (ha)',
    harvest: 'Harvest (kg)',
    harvestedArea: 'Area harvested (ha)',
    yield: 'kg per ha',
    predicted: 'Predicted (kg)',
  },
  inventory: {
    title: 'Store',
    name: 'Supply',
    unit: 'Unit',
    start: 'At the start',
    received: 'Received',
    used: 'Used',
    end: 'At the end',
    ranLow: 'Ran low',
    valueStart: 'Value at the start (₦)',
    valueUsed: 'Value used (₦)',
    valueEnd: 'Value at the end (₦)',
  },
  tasks: {
    title: 'Tasks by kind',
    type: 'Kind',
    due: 'Due',
    done: 'Done on the day',
    doneLate: 'Done late',
    skipped: 'Skipped',
  },
  attendance: { title: 'Attendance', name: 'Name', present: 'Present', half: 'Half days', absent: 'Absent' },
  orders: { title: 'Orders', status: 'Where it stands', orders: 'Orders' },
};

const day = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
const month = (value: string) => `${value.slice(5, 7)}/${value.slice(0, 4)}`;
const grouped = (value: string | number) => {
  const [whole = '0', fraction] = String(value).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''}`;
};
/** snake_case words of a fixed list (a category, a task type) as a sentence's words. */
const words = (value: string) => {
  const text = value.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

function cellText(value: Cell, kind: CellKind, column: string): string {
  if (value === null || value === '') return '–';
  if (kind === 'naira') return formatNaira(Number(value));
  if (kind === 'month') return month(String(value));
  if (kind === 'percent') return `${String(value)} %`;
  if (kind === 'count' || kind === 'quantity') return grouped(value);
  if (kind === 'word') return column === 'ranLow' ? (value === 'yes' ? 'Yes' : 'No') : words(String(value));
  return String(value);
}

function tableNode(table: ReportTable): object[] {
  const headings = TABLE_WORDS[table.name] ?? {};
  const numeric = (kind: CellKind) => kind !== 'text' && kind !== 'word' && kind !== 'month';
  if (table.rows.length === 0) return [];
  return [
    { text: headings.title ?? table.name, style: 'tableTitle' },
    {
      table: {
        headerRows: 1,
        widths: table.columns.map((_, index) => (index === 0 ? '*' : 'auto')),
        body: [
          table.columns.map((c) => ({
            text: headings[c.key] ?? c.key,
            bold: true,
            alignment: numeric(c.kind) ? 'right' : 'left',
          })),
          ...table.rows.map((row) =>
            row.map((value, index) => {
              const column = table.columns[index]!;
              return {
                text: cellText(value, column.kind, column.key),
                alignment: numeric(column.kind) ? 'right' : 'left',
              };
            }),
          ),
        ],
      },
      layout: 'lightHorizontalLines',
      fontSize: 8,
      margin: [0, 2, 0, 10],
    },
  ];
}

/** The chart as SVG, from the same geometry the screen draws; axis values plain (units are in the title). */
function chartNode(
  title: string,
  labels: string[],
  series: string[],
  values: number[][],
  divide = 1,
): object[] {
  if (values.length === 0 || values.every((v) => v.every((x) => x === 0))) return [];
  const width = 320;
  const height = 150;
  const chart = barChart(
    values.map((v) => v.map((x) => x / divide)),
    width,
    height,
  );
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const every = Math.max(1, Math.ceil(labels.length / 6));
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    ...chart.ticks.map(
      (t) =>
        `<line x1="44" x2="${width - 4}" y1="${t.y}" y2="${t.y}" stroke="#e7e5e4" stroke-width="1"/>` +
        `<text x="40" y="${t.y + 3}" text-anchor="end" font-size="8" fill="#57534e">${escape(grouped(Math.round(t.value)))}</text>`,
    ),
    ...chart.bars.map(
      (b) =>
        `<rect x="${b.x}" y="${b.y}" width="${b.width}" height="${Math.max(b.height, 0)}" fill="${CHART_COLOURS[b.series % CHART_COLOURS.length]}"/>`,
    ),
    `<line x1="44" x2="${width - 4}" y1="${chart.zero}" y2="${chart.zero}" stroke="#78716c" stroke-width="1"/>`,
    ...chart.labels
      .filter(({ index }) => index % every === 0)
      .map(
        ({ index, x }) =>
          `<text x="${x}" y="${height - 5}" text-anchor="middle" font-size="8" fill="#57534e">${escape((labels[index] ?? '').slice(0, 14))}</text>`,
      ),
    '</svg>',
  ].join('');
  return [
    { text: title, style: 'chartTitle' },
    ...(series.length > 1
      ? [
          {
            text: series.flatMap((name, index) => [
              { text: '■ ', color: CHART_COLOURS[index % CHART_COLOURS.length] },
              { text: `${name}   ` },
            ]),
            fontSize: 8,
          },
        ]
      : []),
    { svg, width: 320, margin: [0, 2, 0, 8] },
  ];
}

type Figure = [string, string];

function figuresNode(figures: Figure[]): object {
  return {
    columns: figures.map(([label, value]) => ({
      stack: [
        { text: label, fontSize: 7, color: '#57534e' },
        { text: value, bold: true },
      ],
    })),
    columnGap: 8,
    margin: [0, 0, 0, 8],
  };
}

const percentText = (value: number | null) => (value === null ? '–' : `${value} %`);

/** The key figures of a report, for the summary page beside the period before. */
function keyFigures(report: Report): Figure[] {
  const figures: Figure[] = [];
  if (report.money) {
    figures.push(
      ['Money in', formatNaira(report.money.income_kobo)],
      ['Costs', formatNaira(report.money.costs_kobo)],
      ['Margin', formatNaira(report.money.margin_kobo)],
    );
  }
  figures.push(
    ['Eggs', grouped(report.production.eggs)],
    ['Hen-day', percentText(report.production.hen_day_percent)],
    ['Milk (litres)', grouped(report.production.milk_litres)],
    ['Fish (kg)', grouped(report.production.fish_kg)],
    ['Harvest (kg)', grouped(report.production.harvest_kg)],
  );
  if (report.livestock)
    figures.push(
      ['Heads at the end', grouped(report.livestock.heads_end)],
      ['Died', grouped(report.livestock.deaths)],
      ['Mortality', percentText(report.livestock.mortality_percent)],
    );
  if (report.inventory?.value)
    figures.push(['Stock value at the end', formatNaira(report.inventory.value.end_kobo)]);
  figures.push(
    ['Tasks done on their day', grouped(report.work.tasks.done)],
    ['Tasks done late or not done', grouped(report.work.tasks.done_late + report.work.tasks.open_late)],
  );
  if (report.marketplace) figures.push(['Marketplace sales', formatNaira(report.marketplace.sales_kobo)]);
  return figures;
}

const SIZE_UNITS = { hectare: 'hectares', acre: 'acres', plot: 'plots' } as const;

/** Where the numbers come from: said on the cover and on every page's foot. */
export const REPORT_SOURCE =
  "Every figure comes from the farm's own records in Gona (money, livestock, crops, store, tasks and marketplace), summed over the period's days in the farm's time zone.";

export type PdfOptions = { previous: Report; generatedAt: string };

/** The report as PDF bytes. `generatedAt` is the day and time it was made, as people read it. */
export async function renderReportPdf(
  report: Report,
  { previous, generatedAt }: PdfOptions,
): Promise<Buffer> {
  const tables = reportTables(report);
  const tablesOf = (section: ReportSection) => tables.filter((t) => t.section === section).flatMap(tableNode);
  const period = `${day(report.from)} to ${day(report.to)}`;
  const size =
    report.farm.size && report.farm.size_unit
      ? `${grouped(report.farm.size)} ${SIZE_UNITS[report.farm.size_unit]}`
      : null;

  const summary = keyFigures(report);
  const before = new Map(keyFigures(previous));
  const sections: object[] = [];
  const section = (key: ReportSection, body: object[]) => {
    sections.push({ text: SECTION_TITLES[key], style: 'section' }, ...body, ...tablesOf(key));
  };
  const { money, production, livestock, crops, inventory, work, marketplace } = report;
  if (money) {
    section('money', [
      figuresNode([
        ['Money in', formatNaira(money.income_kobo)],
        ['Costs', formatNaira(money.costs_kobo)],
        ['Margin', formatNaira(money.margin_kobo)],
        ...(money.owed
          ? ([
              ['Owed to the farm now', formatNaira(money.owed.to_farm_kobo)],
              ['The farm owes now', formatNaira(money.owed.by_farm_kobo)],
            ] as Figure[])
          : []),
      ]),
      ...chartNode(
        'Money in and out by month (₦)',
        (money.cash ?? []).map((m) => month(m.month)),
        ['In', 'Out'],
        (money.cash ?? []).map((m) => [m.in_kobo, m.out_kobo]),
        100,
      ),
    ]);
  }
  section('production', [
    figuresNode(
      summary.filter(([label]) =>
        ['Eggs', 'Hen-day', 'Milk (litres)', 'Fish (kg)', 'Harvest (kg)'].includes(label),
      ),
    ),
    ...chartNode(
      production.eggs > 0 ? 'Eggs by month' : 'Harvest by month (kg)',
      production.by_month.map((m) => month(m.month)),
      ['Eggs'],
      production.by_month.map((m) => [production.eggs > 0 ? m.eggs : Number(m.harvest_kg)]),
    ),
  ]);
  if (livestock)
    section('livestock', [
      figuresNode([
        ['Heads at the start', grouped(livestock.heads_start)],
        ['Heads at the end', grouped(livestock.heads_end)],
        ['Born', grouped(livestock.births)],
        ['Died', grouped(livestock.deaths)],
        ['Mortality', percentText(livestock.mortality_percent)],
        ['Sold', grouped(livestock.sold)],
      ]),
      {
        text: `Vaccinations: ${livestock.vaccinations.done} on time, ${livestock.vaccinations.late} late, ${livestock.vaccinations.missed} missed.`,
        margin: [0, 0, 0, 6],
      },
      ...chartNode(
        'Heads at the start and end of the period',
        livestock.animals.map((a) => a.name),
        ['Start', 'End'],
        livestock.animals.map((a) => [a.heads_start, a.heads_end]),
      ),
    ]);
  if (crops)
    section('crops', [
      {
        text: `Growth stages: ${crops.stages.on_time} on time, ${crops.stages.late} late, ${crops.stages.not_recorded} not recorded.`,
        margin: [0, 0, 0, 6],
      },
      ...chartNode(
        'Harvest per hectare (kg)',
        crops.crops.map((c) => c.name),
        ['kg per ha'],
        crops.crops.map((c) => [c.yield_kg_per_ha ?? 0]),
      ),
    ]);
  if (inventory)
    section('inventory', [
      figuresNode([
        ['Supplies that ran low', grouped(inventory.ran_low)],
        ...(inventory.value
          ? ([
              ['Stock value at the start', formatNaira(inventory.value.start_kobo)],
              ['Value used', formatNaira(inventory.value.used_kobo)],
              ['Stock value at the end', formatNaira(inventory.value.end_kobo)],
            ] as Figure[])
          : []),
      ]),
    ]);
  section('work', [
    figuresNode([
      ['Due', grouped(work.tasks.due)],
      ['Done on their day', grouped(work.tasks.done)],
      ['Done late', grouped(work.tasks.done_late)],
      ['Skipped', grouped(work.tasks.skipped)],
      ['Not done', grouped(work.tasks.open_late)],
      ...(work.pay
        ? ([
            ['Wages paid', formatNaira(work.pay.paid_kobo)],
            ['Casual labour', formatNaira(work.pay.casual_kobo)],
          ] as Figure[])
        : []),
    ]),
  ]);
  if (marketplace)
    section('marketplace', [
      figuresNode([
        ['Orders', grouped(marketplace.orders)],
        ['Sales completed', formatNaira(marketplace.sales_kobo)],
        ["Gona's commission", formatNaira(marketplace.commission_kobo)],
        ['Paid to your bank', formatNaira(marketplace.payouts_kobo)],
      ]),
    ]);

  const definition = {
    pageSize: 'A4',
    pageMargins: [40, 48, 40, 56],
    info: { title: `${report.farm.name}: report ${period}`, creator: 'Gona' },
    defaultStyle: { font: FONT, fontSize: 9, lineHeight: 1.2 },
    styles: {
      cover: { fontSize: 26, bold: true, margin: [0, 160, 0, 8] },
      section: { fontSize: 15, bold: true, margin: [0, 12, 0, 6], color: '#14532d' },
      tableTitle: { fontSize: 10, bold: true, margin: [0, 4, 0, 2] },
      chartTitle: { fontSize: 9, bold: true, margin: [0, 4, 0, 2] },
    },
    footer: (current: number, count: number) => ({
      columns: [
        {
          text: `${report.farm.name} · ${period} · made ${generatedAt}`,
          fontSize: 7,
          color: '#57534e',
          width: '*',
        },
        {
          text: `Page ${current} of ${count}`,
          alignment: 'right',
          fontSize: 7,
          color: '#57534e',
          width: 'auto',
        },
      ],
      margin: [40, 20, 40, 0],
    }),
    content: [
      { text: report.farm.name, style: 'cover' },
      { text: 'Farm report', fontSize: 16, margin: [0, 0, 0, 24] },
      { text: period, fontSize: 14, bold: true },
      ...(report.scope.kind === 'farm' ? [] : [{ text: `For ${report.scope.name}`, fontSize: 12 }]),
      {
        text: [report.farm.location, report.farm.state].filter(Boolean).join(', '),
        fontSize: 12,
        margin: [0, 12, 0, 0],
      },
      ...(size ? [{ text: `Size: ${size}`, fontSize: 12 }] : []),
      { text: `Made on ${generatedAt}, with Gona.`, margin: [0, 24, 0, 0] },
      { text: REPORT_SOURCE, margin: [0, 6, 0, 0], color: '#44403c' },
      { text: 'Summary', style: 'section', pageBreak: 'before' },
      {
        text: `${period}, beside ${day(previous.from)} to ${day(previous.to)}.`,
        margin: [0, 0, 0, 8],
      },
      {
        table: {
          headerRows: 1,
          widths: ['*', 'auto', 'auto'],
          body: [
            [
              { text: 'Figure', bold: true },
              { text: 'This period', bold: true, alignment: 'right' },
              { text: 'The period before', bold: true, alignment: 'right' },
            ],
            ...summary.map(([label, value]) => [
              label,
              { text: value, alignment: 'right' },
              { text: before.get(label) ?? '–', alignment: 'right' },
            ]),
          ],
        },
        layout: 'lightHorizontalLines',
      },
      { text: REPORT_SOURCE, margin: [0, 12, 0, 0], fontSize: 8, color: '#44403c' },
      { text: '', pageBreak: 'after' },
      ...sections,
    ],
  };
  return renderPdf(definition);
}
