import { and, eq, sql } from 'drizzle-orm';
import type { Cash, ExpenseCategory, Owed, Profit } from '@gona/shared/finance';
import type { Report, ReportMoney, ReportProduction, ReportQuery } from '@gona/shared/reports';
import { crops, farms, knowledge_crops, livestock } from '../../db/schema/index';
import type { FarmCtx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { dateIn, farmTimeZone } from '../../lib/farm-time';
import { readsMoney } from '../../lib/visible-fields';
import { cashJson, owedJson, profitJson } from '../money/kept-reports.service';
import { cropsSection, livestockSection, productionSection } from './report-records';
import type { ReportInput } from './report-rows';
import { inventorySection, marketplaceSection, workSection } from './report-work';

const NOT_ON_FARM =
  'That planting or animal is not on this farm any more. Choose another, or the whole farm.';

/**
 * A farm's period on one answer: money, production, livestock, crops, stock, work and the
 * marketplace, for the whole farm or one planting or animal. The days are the farm's (its time
 * zone), both ends included. Money is the money screen's own answer for the same days (the same
 * kept report, decision 049); those who do not read money get no money section, no marketplace,
 * and no money field in the others (decision 053, through `readsMoney`).
 */
export async function farmReport(ctx: FarmCtx, query: ReportQuery, now: Date): Promise<Report> {
  const [kind, scopeId = null] = (query.scope ?? 'farm').toLowerCase().split(':') as [
    'farm' | 'crop' | 'animal',
    string?,
  ];
  const [[farm], timeZone, scopeName] = await Promise.all([
    ctx.db
      .select({
        name: farms.name,
        location: farms.location,
        state: farms.state,
        size: farms.size,
        size_unit: farms.size_unit,
      })
      .from(farms)
      .where(eq(farms.id, ctx.farmId)),
    farmTimeZone(ctx.db, ctx.farmId),
    scopeId ? enterpriseName(ctx, kind, scopeId) : null,
  ]);
  if (!farm) throw new AppError('NOT_FOUND');
  if (scopeId && scopeName === null) throw new AppError('NOT_FOUND', NOT_ON_FARM);
  const scope = { kind, id: scopeId };
  const input: ReportInput = {
    db: ctx.db,
    farmId: ctx.farmId,
    from: query.from,
    to: query.to,
    timeZone,
    today: dateIn(timeZone, now),
    scope,
  };
  const money = readsMoney(ctx.role);
  const whole = scope.kind === 'farm';

  const [moneySection, production, livestock, crops, inventory, work, marketplace] = await Promise.all([
    money ? moneyOf(ctx, input) : undefined,
    productionSection(input),
    scope.kind === 'crop' ? null : livestockSection(input, money),
    scope.kind === 'animal' ? null : cropsSection(input),
    whole ? inventorySection(input, money) : null,
    workSection(input, money),
    money ? (whole ? marketplaceSection(input) : null) : undefined,
  ]);
  return {
    from: query.from,
    to: query.to,
    time_zone: timeZone,
    scope: { ...scope, name: scopeName ?? farm.name },
    farm,
    ...(moneySection === undefined ? {} : { money: moneySection }),
    production,
    livestock,
    crops,
    inventory,
    work,
    ...(marketplace === undefined ? {} : { marketplace }),
  };
}

/**
 * The money section from the money screen's own reports (profit and loss, cash by month, money
 * owed), read through the same kept answers: the figures are the screen's, not a second sum.
 */
async function moneyOf(ctx: FarmCtx, input: ReportInput): Promise<ReportMoney> {
  const period = { from: input.from, to: input.to };
  const whole = input.scope.kind === 'farm';
  const [profit, cash, owed] = await Promise.all([
    profitJson(ctx, period).then((json) => JSON.parse(json) as Profit),
    whole ? cashJson(ctx, period).then((json) => JSON.parse(json) as Cash) : null,
    whole ? owedJson(ctx).then((json) => JSON.parse(json) as Owed) : null,
  ]);
  const enterprises = whole
    ? profit.enterprises
    : profit.enterprises.filter((e) => e.kind === input.scope.kind && e.id === input.scope.id);
  const byCategory = new Map<ExpenseCategory, number>();
  for (const e of enterprises)
    for (const c of e.costs_by_category)
      byCategory.set(c.category, (byCategory.get(c.category) ?? 0) + c.total_kobo);
  const income = enterprises.reduce((n, e) => n + e.income_kobo, 0);
  const costs = enterprises.reduce((n, e) => n + e.costs_kobo, 0);
  return {
    income_kobo: income,
    costs_kobo: costs,
    margin_kobo: income - costs,
    costs_by_category: [...byCategory.entries()]
      .map(([category, total_kobo]) => ({ category, total_kobo }))
      .sort((a, b) => b.total_kobo - a.total_kobo),
    enterprises: enterprises.map(({ kind, id, name, income_kobo, costs_kobo, margin_kobo }) => ({
      kind,
      id,
      name,
      income_kobo,
      costs_kobo,
      margin_kobo,
    })),
    cash: cash ? cash.months : null,
    owed: owed ? { to_farm_kobo: owed.total_kobo, by_farm_kobo: owed.owed_by_farm_kobo } : null,
  };
}

/** A planting's or an animal's name as the money screen shows it (its crop; its name, tag or species), or null when it is not the farm's. */
export async function enterpriseName(
  ctx: FarmCtx,
  kind: 'farm' | 'crop' | 'animal',
  id: string,
): Promise<string | null> {
  if (kind === 'crop') {
    const [row] = await ctx.db
      .select({ name: sql<string>`coalesce(${knowledge_crops.name}, ${crops.crop_key})` })
      .from(crops)
      .leftJoin(knowledge_crops, eq(knowledge_crops.key, crops.crop_key))
      .where(and(eq(crops.farm_id, ctx.farmId), eq(crops.id, id)));
    return row?.name ?? null;
  }
  const [row] = await ctx.db
    .select({ name: sql<string>`coalesce(${livestock.name}, ${livestock.tag}, ${livestock.species})` })
    .from(livestock)
    .where(and(eq(livestock.farm_id, ctx.farmId), eq(livestock.id, id)));
  return row?.name ?? null;
}

/**
 * The farm's eggs, milk, fish and harvests from `from` to `to` (its days, both included), counted as
 * the report counts them: the dashboard's today against the week before.
 */
export function farmProduction(
  ctx: FarmCtx,
  period: { from: string; to: string; timeZone: string; today: string },
): Promise<ReportProduction> {
  return productionSection({ db: ctx.db, farmId: ctx.farmId, ...period, scope: { kind: 'farm', id: null } });
}
