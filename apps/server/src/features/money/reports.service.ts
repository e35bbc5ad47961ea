import { and, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  EGGS_PER_CRATE,
  OWED_EXPENSES_SHOWN,
  type Cash,
  type EnterpriseResult,
  type ExpenseCategory,
  type Owed,
  type PeriodQuery,
  type Profit,
} from '@gona/shared/finance';
import { fromMilli, koboPerUnit, milliOf, quantityFromNumber, toMilli } from '@gona/shared/units';
import {
  crop_harvests,
  expense_allocations,
  expenses,
  livestock_production,
  money_month_totals,
  pay_run_lines,
  pay_runs,
  sale_payments,
  sales,
  suppliers,
} from '../../db/schema/index';
import type { FarmCtx } from '../../lib/ctx';
import { enterpriseNames, type EnterpriseRef } from './enterprises';

type Produced = NonNullable<EnterpriseResult['produced']>;
const keyOf = (ref: EnterpriseRef) => ref.crop_id ?? ref.animal_id ?? 'farm';
const whole = (value: string | number | null) => Number(value ?? 0);
/** Milli-units of a summed numeric(14,3) (text, or a number from the embedded database); 0 for none. */
const milliOfSum = (value: string | number | null): number =>
  value === null ? 0 : (toMilli(typeof value === 'number' ? (quantityFromNumber(value) ?? '') : value) ?? 0);

/**
 * Profit and loss for a period, for each enterprise that had money in it (a planting, an animal or
 * group, the whole farm): income, costs by category, gross margin, and the cost of each unit it
 * produced where its records say how much (kg harvested, crates of eggs, kg of fish, litres of milk,
 * or, without those, what it sold by the kg). Every sum is the database's: whole months from the
 * monthly sums it keeps, the rest over the indexes built for it. What was produced is read only for the enterprises that had money in the period, beside
 * their names: a farm's records of flocks and plantings without money would otherwise all be summed.
 */
export async function profitAndLoss(ctx: FarmCtx, period: PeriodQuery): Promise<Profit> {
  const sums = await periodSums(ctx, period);
  const costRows = sums.filter((row) => row.kind === 'cost');
  const incomeRows = sums.filter((row) => row.kind === 'income');

  const results = new Map<string, EnterpriseRef & { income: number; costs: Map<ExpenseCategory, number> }>();
  const entry = (ref: EnterpriseRef) => {
    const key = keyOf(ref);
    let found = results.get(key);
    if (!found) {
      found = { crop_id: ref.crop_id, animal_id: ref.animal_id, income: 0, costs: new Map() };
      results.set(key, found);
    }
    return found;
  };
  for (const row of costRows) {
    const costs = entry(row).costs;
    const category = row.category as ExpenseCategory;
    costs.set(category, (costs.get(category) ?? 0) + whole(row.total));
  }
  for (const row of incomeRows) entry(row).income += whole(row.total);

  const refs = [...results.values()];
  const cropIds = refs.flatMap((r) => (r.crop_id ? [r.crop_id] : []));
  const animalIds = refs.flatMap((r) => (r.animal_id ? [r.animal_id] : []));
  const [names, harvestRows, productionRows] = await Promise.all([
    enterpriseNames(ctx.db, ctx.farmId, refs),
    cropIds.length === 0
      ? []
      : ctx.db
          .select({ crop_id: crop_harvests.crop_id, kg: sql<string | null>`sum(${crop_harvests.kg})` })
          .from(crop_harvests)
          .where(and(inPeriod(crop_harvests, ctx.farmId, period), inArray(crop_harvests.crop_id, cropIds)))
          .groupBy(crop_harvests.crop_id),
    animalIds.length === 0
      ? []
      : ctx.db
          .select({
            animal_id: livestock_production.animal_id,
            eggs: sql<string | null>`sum(${livestock_production.eggs_collected})`,
            fish_kg: sql<string | null>`sum(${livestock_production.fish_kg})`,
            milk: sql<string | null>`sum(${livestock_production.milk_litres})`,
          })
          .from(livestock_production)
          .where(
            and(
              inPeriod(livestock_production, ctx.farmId, period),
              inArray(livestock_production.animal_id, animalIds),
            ),
          )
          .groupBy(livestock_production.animal_id),
  ]);

  const produced = new Map<string, Produced>();
  const madeOf = (value: string | number | null, unit: Produced['unit']): Produced | null => {
    const milli = milliOfSum(value);
    return milli > 0 ? { quantity: fromMilli(milli), unit } : null;
  };
  for (const row of incomeRows) {
    const made = madeOf(row.kg, 'kg');
    if (made) produced.set(keyOf(row), made);
  }
  for (const row of harvestRows) {
    const made = madeOf(row.kg, 'kg');
    if (made) produced.set(row.crop_id, made);
  }
  for (const row of productionRows) {
    const eggs = whole(row.eggs);
    const made: Produced | null =
      eggs > 0
        ? // Crates of 30 to the hundredth, half up: eggs × 100 ÷ 30 hundredths.
          {
            quantity: fromMilli(Math.floor((eggs * 100 * 2 + EGGS_PER_CRATE) / (2 * EGGS_PER_CRATE)) * 10),
            unit: 'crate',
          }
        : (madeOf(row.fish_kg, 'kg') ?? madeOf(row.milk, 'litre'));
    if (made) produced.set(row.animal_id, made);
  }

  const enterprises: EnterpriseResult[] = refs.map((r) => {
    const costs = [...r.costs.values()].reduce((a, b) => a + b, 0);
    const made = produced.get(keyOf(r)) ?? null;
    const name = names.get(r.crop_id ?? r.animal_id ?? '');
    return {
      kind: r.crop_id ? 'crop' : r.animal_id ? 'animal' : 'farm',
      id: r.crop_id ?? r.animal_id,
      name: name?.name ?? null,
      started: name?.started ?? null,
      income_kobo: r.income,
      costs_kobo: costs,
      costs_by_category: [...r.costs.entries()]
        .map(([category, total_kobo]) => ({ category, total_kobo }))
        .sort((a, b) => b.total_kobo - a.total_kobo),
      margin_kobo: r.income - costs,
      produced: made,
      cost_per_unit_kobo: made && costs >= 0 ? koboPerUnit(costs, milliOf(made.quantity)) : null,
    };
  });
  // The enterprises by margin, best first; the whole farm's own costs last.
  enterprises.sort((a, b) =>
    a.kind === 'farm' ? 1 : b.kind === 'farm' ? -1 : b.margin_kobo - a.margin_kobo,
  );
  const income = enterprises.reduce((n, e) => n + e.income_kobo, 0);
  const costs = enterprises.reduce((n, e) => n + e.costs_kobo, 0);
  return { ...period, enterprises, income_kobo: income, costs_kobo: costs, margin_kobo: income - costs };
}

type PeriodSum = EnterpriseRef & {
  kind: 'cost' | 'income';
  category: string | null;
  total: string | number;
  kg: string | number | null;
};

/**
 * Costs by enterprise and category and income and kg sold by enterprise over a period: the whole
 * months inside it from money_month_totals (kept by the database as the rows change), the days of
 * a month it covers only in part (this month so far, the first month of a year back) from the rows
 * themselves, all summed in one statement. The same sums as over the rows alone, for a fraction of
 * the reading.
 */
async function periodSums(ctx: FarmCtx, period: PeriodQuery): Promise<PeriodSum[]> {
  const { months, days } = splitByMonth(period);
  const parts = [];
  if (months)
    parts.push(sql`select ${money_month_totals.kind} as kind, ${money_month_totals.crop_id} as crop_id,
        ${money_month_totals.animal_id} as animal_id, ${money_month_totals.category} as category,
        ${money_month_totals.amount_kobo} as amount, ${money_month_totals.sold_kg} as kg
      from ${money_month_totals}
      where ${money_month_totals.farm_id} = ${ctx.farmId}
        and ${money_month_totals.month} >= ${months.from} and ${money_month_totals.month} <= ${months.to}`);
  for (const part of days)
    parts.push(
      sql`select 'cost' as kind, ${expense_allocations.crop_id} as crop_id,
          ${expense_allocations.animal_id} as animal_id, ${expense_allocations.category} as category,
          ${expense_allocations.amount_kobo} as amount, null::numeric as kg
        from ${expense_allocations} where ${inPeriod(expense_allocations, ctx.farmId, part)}`,
      sql`select 'income' as kind, ${sales.crop_id} as crop_id, ${sales.animal_id} as animal_id,
          null as category, ${sales.amount_kobo} as amount,
          case when ${sales.unit} = 'kg' then ${sales.quantity} end as kg
        from ${sales} where ${inPeriod(sales, ctx.farmId, part)}`,
    );
  const result = await ctx.db.execute(sql`select kind, crop_id, animal_id, category,
      sum(amount) as total, sum(kg) as kg
    from (${sql.join(parts, sql` union all `)}) money
    group by kind, crop_id, animal_id, category`);
  // Both drivers answer a raw statement with its rows.
  return (result as { rows: PeriodSum[] }).rows;
}

/**
 * A period as the whole months inside it (first days of the first and last, or null if none) and
 * the one or two stretches of days outside them.
 */
function splitByMonth({ from, to }: PeriodQuery): { months: PeriodQuery | null; days: PeriodQuery[] } {
  const firstWhole = from.endsWith('-01') ? from : monthStart(addMonths(from, 1));
  const lastWhole =
    monthStart(addMonths(to, 1)) === addDays(to, 1) ? monthStart(to) : monthStart(addMonths(to, -1));
  if (firstWhole > lastWhole) return { months: null, days: [{ from, to }] };
  const days: PeriodQuery[] = [];
  if (from < firstWhole) days.push({ from, to: addDays(firstWhole, -1) });
  const afterWhole = monthStart(addMonths(lastWhole, 1));
  if (afterWhole <= to) days.push({ from: afterWhole, to });
  return { months: { from: firstWhole, to: lastWhole }, days };
}

const monthStart = (day: string) => `${day.slice(0, 7)}-01`;

/** The first day of the month `count` months from `day`'s. */
function addMonths(day: string, count: number): string {
  const date = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1 + count, 1));
  return date.toISOString().slice(0, 10);
}

function addDays(day: string, count: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + count);
  return date.toISOString().slice(0, 10);
}

/**
 * Money in (payments received) and out (expenses, on the day they were paid: one bought on credit
 * counts when it is paid, not before) by month over a period, and what buyers owe now. Profit and
 * loss counts an expense on its own day instead.
 */
export async function cashByMonth(ctx: FarmCtx, period: PeriodQuery): Promise<Cash> {
  const { from, to } = period;
  // Summed by day, in the order of the index, and by month here: a month of each row (to_char)
  // costs the database more than the sums themselves.
  const [inRows, outRows, [owed]] = await Promise.all([
    ctx.db
      .select({ day: sale_payments.date, total: sql<string>`sum(${sale_payments.amount_kobo})` })
      .from(sale_payments)
      .where(inPeriod(sale_payments, ctx.farmId, period))
      .groupBy(sale_payments.date),
    ctx.db
      .select({ day: expenses.paid_on, total: sql<string>`sum(${expenses.amount_kobo})` })
      .from(expenses)
      .where(and(eq(expenses.farm_id, ctx.farmId), gte(expenses.paid_on, from), lte(expenses.paid_on, to)))
      .groupBy(expenses.paid_on),
    ctx.db
      .select({ total: sql<string | null>`sum(${sales.amount_kobo} - ${sales.paid_kobo})` })
      .from(sales)
      .where(and(eq(sales.farm_id, ctx.farmId), sql`${sales.paid_kobo} < ${sales.amount_kobo}`)),
  ]);
  const byMonth = (rows: readonly { day: string | null; total: string }[]) => {
    const totals = new Map<string, number>();
    for (const row of rows) {
      const month = (row.day ?? '').slice(0, 7);
      totals.set(month, (totals.get(month) ?? 0) + whole(row.total));
    }
    return totals;
  };
  const moneyIn = byMonth(inRows);
  const moneyOut = byMonth(outRows);
  const months: Cash['months'] = monthsBetween(from, to).map((m) => ({
    month: m,
    in_kobo: moneyIn.get(m) ?? 0,
    out_kobo: moneyOut.get(m) ?? 0,
  }));
  return { months, owed_to_farm_kobo: whole(owed?.total ?? 0) };
}

/**
 * Who owes the farm (unpaid balances by buyer, largest first), and what the farm owes: expenses not
 * paid yet by whom they are owed to, largest first, and wages in pay runs not paid yet.
 */
export async function moneyOwed(ctx: FarmCtx): Promise<Owed> {
  const [rows, owedByFarm] = await Promise.all([buyersOwing(ctx), farmOwes(ctx)]);
  const buyers = rows.map((r) => ({
    buyer_name: r.buyer_name,
    buyer_phone: r.buyer_phone,
    owed_kobo: whole(r.owed),
    sales: r.count,
    due_date: r.due_date,
  }));
  return { buyers, total_kobo: buyers.reduce((n, b) => n + b.owed_kobo, 0), ...owedByFarm };
}

function buyersOwing(ctx: FarmCtx) {
  return ctx.db
    .select({
      buyer_name: sales.buyer_name,
      buyer_phone: sales.buyer_phone,
      owed: sql<string>`sum(${sales.amount_kobo} - ${sales.paid_kobo})`,
      count: sql<number>`count(*)::int`,
      due_date: sql<string | null>`min(${sales.due_date})`,
    })
    .from(sales)
    .where(and(eq(sales.farm_id, ctx.farmId), sql`${sales.paid_kobo} < ${sales.amount_kobo}`))
    .groupBy(sales.buyer_name, sales.buyer_phone)
    .orderBy(sql`3 desc`);
}

type OwedByFarm = Pick<Owed, 'creditors' | 'wages_kobo' | 'wage_runs' | 'owed_by_farm_kobo'>;

/**
 * Expenses not paid yet, grouped by who is owed (the supplier's name, else the name typed in, in
 * any letters), each group with its first OWED_EXPENSES_SHOWN expenses by due date; and the wages of
 * draft pay runs, read from the pay run tables as they stand.
 */
async function farmOwes(ctx: FarmCtx): Promise<OwedByFarm> {
  const name = sql<string | null>`coalesce(${suppliers.name}, ${expenses.paid_to})`;
  const key = sql<string | null>`lower(${name})`;
  const unpaid = and(eq(expenses.farm_id, ctx.farmId), isNull(expenses.paid_on));
  const ranked = ctx.db
    .select({
      id: expenses.id,
      key: key.as('key'),
      date: expenses.date,
      category: expenses.category,
      description: expenses.description,
      amount_kobo: expenses.amount_kobo,
      payment_method: expenses.payment_method,
      due_date: expenses.due_date,
      version: expenses.version,
      rank: sql<number>`(row_number() over (partition by ${key} order by ${expenses.due_date} asc nulls last, ${expenses.date}, ${expenses.id}))::int`.as(
        'rank',
      ),
    })
    .from(expenses)
    .leftJoin(suppliers, eq(suppliers.id, expenses.supplier_id))
    .where(unpaid)
    .as('ranked');
  const [groups, items, [wages]] = await Promise.all([
    ctx.db
      .select({
        key,
        // The supplier's own spelling first, else the latest typed in.
        name: sql<
          string | null
        >`(array_agg(${name} order by ${suppliers.name} is null, ${expenses.date} desc))[1]`,
        owed: sql<string>`sum(${expenses.amount_kobo})`,
        count: sql<number>`count(*)::int`,
        due_date: sql<string | null>`min(${expenses.due_date})`,
      })
      .from(expenses)
      .leftJoin(suppliers, eq(suppliers.id, expenses.supplier_id))
      .where(unpaid)
      .groupBy(key)
      .orderBy(sql`3 desc`, sql`1`),
    ctx.db.select().from(ranked).where(lte(ranked.rank, OWED_EXPENSES_SHOWN)).orderBy(ranked.rank),
    ctx.db
      .select({
        total: sql<string | null>`sum(${pay_run_lines.amount_kobo})`,
        runs: sql<number>`count(distinct ${pay_runs.id})::int`,
      })
      .from(pay_run_lines)
      .innerJoin(pay_runs, eq(pay_runs.id, pay_run_lines.pay_run_id))
      .where(and(eq(pay_runs.farm_id, ctx.farmId), eq(pay_runs.status, 'draft'))),
  ]);
  const creditors = groups.map((g) => ({
    name: g.name,
    owed_kobo: whole(g.owed),
    expenses: g.count,
    due_date: g.due_date,
    unpaid: items.filter((i) => i.key === g.key).map(({ key: _key, rank: _rank, ...item }) => item),
  }));
  const wagesKobo = whole(wages?.total ?? 0);
  return {
    creditors,
    wages_kobo: wagesKobo,
    wage_runs: wages?.runs ?? 0,
    owed_by_farm_kobo: creditors.reduce((n, c) => n + c.owed_kobo, wagesKobo),
  };
}

/** A farm's rows whose day falls in the period, both ends included. */
function inPeriod(
  table: { farm_id: AnyPgColumn; date: AnyPgColumn },
  farmId: string,
  { from, to }: PeriodQuery,
) {
  return and(eq(table.farm_id, farmId), gte(table.date, from), lte(table.date, to));
}

/** yyyy-mm of every month from `from`'s to `to`'s. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    months.push(key);
    if (key >= last) return months;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}
