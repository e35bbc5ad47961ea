import { sql } from 'drizzle-orm';
import { stageTimeline } from '@gona/shared/crops';
import { mortalityPercent } from '@gona/shared/livestock';
import {
  monthsOf,
  type ReportCrops,
  type ReportLivestock,
  type ReportProduction,
} from '@gona/shared/reports';
import { fromMilli, milliOf } from '@gona/shared/units';
import {
  crop_growth_stages,
  crop_harvests,
  crop_yield_predictions,
  crops,
  knowledge_crops,
  livestock,
  livestock_events,
  livestock_growth_logs,
  livestock_production,
  tasks,
} from '../../db/schema/index';
import { knowledgeMap } from '../crops/crops.service';
import { displayName } from '../livestock/livestock.service';
import { milliKg, percent, rowsOf, sumQuantities, type ReportInput } from './report-rows';

/** `and animal_id = …` / `and crop_id = …` for a scope that names one, else nothing. */
const onlyAnimal = (input: ReportInput, column: unknown) =>
  input.scope.kind === 'animal' ? sql`and ${column} = ${input.scope.id}` : sql``;
const onlyCrop = (input: ReportInput, column: unknown) =>
  input.scope.kind === 'crop' ? sql`and ${column} = ${input.scope.id}` : sql``;

/**
 * Eggs (and hen-day %), milk, fish and harvests in the period, by month. Hen-day % is the eggs
 * collected over the hens in each laying group at the end of each day its eggs were recorded
 * (the head count its events leave that day), so a day without a record neither counts nor drags.
 */
export async function productionSection(input: ReportInput): Promise<ReportProduction> {
  const { db, farmId, from, to } = input;
  const animals = input.scope.kind !== 'crop';
  const plantings = input.scope.kind !== 'animal';
  type Made = {
    month: string;
    eggs: number;
    cracked: number;
    milk: string;
    fish_kg: string;
    fish_count: number;
  };
  const [made, harvested, [henDays]] = await Promise.all([
    animals
      ? rowsOf<Made>(
          db,
          sql`select to_char(${livestock_production.date}, 'YYYY-MM') as month,
              coalesce(sum(${livestock_production.eggs_collected}), 0)::int as eggs,
              coalesce(sum(${livestock_production.eggs_cracked}), 0)::int as cracked,
              coalesce(sum(${livestock_production.milk_litres}), 0)::text as milk,
              coalesce(sum(${livestock_production.fish_kg}), 0)::text as fish_kg,
              coalesce(sum(${livestock_production.fish_count}), 0)::int as fish_count
            from ${livestock_production}
            where ${livestock_production.farm_id} = ${farmId}
              and ${livestock_production.date} between ${from} and ${to}
              ${onlyAnimal(input, livestock_production.animal_id)}
            group by 1`,
        )
      : [],
    plantings
      ? rowsOf<{ month: string; kg: string }>(
          db,
          sql`select to_char(${crop_harvests.date}, 'YYYY-MM') as month,
              coalesce(sum(${crop_harvests.kg}), 0)::text as kg
            from ${crop_harvests}
            where ${crop_harvests.farm_id} = ${farmId}
              and ${crop_harvests.date} between ${from} and ${to}
              ${onlyCrop(input, crop_harvests.crop_id)}
            group by 1`,
        )
      : [],
    animals
      ? rowsOf<{ eggs: number; hen_days: number }>(
          db,
          sql`select coalesce(sum(day.eggs), 0)::int as eggs, coalesce(sum(heads.count), 0)::int as hen_days
            from (
              select ${livestock_production.animal_id} as animal_id, ${livestock_production.date} as date,
                sum(${livestock_production.eggs_collected}) as eggs
              from ${livestock_production}
              where ${livestock_production.farm_id} = ${farmId}
                and ${livestock_production.date} between ${from} and ${to}
                and ${livestock_production.eggs_collected} is not null
                ${onlyAnimal(input, livestock_production.animal_id)}
              group by 1, 2
            ) day
            cross join lateral (
              select coalesce(sum(${livestock_events.change}), 0) as count
              from ${livestock_events}
              where ${livestock_events.farm_id} = ${farmId}
                and ${livestock_events.animal_id} = day.animal_id
                and ${livestock_events.date} <= day.date
            ) heads`,
        )
      : [{ eggs: 0, hen_days: 0 }],
  ]);
  const byMonth = monthsOf(input).map((month) => {
    const m = made.find((row) => row.month === month);
    return {
      month,
      eggs: m?.eggs ?? 0,
      milk_litres: sumQuantities([m?.milk]),
      fish_kg: sumQuantities([m?.fish_kg]),
      harvest_kg: sumQuantities([harvested.find((row) => row.month === month)?.kg]),
    };
  });
  return {
    eggs: byMonth.reduce((n, m) => n + m.eggs, 0),
    eggs_cracked: made.reduce((n, m) => n + m.cracked, 0),
    hen_day_percent: percent(henDays?.eggs ?? 0, henDays?.hen_days ?? 0),
    milk_litres: sumQuantities(byMonth.map((m) => m.milk_litres)),
    fish_kg: sumQuantities(byMonth.map((m) => m.fish_kg)),
    fish_count: made.reduce((n, m) => n + m.fish_count, 0),
    harvest_kg: sumQuantities(byMonth.map((m) => m.harvest_kg)),
    by_month: byMonth,
  };
}

type AnimalRow = {
  id: string;
  name: string | null;
  tag: string | null;
  species: string;
  heads_start: number;
  heads_end: number;
  births: number;
  bought: number;
  deaths: number;
  sold: number;
  sold_kobo: number;
};

/**
 * Each animal or group that had heads in the period: heads at its start and end (the sum of its
 * events before and through it), births, purchases, deaths and sales in it, feed given, and
 * vaccinations due in it. Mortality is the livestock screen's (deaths ÷ deaths and heads left).
 */
export async function livestockSection(input: ReportInput, money: boolean): Promise<ReportLivestock> {
  const { db, farmId, from, to, today } = input;
  const e = livestock_events;
  const between = sql`${e.date} between ${from} and ${to}`;
  const removed = (kind: string) =>
    sql`coalesce(-sum(${e.change}) filter (where ${e.kind} = ${kind} and ${between}), 0)::int`;
  const [animals, feed, weights, [care]] = await Promise.all([
    rowsOf<AnimalRow>(
      db,
      sql`select ${livestock.id} as id, ${livestock.name} as name, ${livestock.tag} as tag,
          ${livestock.species} as species,
          coalesce(sum(${e.change}) filter (where ${e.date} < ${from}), 0)::int as heads_start,
          coalesce(sum(${e.change}), 0)::int as heads_end,
          coalesce(sum(${e.change}) filter (where ${e.kind} = 'birth' and ${between}), 0)::int as births,
          coalesce(sum(${e.change}) filter (where ${e.kind} = 'purchase' and ${between}), 0)::int as bought,
          ${removed('mortality')} as deaths,
          ${removed('sale')} as sold,
          coalesce(sum(${e.price_kobo}) filter (where ${e.kind} = 'sale' and ${between}), 0)::int as sold_kobo
        from ${livestock}
        join ${e} on ${e.animal_id} = ${livestock.id} and ${e.date} <= ${to}
        where ${livestock.farm_id} = ${farmId} ${onlyAnimal(input, livestock.id)}
        group by ${livestock.id}
        having coalesce(sum(${e.change}) filter (where ${e.date} < ${from}), 0) > 0
          or count(*) filter (where ${between}) > 0
        order by 2 nulls last, 3 nulls last, 1`,
    ),
    rowsOf<{ animal_id: string; unit: string | null; quantity: string }>(
      db,
      sql`select ${livestock_production.animal_id} as animal_id, ${livestock_production.feed_unit} as unit,
          sum(${livestock_production.feed_quantity})::text as quantity
        from ${livestock_production}
        where ${livestock_production.farm_id} = ${farmId}
          and ${livestock_production.date} between ${from} and ${to}
          and ${livestock_production.feed_quantity} is not null
          ${onlyAnimal(input, livestock_production.animal_id)}
        group by 1, 2`,
    ),
    rowsOf<{ animal_id: string; first: string; last: string }>(
      db,
      sql`select ${livestock_growth_logs.animal_id} as animal_id,
          (array_agg(${livestock_growth_logs.weight_kg} order by ${livestock_growth_logs.date}, ${livestock_growth_logs.created_at}))[1]::text as first,
          (array_agg(${livestock_growth_logs.weight_kg} order by ${livestock_growth_logs.date} desc, ${livestock_growth_logs.created_at} desc))[1]::text as last
        from ${livestock_growth_logs}
        where ${livestock_growth_logs.farm_id} = ${farmId}
          and ${livestock_growth_logs.date} between ${from} and ${to}
          ${onlyAnimal(input, livestock_growth_logs.animal_id)}
        group by 1
        having count(distinct ${livestock_growth_logs.date}) > 1`,
    ),
    rowsOf<{ done: number; late: number; missed: number; upcoming: number }>(
      db,
      sql`select
          count(*) filter (where ${tasks.status} = 'done'
            and (${tasks.completed_at} at time zone ${input.timeZone})::date <= ${tasks.due_date})::int as done,
          count(*) filter (where ${tasks.status} = 'done'
            and (${tasks.completed_at} at time zone ${input.timeZone})::date > ${tasks.due_date})::int as late,
          count(*) filter (where ${tasks.status} = 'skipped'
            or (${tasks.status} = 'open' and ${tasks.due_date} < ${today}))::int as missed,
          count(*) filter (where ${tasks.status} = 'open' and ${tasks.due_date} >= ${today})::int as upcoming
        from ${tasks}
        where ${tasks.farm_id} = ${farmId} and ${tasks.type} = 'vaccination'
          and ${tasks.due_date} between ${from} and ${to}
          ${onlyAnimal(input, tasks.livestock_id)}`,
    ),
  ]);
  const feedKg = new Map<string, number>();
  for (const row of feed) {
    const kg = milliKg(row.quantity, row.unit);
    if (kg !== null) feedKg.set(row.animal_id, (feedKg.get(row.animal_id) ?? 0) + kg);
  }
  const rows = animals.map((a) => {
    const fed = feedKg.get(a.id) ?? 0;
    const weighed = weights.find((w) => w.animal_id === a.id);
    // kg gained by the group: the average gain of those weighed, for every head left.
    const gained = weighed ? ((milliOf(weighed.last) - milliOf(weighed.first)) * a.heads_end) / 1000 : 0;
    return {
      id: a.id,
      name: a.name || a.tag ? displayName(a) : a.species,
      species: a.species,
      heads_start: a.heads_start,
      heads_end: a.heads_end,
      births: a.births,
      bought: a.bought,
      deaths: a.deaths,
      sold: a.sold,
      mortality_percent: mortalityPercent(a.deaths, a.heads_end),
      feed_kg: fromMilli(fed),
      feed_conversion: gained > 0 && fed > 0 ? Math.round((fed / 1000 / gained) * 100) / 100 : null,
      ...(money ? { sold_kobo: a.sold_kobo } : {}),
    };
  });
  const total = (key: 'heads_start' | 'heads_end' | 'births' | 'bought' | 'deaths' | 'sold') =>
    rows.reduce((n, r) => n + r[key], 0);
  return {
    heads_start: total('heads_start'),
    heads_end: total('heads_end'),
    births: total('births'),
    bought: total('bought'),
    deaths: total('deaths'),
    sold: total('sold'),
    mortality_percent: mortalityPercent(total('deaths'), total('heads_end')),
    feed_kg: sumQuantities(rows.map((r) => r.feed_kg)),
    animals: rows,
    vaccinations: care ?? { done: 0, late: 0, missed: 0, upcoming: 0 },
  };
}

type PlantingRow = {
  id: string;
  crop_key: string;
  name: string;
  area: string;
  planting_date: string;
  expected_harvest: string;
  planted_in: boolean;
  harvest_kg: string | null;
  predicted: number | null;
};

/**
 * Plantings of the period: area planted per crop (planted in it), what was harvested in it per
 * hectare of the plantings harvested, the latest prediction for those, and the growth stages
 * expected in it, on time or late, as the planting's own timeline (stageTimeline) reads them.
 */
export async function cropsSection(input: ReportInput): Promise<ReportCrops> {
  const { db, farmId, from, to, today } = input;
  const harvested = sql`(select sum(${crop_harvests.kg}) from ${crop_harvests}
    where ${crop_harvests.crop_id} = ${crops.id} and ${crop_harvests.date} between ${from} and ${to})`;
  const [plantings, knowledge] = await Promise.all([
    rowsOf<PlantingRow>(
      db,
      sql`select ${crops.id} as id, ${crops.crop_key} as crop_key,
          coalesce(${knowledge_crops.name}, ${crops.crop_key}) as name,
          ${crops.area_planted}::text as area, ${crops.planting_date}::text as planting_date,
          ${crops.expected_harvest}::text as expected_harvest,
          ${crops.planting_date} between ${from} and ${to} as planted_in,
          ${harvested}::text as harvest_kg,
          (select ${crop_yield_predictions.predicted_yield} from ${crop_yield_predictions}
            where ${crop_yield_predictions.crop_id} = ${crops.id} and ${crop_yield_predictions.prediction_date} <= ${to}
            order by ${crop_yield_predictions.prediction_date} desc, ${crop_yield_predictions.created_at} desc
            limit 1) as predicted
        from ${crops}
        left join ${knowledge_crops} on ${knowledge_crops.key} = ${crops.crop_key}
        where ${crops.farm_id} = ${farmId} and ${crops.planting_date} <= ${to}
          and (${crops.expected_harvest} >= ${from} or ${harvested} is not null)
          ${onlyCrop(input, crops.id)}
        order by 3, ${crops.planting_date}`,
    ),
    knowledgeMap(db),
  ]);
  const recorded =
    plantings.length === 0
      ? []
      : await rowsOf<{ crop_id: string; stage_key: string; start_date: string }>(
          db,
          sql`select ${crop_growth_stages.crop_id} as crop_id, ${crop_growth_stages.stage_key} as stage_key,
              ${crop_growth_stages.start_date}::text as start_date
            from ${crop_growth_stages}
            where ${crop_growth_stages.farm_id} = ${farmId}
              and ${crop_growth_stages.crop_id} in (${sql.join(
                plantings.map((p) => sql`${p.id}`),
                sql`, `,
              )})`,
        );
  const firstHarvests =
    plantings.length === 0
      ? []
      : await rowsOf<{ crop_id: string; first: string }>(
          db,
          sql`select ${crop_harvests.crop_id} as crop_id, min(${crop_harvests.date})::text as first
            from ${crop_harvests}
            where ${crop_harvests.farm_id} = ${farmId}
              and ${crop_harvests.crop_id} in (${sql.join(
                plantings.map((p) => sql`${p.id}`),
                sql`, `,
              )})
            group by 1`,
        );

  const stages = { on_time: 0, late: 0, not_recorded: 0 };
  for (const p of plantings) {
    const timeline = stageTimeline({
      stages: knowledge.get(p.crop_key)?.stages ?? [],
      plantingDate: p.planting_date,
      expectedHarvest: p.expected_harvest,
      recorded: recorded.filter((r) => r.crop_id === p.id),
      firstHarvest: firstHarvests.find((h) => h.crop_id === p.id)?.first ?? null,
      harvestName: 'Harvest',
      today,
    });
    for (const stage of timeline) {
      if (stage.expected_date < from || stage.expected_date > to) continue;
      if (stage.timing === 'late') stages.late += 1;
      else if (stage.timing === 'on_time' || stage.timing === 'early') stages.on_time += 1;
      else if (stage.timing === 'not_recorded') stages.not_recorded += 1;
    }
  }

  const byCrop = new Map<string, PlantingRow[]>();
  for (const p of plantings) byCrop.set(p.crop_key, [...(byCrop.get(p.crop_key) ?? []), p]);
  const rows = [...byCrop.entries()].map(([cropKey, group]) => {
    const planted = group.filter((p) => p.planted_in);
    const cropped = group.filter((p) => p.harvest_kg !== null);
    const harvestKg = sumQuantities(cropped.map((p) => p.harvest_kg));
    const harvestedArea = sumQuantities(cropped.map((p) => p.area));
    const predictions = cropped.filter((p) => p.predicted !== null);
    return {
      crop_key: cropKey,
      name: group[0]!.name,
      plantings: planted.length,
      area_ha: sumQuantities(planted.map((p) => p.area)),
      harvest_kg: harvestKg,
      harvested_area_ha: harvestedArea,
      yield_kg_per_ha:
        milliOf(harvestedArea) > 0
          ? Math.round((milliOf(harvestKg) / milliOf(harvestedArea)) * 10) / 10
          : null,
      predicted_kg:
        predictions.length === 0
          ? null
          : Math.round(predictions.reduce((n, p) => n + Number(p.predicted) * 1000, 0)),
    };
  });
  return { crops: rows, stages };
}
