import { sql } from 'drizzle-orm';
import type { ReportInventory, ReportMarketplace, ReportWork } from '@gona/shared/reports';
import { koboForQuantity, milliOf } from '@gona/shared/units';
import {
  attendance,
  casual_labour,
  inventory_alerts,
  orders,
  pay_run_lines,
  pay_runs,
  payouts,
  staff,
  supplies,
  supply_movements,
  tasks,
} from '../../db/schema/index';
import { periodEnd, periodStart, rowsOf, sumQuantities, type ReportInput } from './report-rows';

type SupplyRow = {
  id: string;
  name: string;
  unit: string;
  unit_cost_kobo: number | null;
  start: string;
  end: string;
  received: string;
  used: string;
  moved: number;
  ran_low: boolean;
};

/**
 * Every supply the farm held in the period: its stock at the first and last moment of it (the
 * quantity its last movement before then left), what came in and what was used, whether it was
 * low at any time in it (a low-stock alert open during it), and, for those who read money, its
 * value at the supply's unit cost.
 */
export async function inventorySection(input: ReportInput, money: boolean): Promise<ReportInventory> {
  const m = supply_movements;
  const start = periodStart(input);
  const end = periodEnd(input);
  // Each read names the farm first, so it walks the (farm, supply, newest first) index.
  const stockAt = (instant: unknown) => sql`coalesce((select ${m.quantity_after} from ${m}
      where ${m.farm_id} = ${input.farmId} and ${m.supply_id} = ${supplies.id} and ${m.created_at} < ${instant}
      order by ${m.created_at} desc, ${m.id} desc limit 1), 0)::text`;
  const inPeriod = sql`${m.farm_id} = ${input.farmId} and ${m.supply_id} = ${supplies.id} and ${m.created_at} >= ${start} and ${m.created_at} < ${end}`;
  const rows = await rowsOf<SupplyRow>(
    input.db,
    sql`select * from (
        select ${supplies.id} as id, ${supplies.name} as name, ${supplies.unit} as unit,
          ${supplies.unit_cost_kobo} as unit_cost_kobo,
          ${stockAt(start)} as start, ${stockAt(end)} as end,
          coalesce((select sum(${m.quantity}) from ${m} where ${inPeriod} and ${m.kind} = 'received'), 0)::text as received,
          coalesce((select -sum(${m.quantity}) from ${m} where ${inPeriod} and ${m.kind} = 'used'), 0)::text as used,
          (select count(*) from ${m} where ${inPeriod})::int as moved,
          ${supplies.id} in (select ${inventory_alerts.supply_id} from ${inventory_alerts}
            where ${inventory_alerts.farm_id} = ${input.farmId} and ${inventory_alerts.created_at} < ${end}
              and (not ${inventory_alerts.is_resolved} or ${inventory_alerts.resolved_at} >= ${start})) as ran_low
        from ${supplies}
        where ${supplies.farm_id} = ${input.farmId} and ${supplies.created_at} < ${end}
      ) s
      where s.start::numeric > 0 or s.end::numeric > 0 or s.moved > 0
      order by s.name, s.id`,
  );
  const valued = (quantity: string, cost: number | null) =>
    cost === null ? 0 : koboForQuantity(cost, Math.max(milliOf(quantity), 0));
  const supplyRows = rows.map((r) => ({
    id: r.id,
    name: r.name,
    unit: r.unit,
    start: sumQuantities([r.start]),
    end: sumQuantities([r.end]),
    received: sumQuantities([r.received]),
    used: sumQuantities([r.used]),
    ran_low: r.ran_low,
    ...(money
      ? {
          value_start_kobo: valued(r.start, r.unit_cost_kobo),
          value_end_kobo: valued(r.end, r.unit_cost_kobo),
          value_used_kobo: valued(r.used, r.unit_cost_kobo),
        }
      : {}),
  }));
  const total = (key: 'value_start_kobo' | 'value_end_kobo' | 'value_used_kobo') =>
    supplyRows.reduce((n, r) => n + (r[key] ?? 0), 0);
  return {
    supplies: supplyRows,
    ran_low: supplyRows.filter((r) => r.ran_low).length,
    ...(money
      ? {
          value: {
            start_kobo: total('value_start_kobo'),
            end_kobo: total('value_end_kobo'),
            used_kobo: total('value_used_kobo'),
          },
        }
      : {}),
  };
}

type TaskCounts = {
  type: string;
  due: number;
  done: number;
  done_late: number;
  skipped: number;
  open_late: number;
  open: number;
};

/**
 * Tasks due in the period (about the scope's planting or animal, when it names one): done by their
 * day, done after it (in the farm's time), skipped, still open after their day, and still ahead. For
 * those who read money and the whole farm: attendance marked in it and pay paid in it.
 */
export async function workSection(input: ReportInput, money: boolean): Promise<ReportWork> {
  const { db, farmId, from, to, today, timeZone } = input;
  const completedOn = sql`(${tasks.completed_at} at time zone ${timeZone})::date`;
  const scoped =
    input.scope.kind === 'crop'
      ? sql`and ${tasks.crop_id} = ${input.scope.id}`
      : input.scope.kind === 'animal'
        ? sql`and ${tasks.livestock_id} = ${input.scope.id}`
        : sql``;
  const byType = await rowsOf<TaskCounts>(
    db,
    sql`select ${tasks.type} as type, count(*)::int as due,
        count(*) filter (where ${tasks.status} = 'done' and ${completedOn} <= ${tasks.due_date})::int as done,
        count(*) filter (where ${tasks.status} = 'done' and ${completedOn} > ${tasks.due_date})::int as done_late,
        count(*) filter (where ${tasks.status} = 'skipped')::int as skipped,
        count(*) filter (where ${tasks.status} = 'open' and ${tasks.due_date} < ${today})::int as open_late,
        count(*) filter (where ${tasks.status} = 'open' and ${tasks.due_date} >= ${today})::int as open
      from ${tasks}
      where ${tasks.farm_id} = ${farmId} and ${tasks.due_date} between ${from} and ${to} ${scoped}
      group by 1 order by 2 desc, 1`,
  );
  const sum = (key: keyof Omit<TaskCounts, 'type'>) => byType.reduce((n, r) => n + r[key], 0);
  const work: ReportWork = {
    tasks: {
      due: sum('due'),
      done: sum('done'),
      done_late: sum('done_late'),
      skipped: sum('skipped'),
      open_late: sum('open_late'),
      open: sum('open'),
    },
    by_type: byType.map(({ type, due, done, done_late, skipped }) => ({
      type,
      due,
      done,
      done_late,
      skipped,
    })),
  };
  if (!money || input.scope.kind !== 'farm') return work;

  const [people, [paid], [casual]] = await Promise.all([
    rowsOf<{ name: string; present: number; half: number; absent: number }>(
      db,
      sql`select ${staff.name} as name,
          count(*) filter (where ${attendance.status} = 'present')::int as present,
          count(*) filter (where ${attendance.status} = 'half_day')::int as half,
          count(*) filter (where ${attendance.status} = 'absent')::int as absent
        from ${attendance} join ${staff} on ${staff.id} = ${attendance.staff_id}
        where ${attendance.farm_id} = ${farmId} and ${attendance.date} between ${from} and ${to}
        group by ${staff.id}, ${staff.name} order by 1`,
    ),
    rowsOf<{ runs: number; total: string }>(
      db,
      sql`select count(distinct ${pay_runs.id})::int as runs, coalesce(sum(${pay_run_lines.amount_kobo}), 0)::text as total
        from ${pay_runs} left join ${pay_run_lines} on ${pay_run_lines.pay_run_id} = ${pay_runs.id}
        where ${pay_runs.farm_id} = ${farmId} and ${pay_runs.status} = 'paid'
          and ${pay_runs.paid_on} between ${from} and ${to}`,
    ),
    rowsOf<{ total: string }>(
      db,
      sql`select coalesce(sum(${casual_labour.amount_kobo}), 0)::text as total
        from ${casual_labour}
        where ${casual_labour.farm_id} = ${farmId} and ${casual_labour.date} between ${from} and ${to}`,
    ),
  ]);
  return {
    ...work,
    attendance: {
      present: people.reduce((n, p) => n + p.present, 0),
      half: people.reduce((n, p) => n + p.half, 0),
      absent: people.reduce((n, p) => n + p.absent, 0),
      staff: people,
    },
    pay: {
      runs_paid: paid?.runs ?? 0,
      paid_kobo: Number(paid?.total ?? 0),
      casual_kobo: Number(casual?.total ?? 0),
    },
  };
}

/**
 * The farm's marketplace in the period: orders placed in it by where they stand now, and the
 * orders completed in it (what they sold for and Gona's commission), and payouts paid in it.
 */
export async function marketplaceSection(input: ReportInput): Promise<ReportMarketplace> {
  const { db, farmId } = input;
  const start = periodStart(input);
  const end = periodEnd(input);
  const [byStatus, [completed], [paid]] = await Promise.all([
    rowsOf<{ status: string; orders: number }>(
      db,
      sql`select ${orders.status} as status, count(*)::int as orders from ${orders}
        where ${orders.farm_id} = ${farmId} and ${orders.created_at} >= ${start} and ${orders.created_at} < ${end}
        group by 1 order by 2 desc, 1`,
    ),
    rowsOf<{ count: number; sales: string; commission: string }>(
      db,
      sql`select count(*)::int as count, coalesce(sum(${orders.subtotal_kobo}), 0)::text as sales,
          coalesce(sum(${orders.commission_kobo}), 0)::text as commission
        from ${orders}
        where ${orders.farm_id} = ${farmId} and ${orders.status} = 'completed'
          and ${orders.completed_at} >= ${start} and ${orders.completed_at} < ${end}`,
    ),
    rowsOf<{ total: string }>(
      db,
      sql`select coalesce(sum(${payouts.amount_kobo}), 0)::text as total from ${payouts}
        where ${payouts.farm_id} = ${farmId} and ${payouts.status} = 'paid'
          and ${payouts.paid_at} >= ${start} and ${payouts.paid_at} < ${end}`,
    ),
  ]);
  return {
    orders: byStatus.reduce((n, r) => n + r.orders, 0),
    by_status: byStatus,
    completed: completed?.count ?? 0,
    sales_kobo: Number(completed?.sales ?? 0),
    commission_kobo: Number(completed?.commission ?? 0),
    payouts_kobo: Number(paid?.total ?? 0),
  };
}
