import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TFunction } from 'i18next';
import { formatNaira } from '@gona/shared/money';
import {
  reportTables,
  type Cell,
  type CellKind,
  type Report,
  type ReportSection,
  type ReportTable,
} from '@gona/shared/reports';
import { paths } from '@/lib/paths';
import { groupDigits } from '@/lib/quantity-text';
import { reportWord } from '../words';
import { BarChart } from './BarChart';

/** yyyy-mm as people read it (03/2026, as dates are dd/mm/yyyy). */
export const monthLabel = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

const SECTION_PATH: Record<ReportSection, string> = {
  money: paths.expenses,
  production: paths.livestock,
  livestock: paths.livestock,
  crops: paths.crops,
  inventory: paths.inventory,
  work: paths.tasks,
  marketplace: paths.marketplace,
};

/** A whole number of naira for an axis (₦12k, ₦1.5m), exact amounts being in the tables. */
function shortNaira(kobo: number): string {
  const naira = kobo / 100;
  const abs = Math.abs(naira);
  if (abs >= 1_000_000) return `₦${Math.round(naira / 100_000) / 10}m`;
  if (abs >= 1_000) return `₦${Math.round(naira / 100) / 10}k`;
  return `₦${Math.round(naira)}`;
}
const plain = (value: number) =>
  Math.abs(value) >= 1000 ? `${Math.round(value / 100) / 10}k` : String(value);

/** A cell as the screen shows it; `word` cells are named by the catalogues of their features. */
export function cellText(t: TFunction, table: ReportTable, column: number, value: Cell): string {
  const { key, kind } = table.columns[column] as { key: string; kind: CellKind };
  if (value === null || value === '') return '–';
  switch (kind) {
    case 'naira':
      return formatNaira(Number(value));
    case 'month':
      return monthLabel(String(value));
    case 'count':
      return groupDigits(String(value));
    case 'quantity':
      return groupDigits(String(value));
    case 'percent':
      return `${String(value)} %`;
    case 'word':
      return reportWord(t, key, String(value));
    default:
      return String(value);
  }
}

/** Every section of the report: its key figures, a small chart, its tables, a link to its screen. */
export function ReportView({ report }: { report: Report }) {
  const { t } = useTranslation('reports');
  const tables = reportTables(report);
  const tablesOf = (section: ReportSection) => tables.filter((table) => table.section === section);
  const { money, production, livestock, crops, inventory, work, marketplace } = report;
  const months = production.by_month.map((m) => monthLabel(m.month));
  return (
    <div className="flex flex-col gap-6">
      {money && (
        <Section section="money" tables={tablesOf('money')}>
          <Figures
            items={[
              [t('figures.income'), formatNaira(money.income_kobo)],
              [t('figures.costs'), formatNaira(money.costs_kobo)],
              [t('figures.margin'), formatNaira(money.margin_kobo)],
              ...(money.owed
                ? ([
                    [t('figures.owedToFarm'), formatNaira(money.owed.to_farm_kobo)],
                    [t('figures.owedByFarm'), formatNaira(money.owed.by_farm_kobo)],
                  ] as [string, string][])
                : []),
            ]}
          />
          {money.cash && money.cash.length > 0 && (
            <BarChart
              title={t('charts.cash')}
              labels={money.cash.map((m) => monthLabel(m.month))}
              series={[t('tables.cash.in'), t('tables.cash.out')]}
              values={money.cash.map((m) => [m.in_kobo, m.out_kobo])}
              format={shortNaira}
            />
          )}
        </Section>
      )}
      <Section section="production" tables={tablesOf('production')}>
        <Figures
          items={[
            [t('figures.eggs'), groupDigits(String(production.eggs))],
            [
              t('figures.henDay'),
              production.hen_day_percent === null ? '–' : `${production.hen_day_percent} %`,
            ],
            [t('figures.milk'), groupDigits(production.milk_litres)],
            [t('figures.fish'), groupDigits(production.fish_kg)],
            [t('figures.harvest'), groupDigits(production.harvest_kg)],
          ]}
        />
        {production.eggs > 0 ? (
          <BarChart
            title={t('charts.eggs')}
            labels={months}
            series={[t('figures.eggs')]}
            values={production.by_month.map((m) => [m.eggs])}
            format={plain}
          />
        ) : (
          <BarChart
            title={t('charts.harvest')}
            labels={months}
            series={[t('figures.harvest')]}
            values={production.by_month.map((m) => [Number(m.harvest_kg)])}
            format={plain}
          />
        )}
      </Section>
      {livestock && (
        <Section section="livestock" tables={tablesOf('livestock')}>
          <Figures
            items={[
              [t('figures.headsStart'), groupDigits(String(livestock.heads_start))],
              [t('figures.headsEnd'), groupDigits(String(livestock.heads_end))],
              [t('figures.births'), groupDigits(String(livestock.births))],
              [t('figures.deaths'), groupDigits(String(livestock.deaths))],
              [
                t('figures.mortality'),
                livestock.mortality_percent === null ? '–' : `${livestock.mortality_percent} %`,
              ],
              [t('figures.sold'), groupDigits(String(livestock.sold))],
              [t('figures.feed'), groupDigits(livestock.feed_kg)],
            ]}
          />
          <p className="text-sm text-stone-700">{t('figures.vaccinations', livestock.vaccinations)}</p>
          {livestock.animals.length > 0 && (
            <BarChart
              title={t('charts.heads')}
              labels={livestock.animals.map((a) => a.name)}
              series={[t('figures.headsStart'), t('figures.headsEnd')]}
              values={livestock.animals.map((a) => [a.heads_start, a.heads_end])}
              format={plain}
            />
          )}
        </Section>
      )}
      {crops && (
        <Section section="crops" tables={tablesOf('crops')}>
          <p className="text-sm text-stone-700">
            {t('figures.stages', {
              onTime: crops.stages.on_time,
              late: crops.stages.late,
              missing: crops.stages.not_recorded,
            })}
          </p>
          {crops.crops.length > 0 && (
            <BarChart
              title={t('charts.yield')}
              labels={crops.crops.map((c) => c.name)}
              series={[t('tables.crops.yield')]}
              values={crops.crops.map((c) => [c.yield_kg_per_ha ?? 0])}
              format={plain}
            />
          )}
        </Section>
      )}
      {inventory && (
        <Section section="inventory" tables={tablesOf('inventory')}>
          <Figures
            items={[
              [t('figures.ranLow'), String(inventory.ran_low)],
              ...(inventory.value
                ? ([
                    [t('figures.valueStart'), formatNaira(inventory.value.start_kobo)],
                    [t('figures.valueUsed'), formatNaira(inventory.value.used_kobo)],
                    [t('figures.valueEnd'), formatNaira(inventory.value.end_kobo)],
                  ] as [string, string][])
                : []),
            ]}
          />
          {inventory.value && inventory.supplies.length > 0 && (
            <BarChart
              title={t('charts.value')}
              labels={inventory.supplies.map((s) => s.name)}
              series={[t('figures.valueStart'), t('figures.valueEnd')]}
              values={inventory.supplies.map((s) => [s.value_start_kobo ?? 0, s.value_end_kobo ?? 0])}
              format={shortNaira}
            />
          )}
        </Section>
      )}
      <Section section="work" tables={tablesOf('work')}>
        <BarChart
          title={t('charts.tasks')}
          labels={[
            t('figures.tasksDone'),
            t('figures.tasksLate'),
            t('figures.tasksSkipped'),
            t('figures.tasksOpenLate'),
          ]}
          series={[t('charts.tasks')]}
          values={[[work.tasks.done], [work.tasks.done_late], [work.tasks.skipped], [work.tasks.open_late]]}
          format={plain}
        />
        {work.pay && work.attendance && (
          <Figures
            items={[
              [t('figures.present'), groupDigits(String(work.attendance.present))],
              [t('figures.paid'), formatNaira(work.pay.paid_kobo)],
              [t('figures.casual'), formatNaira(work.pay.casual_kobo)],
            ]}
          />
        )}
      </Section>
      {marketplace && (
        <Section section="marketplace" tables={tablesOf('marketplace')}>
          <Figures
            items={[
              [t('figures.orders'), groupDigits(String(marketplace.orders))],
              [t('figures.sales'), formatNaira(marketplace.sales_kobo)],
              [t('figures.commission'), formatNaira(marketplace.commission_kobo)],
              [t('figures.payouts'), formatNaira(marketplace.payouts_kobo)],
            ]}
          />
          {marketplace.by_status.length > 0 && (
            <BarChart
              title={t('charts.orders')}
              labels={marketplace.by_status.map((s) => t(`marketplace:orders.statuses.${s.status}`))}
              series={[t('figures.orders')]}
              values={marketplace.by_status.map((s) => [s.orders])}
              format={plain}
            />
          )}
        </Section>
      )}
    </div>
  );
}

function Section({
  section,
  tables,
  children,
}: {
  section: ReportSection;
  tables: ReportTable[];
  children: ReactNode;
}) {
  const { t } = useTranslation('reports');
  return (
    <section
      aria-labelledby={`report-${section}`}
      className="flex min-w-0 flex-col gap-4 rounded-lg border border-stone-200 bg-white p-4"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`report-${section}`} className="text-lg font-semibold text-stone-900">
          {t(`sections.${section}`)}
        </h2>
        <Link to={SECTION_PATH[section]} className="text-sm font-medium text-green-800 underline">
          {t(`open.${section}`)}
        </Link>
      </header>
      {children}
      {tables.map((table) => (
        <Table key={table.name} table={table} />
      ))}
    </section>
  );
}

function Figures({ items }: { items: [string, string][] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {items.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs text-stone-600">{label}</dt>
          <dd className="text-base font-semibold break-words text-stone-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Table({ table }: { table: ReportTable }) {
  const { t } = useTranslation('reports');
  if (table.rows.length === 0) return null;
  const numeric = (kind: CellKind) => kind !== 'text' && kind !== 'word' && kind !== 'month';
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <h3 className="text-sm font-semibold text-stone-800">{t(`tables.${table.name}.title`)}</h3>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="text-stone-600">
              {table.columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className={`py-1 pr-3 font-medium ${numeric(column.kind) ? 'text-right' : ''}`}
                >
                  {t(`tables.${table.name}.${column.key}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, index) => (
              <tr key={index} className="border-t border-stone-200">
                {row.map((value, column) => {
                  const kind = table.columns[column]?.kind ?? 'text';
                  return (
                    <td
                      key={column}
                      className={`py-1 pr-3 ${numeric(kind) ? 'text-right whitespace-nowrap tabular-nums' : 'break-words'}`}
                    >
                      {cellText(t, table, column, value)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
