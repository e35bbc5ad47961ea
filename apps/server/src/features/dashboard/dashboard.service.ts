import { sql, type SQL } from 'drizzle-orm';
import type { Dashboard } from '@gona/shared/dashboard';
import type { Profit } from '@gona/shared/finance';
import { can } from '@gona/shared/permissions';
import type { FarmCtx } from '../../lib/ctx';
import { addDays, dateIn, farmTimeZone } from '../../lib/farm-time';
import { readsMoney } from '../../lib/visible-fields';
import { countOpenAlerts } from '../inventory/alerts.service';
import { cropsByKey } from '../knowledge/knowledge.service';
import { profitJson } from '../money/kept-reports.service';
import { farmProduction } from '../reports/reports.service';
import { todayTasks } from '../tasks/tasks.service';
import { displayName } from '../livestock/livestock.service';

/** The open tasks a card lists, and the animals needing care it names. */
const ITEMS_MAX = 5;
/** Rules that warn of a pest or disease; the others (but the market's) are the weather's. */
const DISEASE_RULES = ['late_blight', 'fungal', 'fall_armyworm'];
/** Care given to animals through tasks: what the livestock screen's care plans schedule. */
const CARE_TYPES = ['vaccination', 'deworming'];

/**
 * The dashboard's cards in one answer, each figure from its feature's own read: tasks as the Today
 * view counts them (a worker's own and unassigned), money as the money screen's profit and loss for
 * this month and last (the same kept answer, decision 049), eggs and milk as the reports count them,
 * stock alerts as the store counts them. `now` is the app's clock. Money, orders and market prices
 * only for those who read money (decision 053).
 */
export async function farmDashboard(ctx: FarmCtx, now: Date): Promise<Dashboard> {
  const timeZone = await farmTimeZone(ctx.db, ctx.farmId);
  const today = dateIn(timeZone, now);
  const monthStart = `${today.slice(0, 8)}01`;
  const lastMonthEnd = addDays(monthStart, -1);
  const lastMonthStart = `${lastMonthEnd.slice(0, 8)}01`;
  const money = readsMoney(ctx.role);
  const produced = (from: string, to: string) => farmProduction(ctx, { from, to, timeZone, today });
  const profit = (from: string, to: string) =>
    profitJson(ctx, { from, to }).then((json) => {
      const p = JSON.parse(json) as Profit;
      return { from, to, income_kobo: p.income_kobo, costs_kobo: p.costs_kobo };
    });

  const [
    tasks,
    climate,
    stock,
    producedToday,
    producedBefore,
    care,
    thisMonth,
    lastMonth,
    orders,
    market,
    pro,
  ] = await Promise.all([
    todayTasks(ctx, { mine: !can(ctx.role, 'records.write') }),
    rowsOf<{ rule: string; n: number }>(
      ctx.db,
      sql`select rule, count(*)::int as n from climate_alerts
          where farm_id = ${ctx.farmId} and status = 'open' and "to" >= ${today}
          group by rule`,
    ),
    countOpenAlerts(ctx),
    produced(today, today),
    produced(addDays(today, -7), addDays(today, -1)),
    careDue(ctx, today),
    money ? profit(monthStart, today) : null,
    money ? profit(lastMonthStart, lastMonthEnd) : null,
    money ? ordersToActOn(ctx) : null,
    money ? marketPrices(ctx, today) : null,
    can(ctx.role, 'farm.billing') ? proBanner(ctx) : null,
  ]);
  const alerts = (rules: (rule: string) => boolean) =>
    climate.filter((row) => rules(row.rule)).reduce((n, row) => n + row.n, 0);
  const open = [
    ...tasks.overdue.items.map((task) => ({ task, late: true })),
    ...tasks.due_today.items.filter((task) => task.status === 'open').map((task) => ({ task, late: false })),
  ];
  return {
    today,
    time_zone: timeZone,
    tasks: {
      overdue: tasks.overdue.total,
      due_today: tasks.due_today.total,
      items: open.slice(0, ITEMS_MAX).map(({ task, late }) => ({
        id: task.id,
        title: task.title,
        due_date: task.due_date,
        late,
      })),
    },
    alerts: {
      weather: alerts((rule) => rule !== 'market_price' && !DISEASE_RULES.includes(rule)),
      disease: alerts((rule) => DISEASE_RULES.includes(rule)),
      market: alerts((rule) => rule === 'market_price'),
      low_stock: stock.low_stock,
    },
    ...(thisMonth && lastMonth ? { money: { this_month: thisMonth, last_month: lastMonth } } : {}),
    production: {
      eggs: { today: String(producedToday.eggs), average_7_days: averageOf(producedBefore.eggs) },
      milk_litres: {
        today: producedToday.milk_litres,
        average_7_days: averageOf(Number(producedBefore.milk_litres)),
      },
    },
    care,
    ...(orders ? { orders } : {}),
    ...(market ? { market_prices: market } : {}),
    ...(pro ? { pro } : {}),
  };
}

/**
 * What the owner's Gona Pro banner reads, as the subscription screen reads it (GET …/subscription):
 * the state, the grace's end while a renewal has failed, and the workers left inactive.
 */
async function proBanner(ctx: FarmCtx): Promise<NonNullable<Dashboard['pro']>> {
  const [row] = await rowsOf<{ state: string | null; grace_ends_at: string | null; inactive: number }>(
    ctx.db,
    sql`select s.state,
        case when s.state = 'past_due'
          then to_char(s.grace_ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end as grace_ends_at,
        (select count(*)::int from staff where farm_id = ${ctx.farmId} and status = 'inactive') as inactive
      from (select ${ctx.farmId}::uuid as farm_id) f
      left join farm_subscriptions s on s.farm_id = f.farm_id`,
  );
  return {
    state: row?.state ?? 'free',
    grace_ends_at: row?.grace_ends_at ?? null,
    inactive_workers: row?.inactive ?? 0,
  };
}

/** A week's total over its 7 days, to one decimal place. */
function averageOf(total: number): string {
  return String(Math.round((total / 7) * 10) / 10);
}

/** Open vaccinations and dewormings of the farm's animals due today or late, the latest first. */
async function careDue(ctx: FarmCtx, today: string): Promise<Dashboard['care']> {
  const rows = await rowsOf<{
    task_id: string;
    title: string;
    due_date: string;
    animal_id: string;
    name: string | null;
    tag: string | null;
    late: number;
    due: number;
  }>(
    ctx.db,
    sql`select t.id as task_id, t.title, t.due_date::text as due_date, l.id as animal_id, l.name, l.tag,
        count(*) filter (where t.due_date < ${today}) over ()::int as late,
        count(*) filter (where t.due_date = ${today}) over ()::int as due
      from tasks t join livestock l on l.id = t.livestock_id
      where t.farm_id = ${ctx.farmId} and t.status = 'open' and t.due_date <= ${today}
        and t.type in (${sql.join(
          CARE_TYPES.map((type) => sql`${type}`),
          sql`, `,
        )})
      order by t.due_date desc, t.id
      limit ${ITEMS_MAX}`,
  );
  return {
    late: rows[0]?.late ?? 0,
    due_today: rows[0]?.due ?? 0,
    items: rows.map(({ name, tag, task_id, title, due_date, animal_id }) => ({
      task_id,
      title,
      due_date,
      animal_id,
      animal_name: displayName({ name, tag }),
    })),
  };
}

/** The farm's marketplace orders waiting on it: paid ones to accept or decline, accepted ones to send. */
async function ordersToActOn(ctx: FarmCtx): Promise<NonNullable<Dashboard['orders']>> {
  const [row] = await rowsOf<{ to_accept: number; to_dispatch: number }>(
    ctx.db,
    sql`select count(*) filter (where status = 'paid')::int as to_accept,
        count(*) filter (where status = 'accepted')::int as to_dispatch
      from orders where farm_id = ${ctx.farmId} and status in ('paid', 'accepted')`,
  );
  return { to_accept: row?.to_accept ?? 0, to_dispatch: row?.to_dispatch ?? 0 };
}

/**
 * The farm's crops whose marketplace price moved this week, from the market-price alerts (medians a
 * kg in the farm's state, or all Nigeria's where the state has too few listings: `in_state`).
 */
async function marketPrices(ctx: FarmCtx, today: string): Promise<NonNullable<Dashboard['market_prices']>> {
  const [rows, names] = await Promise.all([
    rowsOf<{ product_key: string; values: Record<string, number> }>(
      ctx.db,
      sql`select product_key, "values" from climate_alerts
        where farm_id = ${ctx.farmId} and status = 'open' and rule = 'market_price' and "to" >= ${today}
          and product_key is not null
        order by "from" desc, product_key`,
    ),
    cropsByKey(ctx.db),
  ]);
  return rows.map(({ product_key, values }) => ({
    product_key,
    name: names.get(product_key)?.name ?? product_key,
    price_kobo: values.price_kobo ?? 0,
    was_kobo: values.was_kobo ?? 0,
    in_state: values.in_state === 1,
  }));
}

/** The rows of a raw statement (both drivers answer one with its rows). */
async function rowsOf<T>(db: FarmCtx['db'], statement: SQL): Promise<T[]> {
  const result: unknown = await db.execute(statement);
  return (result as { rows: T[] }).rows;
}
