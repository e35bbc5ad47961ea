import { and, eq } from 'drizzle-orm';
import type { AssistantAboutKind, FactCard } from '@gona/shared/assistant';
import type { AgroZone, Crop } from '@gona/shared/crops';
import type { Livestock, LivestockSpecies } from '@gona/shared/livestock';
import { formatNaira } from '@gona/shared/money';
import { CLIMATE_ALERT_NAMES } from '@gona/shared/notifications';
import { UNIT_WORDS, type Unit } from '@gona/shared/units';
import type { Config } from '../../config';
import { climate_alerts, inventory_alerts, supplies } from '../../db/schema/index';
import { readsMoney } from '../../lib/visible-fields';
import type { FarmCtx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { farmClimate } from '../climate/climate.service';
import { listFarmCrops, readCrop } from '../crops/crops.service';
import { getFarm } from '../farms/farms.service';
import { listSupplies, readSupply } from '../inventory/supplies.service';
import { cropsByKey, zoneOfState } from '../knowledge/knowledge.service';
import { listLivestock, livestockSummary, readLivestock } from '../livestock/livestock.service';
import { profitAndLoss } from '../money/reports.service';

/**
 * What the assistant knows of the farm when it answers: read through the features' services, and
 * limited by the asker's role: a person who may not see money (a worker) gets no prices, costs or
 * sales anywhere in it, so neither the answer nor a language model's prompt can hold them.
 */
export type FarmContext = {
  farm: {
    name: string;
    state: string | null;
    lga: string | null;
    zone: AgroZone | null;
    zone_name: string | null;
    /** Today on the farm's clock. */
    today: string;
  };
  /** The asker may see money (prices, costs, sales). */
  money: boolean;
  /** The record the question is about ("Ask about this"), first in everything the model reads. */
  about: AboutRecord | null;
  crops: ContextCrop[];
  animals: {
    head_count: number;
    by_species: { species: LivestockSpecies; name: string; head_count: number }[];
    records: ContextAnimal[];
    upcoming_vaccinations: { title: string; due_date: string; animal: string }[];
  };
  low_stock: ContextSupply[];
  alerts: ContextAlert[];
  forecast: { status: string; days: ForecastDay[] };
  /** This month so far, only for those who may see money. */
  month_money: { from: string; to: string; income: string; costs: string; margin: string } | null;
};

export type ContextCrop = {
  id: string;
  crop_key: string;
  name: string;
  field: string | null;
  variety: string | null;
  status: Crop['status'];
  area_ha: string;
  planting_date: string;
  expected_harvest: string;
  stage: string | null;
};

export type ContextAnimal = {
  id: string;
  name: string;
  species: LivestockSpecies;
  kind: Livestock['kind'];
  head_count: number;
  date_of_birth: string | null;
};

export type ContextSupply = {
  id: string;
  name: string;
  quantity: string;
  unit: string;
  low_threshold: string;
  /** Only for those who may see money. */
  unit_cost: string | null;
};

export type ContextAlert = {
  id: string;
  title: string;
  severity: string;
  from: string;
  to: string;
  about: string | null;
  values: Record<string, number>;
};

type ForecastDay = {
  date: string;
  tmin_c: number | null;
  tmax_c: number | null;
  rain_mm: number | null;
  rain_chance_percent: number | null;
};

/** The record asked about: a card for the answer, and what retrieval should look for. */
export type AboutRecord = {
  kind: AssistantAboutKind;
  id: string;
  card: FactCard;
  crop_key?: string;
  species?: LivestockSpecies;
  /** Words added to the search (an alert's name, a supply's name). */
  search?: string;
};

export const ZONE_NAMES: Record<AgroZone, string> = {
  sahel: 'Sahel savanna',
  sudan_savanna: 'Sudan savanna',
  northern_guinea_savanna: 'Northern Guinea savanna',
  southern_guinea_savanna: 'Southern Guinea savanna',
  derived_savanna: 'Derived savanna',
  rainforest: 'Rainforest',
};

export const SPECIES_NAMES: Record<LivestockSpecies, string> = {
  chicken_broiler: 'Broilers',
  chicken_layer: 'Layers',
  chicken_noiler: 'Noilers',
  chicken_cockerel: 'Cockerels',
  turkey: 'Turkeys',
  duck: 'Ducks',
  guinea_fowl: 'Guinea fowl',
  rabbit: 'Rabbits',
  catfish: 'Catfish',
  tilapia: 'Tilapia',
  cattle: 'Cattle',
  goat: 'Goats',
  sheep: 'Sheep',
  pig: 'Pigs',
  other: 'Other animals',
};

const GROWING: readonly Crop['status'][] = ['planned', 'planted', 'growing'];
const LIST_MAX = 50;

/** The farm's context for one question, by the asker's role; `about` first (404 when not this farm's). */
export async function loadFarmContext(
  ctx: FarmCtx,
  weather: Config['weather'],
  about?: { kind: AssistantAboutKind; id: string },
): Promise<FarmContext> {
  const money = readsMoney(ctx.role);
  // The record asked about is read first: another farm's id stops here, before anything else.
  const aboutRecord = about ? await readAbout(ctx, about, money) : null;
  const farm = await getFarm(ctx);
  const [zone, crops, summary, animals, low, alerts, climate, knowledge] = await Promise.all([
    zoneOfState(ctx.db, farm.state),
    listFarmCrops(ctx, { limit: 100 }),
    livestockSummary(ctx),
    listLivestock(ctx, { limit: LIST_MAX, status: 'active' }),
    listSupplies(ctx, { limit: LIST_MAX, low_stock: true }),
    openClimateAlerts(ctx),
    farmClimate(ctx, weather),
    cropsByKey(ctx.db),
  ]);
  const today = climate.today;
  const cropNames = new Map(crops.items.map((crop) => [crop.id, crop.crop_name]));
  return {
    farm: {
      name: farm.name,
      state: farm.state,
      lga: farm.lga,
      zone,
      zone_name: zone ? ZONE_NAMES[zone] : null,
      today,
    },
    money,
    about: aboutRecord,
    crops: crops.items.filter((crop) => GROWING.includes(crop.status)).map(contextCrop),
    animals: {
      head_count: summary.head_count,
      by_species: summary.by_species.map((row) => ({
        species: row.species,
        name: SPECIES_NAMES[row.species],
        head_count: row.head_count,
      })),
      records: animals.items.map(contextAnimal),
      upcoming_vaccinations: summary.upcoming_vaccinations.map((step) => ({
        title: step.title,
        due_date: step.due_date,
        animal: step.animal_name,
      })),
    },
    low_stock: low.items.map((supply) => ({
      id: supply.id,
      name: supply.name,
      quantity: supply.quantity,
      unit: supply.unit,
      low_threshold: supply.low_threshold,
      unit_cost: money && supply.unit_cost_kobo != null ? formatNaira(supply.unit_cost_kobo) : null,
    })),
    alerts: alerts.map((alert) => ({
      id: alert.id,
      title: CLIMATE_ALERT_NAMES[alert.rule],
      severity: alert.severity,
      from: alert.from,
      to: alert.to,
      // A weather alert is about one of the farm's plantings; a market-price alert about a crop.
      about: alert.about
        ? (cropNames.get(alert.about) ?? null)
        : alert.product_key
          ? (knowledge.get(alert.product_key)?.name ?? null)
          : null,
      values: alert.values,
    })),
    forecast: {
      status: climate.status,
      days: climate.days.slice(0, 3).map((day) => ({
        date: day.date,
        tmin_c: day.tmin_c,
        tmax_c: day.tmax_c,
        rain_mm: day.rain_mm,
        rain_chance_percent: day.rain_chance_percent,
      })),
    },
    month_money: money ? await monthMoney(ctx, today) : null,
  };
}

/** The farm records a language model may ask for, each answered from the context. */
export const FARM_TOOLS = {
  get_crops:
    "The farm's crops now planned or growing: field, variety, planting day, stage, expected harvest.",
  get_animals: "The farm's animals and groups: how many of each kind, and the next vaccinations due.",
  get_low_stock: 'Supplies at or below the level the farm set for buying more.',
  get_alerts: 'Open weather alerts for the farm, and the forecast for the next days.',
} as const;
export type FarmTool = keyof typeof FARM_TOOLS;

export function isFarmTool(name: string): name is FarmTool {
  return name in FARM_TOOLS;
}

/** A tool's answer, in plain lines; "None." when the farm has nothing of the kind. */
export function toolAnswer(context: FarmContext, tool: FarmTool): string {
  const lines = (() => {
    switch (tool) {
      case 'get_crops':
        return context.crops.map(cropLine);
      case 'get_animals':
        return [
          ...context.animals.by_species.map((row) => `${row.name}: ${row.head_count} head`),
          ...context.animals.upcoming_vaccinations.map(
            (step) => `Due ${longDate(step.due_date)}: ${step.title} for ${step.animal}`,
          ),
        ];
      case 'get_low_stock':
        return context.low_stock.map(supplyLine);
      case 'get_alerts':
        return [...context.alerts.map(alertLine), ...forecastLines(context)];
    }
  })();
  return lines.length > 0 ? lines.join('\n') : 'None.';
}

/** The farm in a few lines for the model's instructions: where, today, and the record asked about. */
export function contextSummary(context: FarmContext): string {
  const { farm } = context;
  const place = [farm.lga, farm.state ? `${farm.state} State` : null].filter(Boolean).join(', ');
  const lines = [
    `Farm: ${farm.name}${place ? `, ${place}` : ''}.`,
    farm.zone_name ? `Agro-ecological zone: ${farm.zone_name}.` : 'Zone: not known (the farm has no state).',
    `Today: ${longDate(farm.today)}.`,
    `Crops planned or growing: ${context.crops.length}. Animals: ${context.animals.head_count} head. Supplies running low: ${context.low_stock.length}. Open weather alerts: ${context.alerts.length}.`,
  ];
  if (context.month_money)
    lines.push(
      `This month so far: income ${context.month_money.income}, costs ${context.month_money.costs}.`,
    );
  return lines.join('\n');
}

/** Every text of the context, for the number check: a number written here is the farm's own. */
export function contextTexts(context: FarmContext): string[] {
  return [
    contextSummary(context),
    ...(context.about ? [context.about.card.title, context.about.card.text] : []),
    ...Object.keys(FARM_TOOLS).map((tool) => toolAnswer(context, tool as FarmTool)),
  ];
}

/** "20 June 2026" from 2026-06-20. */
export function longDate(date: string): string {
  return `${dayMonth(date)} ${date.slice(0, 4)}`;
}

/** "20 June" from 2026-06-20 (or from 06-20). */
export function dayMonth(date: string): string {
  const [month, day] = date.slice(-5).split('-').map(Number);
  return `${day} ${MONTH_NAMES[(month ?? 1) - 1]}`;
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export function cropLine(crop: ContextCrop): string {
  const where = crop.field ? ` on ${crop.field}` : '';
  const variety = crop.variety ? ` (${crop.variety})` : '';
  const when =
    crop.status === 'planned'
      ? `planned for ${longDate(crop.planting_date)}`
      : `planted ${longDate(crop.planting_date)}`;
  const stage = crop.stage && crop.status !== 'planned' ? `, stage: ${crop.stage}` : '';
  return `${crop.name}${variety}${where}, ${crop.area_ha} ha, ${when}${stage}, expected harvest ${longDate(crop.expected_harvest)}`;
}

function supplyLine(supply: ContextSupply): string {
  const cost = supply.unit_cost ? `, bought at ${supply.unit_cost} each` : '';
  return `${supply.name}: ${amount(supply.quantity, supply.unit)} left (buy more at ${amount(supply.low_threshold, supply.unit)})${cost}`;
}

/** "2 bags (50 kg)": a quantity in the words the server writes units in. */
export function amount(quantity: string, unit: string): string {
  return `${quantity} ${UNIT_WORDS[unit as Unit] ?? unit}`;
}

function alertLine(alert: ContextAlert): string {
  const about = alert.about ? ` for ${alert.about}` : '';
  const values = Object.entries(alert.values)
    .map(([name, value]) => `${name.replace(/_/g, ' ')} ${value}`)
    .join(', ');
  return `${alert.title}${about} (${alert.severity}), ${longDate(alert.from)} to ${longDate(alert.to)}${values ? `: ${values}` : ''}`;
}

function forecastLines(context: FarmContext): string[] {
  return context.forecast.days.map((day) => {
    const parts = [
      day.tmin_c != null && day.tmax_c != null ? `${day.tmin_c} to ${day.tmax_c} °C` : null,
      day.rain_mm != null ? `${day.rain_mm} mm of rain` : null,
      day.rain_chance_percent != null ? `${day.rain_chance_percent}% chance of rain` : null,
    ].filter(Boolean);
    return `Forecast ${longDate(day.date)}: ${parts.join(', ') || 'no figures'}`;
  });
}

function contextCrop(crop: Crop): ContextCrop {
  return {
    id: crop.id,
    crop_key: crop.crop_key,
    name: crop.crop_name,
    field: crop.field?.name ?? null,
    variety: crop.variety_name,
    status: crop.status,
    area_ha: crop.area_planted,
    planting_date: crop.planting_date,
    expected_harvest: crop.expected_harvest,
    stage: crop.current_stage?.name ?? null,
  };
}

function contextAnimal(animal: Livestock): ContextAnimal {
  return {
    id: animal.id,
    name: animal.name ?? animal.tag ?? SPECIES_NAMES[animal.species],
    species: animal.species,
    kind: animal.kind,
    head_count: animal.head_count,
    date_of_birth: animal.date_of_birth,
  };
}

async function monthMoney(ctx: FarmCtx, today: string): Promise<FarmContext['month_money']> {
  const from = `${today.slice(0, 8)}01`;
  const profit = await profitAndLoss(ctx, { from, to: today });
  return {
    from,
    to: today,
    income: formatNaira(profit.income_kobo),
    costs: formatNaira(profit.costs_kobo),
    margin: formatNaira(profit.margin_kobo),
  };
}

/**
 * The farm's open weather alerts, as it was sent them. The climate feature keeps them and offers no
 * reader of the stored rows, so they are read here (never written).
 */
function openClimateAlerts(ctx: FarmCtx) {
  return ctx.db
    .select()
    .from(climate_alerts)
    .where(and(eq(climate_alerts.farm_id, ctx.farmId), eq(climate_alerts.status, 'open')))
    .orderBy(climate_alerts.from)
    .limit(LIST_MAX);
}

const ALERT_NOT_FOUND = 'Alert not found';

async function readAbout(
  ctx: FarmCtx,
  about: { kind: AssistantAboutKind; id: string },
  money: boolean,
): Promise<AboutRecord> {
  const farmCard = (title: string, text: string): FactCard => ({
    kind: 'farm',
    key: `${about.kind}:${about.id}`,
    title,
    text,
    source: null,
  });
  switch (about.kind) {
    case 'crop': {
      const crop = contextCrop(await readCrop(ctx.db, ctx.farmId, about.id));
      return {
        ...about,
        card: farmCard(`Your ${crop.name}${crop.field ? ` on ${crop.field}` : ''}`, `${cropLine(crop)}.`),
        crop_key: crop.crop_key,
      };
    }
    case 'animal': {
      const animal = await readLivestock(ctx.db, ctx.farmId, about.id);
      const name = animal.name ?? animal.tag ?? SPECIES_NAMES[animal.species];
      const born = animal.date_of_birth ? `, born ${longDate(animal.date_of_birth)}` : '';
      const count = animal.kind === 'group' ? `, ${animal.head_count} head` : '';
      return {
        ...about,
        card: farmCard(`Your ${name}`, `${SPECIES_NAMES[animal.species]}${count}${born}.`),
        species: animal.species,
      };
    }
    case 'supply': {
      const supply = await readSupply(ctx.db, ctx.farmId, about.id);
      const cost =
        money && supply.unit_cost_kobo != null
          ? ` Bought at ${formatNaira(supply.unit_cost_kobo)} each.`
          : '';
      return {
        ...about,
        card: farmCard(
          `Your ${supply.name}`,
          `${amount(supply.quantity, supply.unit)} in store; buy more at ${amount(supply.low_threshold, supply.unit)}.${cost}`,
        ),
        search: supply.name,
      };
    }
    case 'alert':
      return readAlert(ctx, about.id, farmCard);
  }
}

/** A weather alert the farm was sent, or else one of its low-stock alerts; 404 for any other id. */
async function readAlert(
  ctx: FarmCtx,
  id: string,
  farmCard: (title: string, text: string) => FactCard,
): Promise<AboutRecord> {
  const [weather] = await ctx.db
    .select()
    .from(climate_alerts)
    .where(and(eq(climate_alerts.farm_id, ctx.farmId), eq(climate_alerts.id, id)));
  if (weather) {
    const crop = weather.about ? await readCrop(ctx.db, ctx.farmId, weather.about).catch(() => null) : null;
    const product = weather.product_key ? (await cropsByKey(ctx.db)).get(weather.product_key) : undefined;
    const alert: ContextAlert = {
      id,
      title: CLIMATE_ALERT_NAMES[weather.rule],
      severity: weather.severity,
      from: weather.from,
      to: weather.to,
      about: crop?.crop_name ?? product?.name ?? null,
      values: weather.values,
    };
    const cropKey = crop?.crop_key ?? weather.product_key;
    return {
      kind: 'alert',
      id,
      card: farmCard(alert.title, `${alertLine(alert)}.`),
      ...(cropKey ? { crop_key: cropKey } : {}),
      search: alert.title,
    };
  }
  // Low-stock alerts belong to the inventory feature, which reads them only as pages: read here.
  const [stock] = await ctx.db
    .select({
      name: supplies.name,
      quantity: supplies.quantity,
      unit: supplies.unit,
      low: supplies.low_threshold,
    })
    .from(inventory_alerts)
    .innerJoin(supplies, eq(supplies.id, inventory_alerts.supply_id))
    .where(and(eq(inventory_alerts.farm_id, ctx.farmId), eq(inventory_alerts.id, id)));
  if (!stock) throw new AppError('NOT_FOUND', ALERT_NOT_FOUND);
  return {
    kind: 'alert',
    id,
    card: farmCard(
      `${stock.name} is running low`,
      `${amount(stock.quantity, stock.unit)} left; buy more at ${amount(stock.low, stock.unit)}.`,
    ),
    search: stock.name,
  };
}
