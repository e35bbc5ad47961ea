import type { FactCard } from '@gona/shared/assistant';
import type { KnowledgeCrop } from '@gona/shared/crops';
import type { CareProgramme, LivestockSpecies } from '@gona/shared/livestock';
import type { FarmCtx } from '../../lib/ctx';
import { addDays } from '../../lib/farm-time';
import { cropDetail, cropsByKey } from '../knowledge/knowledge.service';
import { listProgrammes } from '../livestock/care.service';
import { ZONE_NAMES, amount, cropLine, dayMonth, longDate, type FarmContext } from './context';

/**
 * Structured look-ups: questions about planting dates, seed rates, fertilizer, weeding and care
 * schedules are answered from the knowledge base's rows filled in with the farm's zone, crops and
 * dates, not from whatever text matched best (research §5.6: rates and timings are where generic
 * answers fail). Intent is found by plain keywords in the normalized question.
 */
export type Lookup = {
  intent: Intent;
  /** The direct answer, in a sentence or a few. */
  text: string;
  cards: FactCard[];
};

export type Intent =
  'planting' | 'seed_rate' | 'fertilizer' | 'weeding' | 'care' | 'low_stock' | 'alerts' | 'farm_crops';

/** What a question is about: a crop of the knowledge base, kinds of animals. */
export type Subjects = { crop: KnowledgeCrop | null; species: LivestockSpecies[] };

const INTENTS: [Intent, RegExp][] = [
  [
    'planting',
    /\b(when|what time|which time|what month|which month|best time|wetin time|time to)\b.*\b(plant|sow|planting|sowing|transplant\w*)\b|\b(planting|sowing|transplanting) (time|date|dates|season|window|calendar)\b|\b(plant|sow|transplant)\b.*\bwhen\b/,
  ],
  [
    'seed_rate',
    /\bseed rate\b|\bhow (much|many) (kg of |kilos? of )?seeds?\b|\bhow (much|many) (\w+ ){0,2}(seeds?|stems?|cuttings?|suckers?|setts?|seedlings?|plants?|stands?)\b.*\b(need|hectare|acre|plot|farm|nursery|have)\b|\bspacing\b|\bhow far apart\b|\bplant population\b|\bseeds? (per|a|for one) (hectare|acre|hole|plot)\b/,
  ],
  ['fertilizer', /\b(fertili[sz]ers?|fertilzers?|npk|urea|top ?dress\w*)\b/],
  [
    'weeding',
    /\bweeding\b|\b(when|which dates?|what dates?|which days?|what days?|how many times|how often)\b.*\bweed\b|\bweed\b.*\b(when|dates?|schedule|how many times)\b/,
  ],
  [
    'care',
    /\b(vaccin\w*|deworm\w*|gumboro|newcastle|lasota|marek\w*|fowl pox|ppr|cbpp|medication schedule|care (schedule|programme|program)|health (schedule|programme|program))\b/,
  ],
  [
    'low_stock',
    /\b(low stock|running (out|low)|restock|out of stock|what (should|do|must) i (need to )?buy)\b/,
  ],
  [
    'alerts',
    /\b(forecast|alerts?|warnings?)\b|\bweather (today|tomorrow|this week|next week|now|like)\b|\bwill it rain\b|\brain\b.*\b(today|tomorrow|this week|next week|coming days)\b/,
  ],
  ['farm_crops', /\bmy (crops|plantings|fields)\b|\bwhat (am i|i dey) (growing|plant\w*)\b/],
];

/** Fertilizer words alone ("what does NPK 15-15-15 mean?") ask what it is, not the crop's rates. */
const FERTILIZER_ASKS =
  /\b(how (much|many)|rate|when|which|what (kind|type)|what fertili\w*|need\w*|apply\w*|application|put|bags?|quantity|time|dose|top ?dress\w*)\b/;

const CARE_WHEN =
  /\b(when|wen|schedule|programme|program|calendar|how often|how many times|what age|which age|which day|what day|due|time|next|campaign|age)\b/;

/** "After planting", "before sowing": the planting day is when something else is done, not what is asked. */
const RELATIVE_TO_PLANTING =
  /\b(after|before|from) (planting|sowing|plant|sow|i plant|we plant|transplanting)\b/;

export function detectIntent(normalized: string): Intent | null {
  const intents = RELATIVE_TO_PLANTING.test(normalized)
    ? INTENTS.filter(([name]) => name !== 'planting')
    : INTENTS;
  const intent = intents.find(([, pattern]) => pattern.test(normalized))?.[0] ?? null;
  if (intent === 'fertilizer' && !FERTILIZER_ASKS.test(normalized)) return null;
  // The care schedule answers when (or how often); how to give a vaccine or keep it cold is the notes' to answer.
  if (intent === 'care' && !CARE_WHEN.test(normalized)) return null;
  return intent;
}

const CROP_WORDS: Record<string, string> = {
  corn: 'maize',
  'guinea corn': 'sorghum',
  beans: 'cowpea',
  bean: 'cowpea',
  soya: 'soybean',
  'soya beans': 'soybean',
  soyabean: 'soybean',
  peanut: 'groundnut',
  beniseed: 'sesame',
  'irish potato': 'irish_potato',
};

const POULTRY: LivestockSpecies[] = [
  'chicken_broiler',
  'chicken_layer',
  'chicken_noiler',
  'chicken_cockerel',
];
const SPECIES_WORDS: [RegExp, LivestockSpecies[]][] = [
  [/\bguinea fowls?\b/, ['guinea_fowl']],
  [/\bbroilers?\b/, ['chicken_broiler']],
  [/\b(layers?|laying hens?|point of lay)\b/, ['chicken_layer']],
  [/\bnoilers?\b/, ['chicken_noiler']],
  [/\bcockerels?\b/, ['chicken_cockerel']],
  [/\bturkeys?\b/, ['turkey']],
  [/\bducks?\b/, ['duck']],
  [/\brabbits?\b/, ['rabbit']],
  [/\bcatfish\b/, ['catfish']],
  [/\btilapia\b/, ['tilapia']],
  [/\b(fish|fishes|fingerlings?|juveniles?|pond)\b/, ['catfish', 'tilapia']],
  [/\b(cattle|cows?|bulls?|calf|calves|heifers?)\b/, ['cattle']],
  [/\bgoats?\b/, ['goat']],
  [/\b(sheep|rams?|ewes?|lambs?)\b/, ['sheep']],
  [/\b(pigs?|swine|piglets?|boars?|hogs?)\b/, ['pig']],
  [/\b(chickens?|chicks?|poultry|birds?|fowls?|hens?|fowl)\b/, POULTRY],
];

/** The crop and the animals a question names (by name, key, local name or a common word for them). */
export function detectSubjects(normalized: string, crops: Iterable<KnowledgeCrop>): Subjects {
  const text = ` ${normalized} `;
  let crop: KnowledgeCrop | null = null;
  const byKey = new Map<string, KnowledgeCrop>();
  for (const candidate of crops) byKey.set(candidate.key, candidate);
  const names: [string, KnowledgeCrop][] = [];
  for (const candidate of byKey.values()) {
    names.push([candidate.key.replace(/_/g, ' '), candidate], [candidate.name.toLowerCase(), candidate]);
    for (const local of Object.values(candidate.local_names))
      if (local)
        names.push([
          local
            .normalize('NFKD')
            .replace(/[\u0300-\u036f]/g, '')
            .toLowerCase(),
          candidate,
        ]);
  }
  for (const [word, key] of Object.entries(CROP_WORDS)) {
    const found = byKey.get(key);
    if (found) names.push([word, found]);
  }
  // Longer names first: "guinea corn" is sorghum before "corn" is maize.
  names.sort((a, b) => b[0].length - a[0].length);
  for (const [name, candidate] of names) {
    if (new RegExp(`[^a-z](${escape(name)})(e?s)?[^a-z]`).test(text)) {
      crop = candidate;
      break;
    }
  }
  const species = new Set<LivestockSpecies>();
  const withoutGuineaCorn = text.replace(/guinea corn/g, ' ');
  for (const [pattern, kinds] of SPECIES_WORDS) {
    if (!pattern.test(withoutGuineaCorn)) continue;
    if (kinds === POULTRY && [...species].some((kind) => POULTRY.includes(kind) || kind === 'guinea_fowl'))
      continue;
    for (const kind of kinds) species.add(kind);
  }
  return { crop, species: [...species] };
}

/**
 * The look-up a question asks for, filled in with the farm's zone, crops, animals and dates; null
 * when it asks for none or the knowledge base has no row for it.
 */
export async function lookUp(
  ctx: FarmCtx,
  intent: Intent | null,
  subjects: Subjects,
  context: FarmContext,
  /** The question as written: a care schedule answers the one step it names first. */
  question = '',
): Promise<Lookup | null> {
  if (!intent) return null;
  switch (intent) {
    case 'planting':
    case 'seed_rate':
    case 'fertilizer':
    case 'weeding': {
      const crop = subjects.crop ?? onlyCropOf(context, await cropsByKey(ctx.db));
      if (!crop) return null;
      if (intent === 'planting') return plantingLookup(ctx, crop, context);
      if (intent === 'seed_rate') return seedRateLookup(crop);
      if (intent === 'fertilizer') return fertilizerLookup(crop);
      return weedingLookup(crop, context);
    }
    case 'care':
      return careLookup(
        ctx,
        subjects.species.length ? subjects.species : onlySpeciesOf(context),
        context,
        question,
      );
    case 'low_stock':
      return lowStockLookup(context);
    case 'alerts':
      return alertsLookup(context);
    case 'farm_crops':
      return farmCropsLookup(context);
  }
}

/** "Maize in the Northern Guinea savanna: plant between 24 June and 7 July. You planned Plot A for 20 June 2026." */
async function plantingLookup(
  ctx: FarmCtx,
  crop: KnowledgeCrop,
  context: FarmContext,
): Promise<Lookup | null> {
  const { zone, zone_name: zoneName } = context.farm;
  if (!zone || !zoneName) {
    const detail = await cropDetail(ctx.db, crop.key);
    if (detail.calendars.length === 0) return null;
    const lines = detail.calendars.map(
      (calendar) =>
        `${ZONE_NAMES[calendar.zone]} (${calendar.season} season): ${dayMonth(calendar.plant_from)} to ${dayMonth(calendar.plant_to)}`,
    );
    const text = `I don't know your farm's state, so I can't tell its zone; add it in the farm's settings. ${crop.name} planting dates by zone: ${lines.join('; ')}.`;
    return {
      intent: 'planting',
      text,
      cards: [
        {
          kind: 'calendar',
          key: `calendar:${crop.key}`,
          title: `${crop.name} planting dates by zone`,
          text: `${lines.join('. ')}.`,
          source: detail.calendars[0]!.source,
        },
      ],
    };
  }
  // The zone asked about: the farm's, or the state the question names (context.farm is that place then).
  const windows = zoneWindows(await cropDetail(ctx.db, crop.key), zone, context.farm.today);
  if (windows.length === 0)
    return {
      intent: 'planting',
      text: `I have no planting dates for ${crop.name.toLowerCase()} in the ${zoneName}.`,
      cards: [],
    };
  const between = (window: (typeof windows)[number]) =>
    `between ${dayMonth(window.from)} and ${dayMonth(window.to)}`;
  const windowText =
    windows.length === 1
      ? `${crop.name} in the ${zoneName}: plant ${between(windows[0]!)}.`
      : `${crop.name} in the ${zoneName}: ${windows.map((window) => `${window.season} season, plant ${between(window)}`).join('; ')}.`;
  const cards: FactCard[] = windows.map((window) => ({
    kind: 'calendar',
    key: `calendar:${crop.key}:${zone}:${window.season}`,
    title: `${crop.name} planting dates, ${zoneName}${windows.length > 1 ? ` (${window.season} season)` : ''}`,
    text: `Plant ${between(window)}.`,
    source: window.source,
  }));
  const plan = context.crops.filter((planting) => planting.crop_key === crop.key);
  const planText = plan.length > 0 ? planSentence(plan, windows) : null;
  if (planText)
    cards.push({
      kind: 'farm',
      key: plan.length === 1 ? `crop:${plan[0]!.id}` : `crops:${crop.key}`,
      title: `Your ${crop.name.toLowerCase()}`,
      text: plan.map((planting) => `${cropLine(planting)}.`).join(' '),
      source: null,
    });
  return { intent: 'planting', text: planText ? `${windowText} ${planText}` : windowText, cards };
}

/** A crop's windows in a zone, as their coming dates (a window already over this year is next year's). */
function zoneWindows(
  crop: Awaited<ReturnType<typeof cropDetail>>,
  zone: string,
  today: string,
): { season: string; from: string; to: string; source: FactCard['source'] }[] {
  return crop.calendars
    .filter((calendar) => calendar.zone === zone)
    .map((calendar) => {
      let year = Number(today.slice(0, 4));
      const dates = () => ({
        from: `${year}-${calendar.plant_from}`,
        to: `${calendar.plant_to < calendar.plant_from ? year + 1 : year}-${calendar.plant_to}`,
      });
      let { from, to } = dates();
      if (to < today) {
        year += 1;
        ({ from, to } = dates());
      }
      return { season: calendar.season, from, to, source: calendar.source };
    })
    .sort((a, b) => a.from.localeCompare(b.from));
}

/** "You planned Plot A for 20 June 2026." with whether that falls in the zone's window. */
function planSentence(plan: FarmContext['crops'], windows: { from: string; to: string }[]): string {
  const where = (planting: FarmContext['crops'][number]) => planting.field ?? `${planting.area_ha} ha`;
  const planned = plan.filter((planting) => planting.status === 'planned');
  const planted = plan.filter((planting) => planting.status !== 'planned');
  const parts: string[] = [];
  if (planned.length)
    parts.push(
      `You planned ${planned.map((planting) => `${where(planting)} for ${longDate(planting.planting_date)}`).join(' and ')}.`,
    );
  if (planted.length)
    parts.push(
      `You planted ${planted.map((planting) => `${where(planting)} on ${longDate(planting.planting_date)}`).join(' and ')}.`,
    );
  const outside = planned.filter((planting) => !inAnyWindow(planting.planting_date, windows));
  if (outside.length === 1 && planned.length === 1) parts.push('That day is outside the window.');
  else if (outside.length) parts.push(`${outside.map(where).join(' and ')}: outside the window.`);
  return parts.join(' ');
}

function inAnyWindow(date: string, windows: { from: string; to: string }[]): boolean {
  const day = date.slice(5);
  return windows.some((window) => {
    const from = window.from.slice(5);
    const to = window.to.slice(5);
    return from <= to ? day >= from && day <= to : day >= from || day <= to;
  });
}

function practiceCard(crop: KnowledgeCrop, part: string, title: string, text: string): FactCard {
  return { kind: 'practice', key: `practice:${crop.key}:${part}`, title, text, source: crop.source };
}

function seedRateLookup(crop: KnowledgeCrop): Lookup {
  const { seed_rate: seedRate, spacing } = crop.practice;
  const text = `${crop.name}: sow ${seedRate}. Spacing: ${spacing}.`;
  return {
    intent: 'seed_rate',
    text,
    cards: [practiceCard(crop, 'seed', `${crop.name} seed rate and spacing`, text)],
  };
}

function fertilizerLookup(crop: KnowledgeCrop): Lookup {
  const { fertilizer, notes } = crop.practice;
  const steps = fertilizer.map((step) => `${step.product}, ${whenDay(step.day)}: ${step.rate}`);
  const text =
    steps.length > 0
      ? `${crop.name} fertilizer: ${steps.join('; ')}.${notes ? ` ${notes}` : ''}`
      : `The guide gives no fertilizer rate for ${crop.name.toLowerCase()}.${notes ? ` ${notes}` : ''}`;
  return {
    intent: 'fertilizer',
    text,
    cards: [practiceCard(crop, 'fertilizer', `${crop.name} fertilizer`, text)],
  };
}

function whenDay(day: number): string {
  if (day === 0) return 'at planting';
  if (day < 0) return `${-day} days before planting`;
  return `${day} days after planting`;
}

function weedingLookup(crop: KnowledgeCrop, context: FarmContext): Lookup | null {
  const days = crop.practice.weeding_days;
  if (days.length === 0) return null;
  const list = days.length === 1 ? `${days[0]}` : `${days.slice(0, -1).join(', ')} and ${days.at(-1)}`;
  const guide = `Weed ${crop.name.toLowerCase()} at ${list} days after planting.`;
  const cards = [practiceCard(crop, 'weeding', `${crop.name} weeding`, guide)];
  const sown = context.crops.filter((planting) => planting.crop_key === crop.key);
  const own = sown.map((planting) => {
    const dates = days.map((day) => longDate(addDays(planting.planting_date, day)));
    const where = planting.field ? ` on ${planting.field}` : '';
    const verb = planting.status === 'planned' ? 'planned for' : 'planted';
    return `Your ${crop.name.toLowerCase()}${where} (${verb} ${longDate(planting.planting_date)}): weed on ${dates.join(' and ')}.`;
  });
  // The farm's own weeding days are on a card too: every date the answer writes is shown with its record.
  if (own.length)
    cards.push(farmCard(`weeding:${crop.key}`, `Weeding your ${crop.name.toLowerCase()}`, own.join(' ')));
  return { intent: 'weeding', text: [guide, ...own].join(' '), cards };
}

async function careLookup(
  ctx: FarmCtx,
  species: LivestockSpecies[],
  context: FarmContext,
  question: string,
): Promise<Lookup | null> {
  if (species.length === 0) return null;
  const programmes = (await listProgrammes(ctx.db, ctx.farmId)).filter((programme) =>
    programme.species.some((kind) => species.includes(kind)),
  );
  if (programmes.length === 0) return null;
  // A farm that keeps one of the kinds asked about (poultry: layers, not broilers) gets its programme.
  const kept = new Set(context.animals.by_species.map((row) => row.species));
  const programme =
    programmes.find((candidate) => candidate.species.some((kind) => kept.has(kind))) ?? programmes[0]!;
  const schedule = `${programme.name}: ${programme.steps.map((step) => stepText(programme, step)).join('; ')}.`;
  const names = new Set(
    context.animals.records
      .filter((record) => programme.species.includes(record.species))
      .map((record) => record.name),
  );
  const due = context.animals.upcoming_vaccinations.filter((step) => names.has(step.animal)).slice(0, 3);
  const next = due.length
    ? ` Next on your farm: ${due.map((step) => `${step.title} for ${step.animal} on ${longDate(step.due_date)}`).join('; ')}.`
    : '';
  // The step asked for ("when do I give Gumboro?") first; the whole programme stays in its card.
  const asked = programme.steps.filter((step) => namesStep(question, step.title));
  const text = asked.length
    ? `${programme.name}: ${asked.map((step) => stepText(programme, step)).join('; ')}. ${programme.note} The whole programme is in the card below.${next}`
    : `${schedule}${next}`;
  return {
    intent: 'care',
    text,
    cards: [
      {
        kind: 'care',
        key: `care:${programme.key}`,
        title: programme.name,
        text: `${schedule} ${programme.note}`,
        source: programme.source,
      },
    ],
  };
}

/** Words of a step's title that name it (a vaccine or a treatment), found in the question. */
function namesStep(question: string, title: string): boolean {
  if (!question) return false;
  const words = title
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length >= 3 && !STEP_WORDS.has(word));
  return words.some((word) => new RegExp(`\\b${word}`).test(question.toLowerCase()));
}
const STEP_WORDS = new Set([
  'vaccine',
  'vaccination',
  'first',
  'second',
  'third',
  'booster',
  'dose',
  'give',
  'with',
  'water',
  'drinking',
  'against',
  'treatment',
  'check',
  'birds',
  'chicks',
  'goats',
  'sheep',
  'cattle',
  'pigs',
  'layers',
  'broilers',
  'start',
  'every',
  'days',
  'week',
  'weeks',
  'after',
  'before',
  'from',
  'into',
  'injection',
  'hatchery',
  'which',
  'vaccines',
  'flock',
  'where',
  'these',
  'occur',
  'campaign',
  'state',
  'keep',
  'the',
  'and',
  'ask',
  'vet',
  'day',
  'lga',
  'apart',
  'join',
  'herd',
  'they',
]);

function stepText(programme: CareProgramme, step: CareProgramme['steps'][number]): string {
  const day =
    programme.counts_from === 'arrival' ? `day ${step.offset_days} after arrival` : `day ${step.offset_days}`;
  const every = /INTERVAL=(\d+)/.exec(step.rrule ?? '')?.[1];
  return `${day}: ${step.title}${every ? ` (then every ${every} days)` : ''}`;
}

function farmCard(key: string, title: string, text: string): FactCard {
  return { kind: 'farm', key, title, text, source: null };
}

function lowStockLookup(context: FarmContext): Lookup {
  if (context.low_stock.length === 0)
    return {
      intent: 'low_stock',
      text: 'Nothing in your store is at or below the level you set for buying more.',
      cards: [],
    };
  const cards = context.low_stock
    .slice(0, 5)
    .map((supply) =>
      farmCard(
        `supply:${supply.id}`,
        supply.name,
        `${amount(supply.quantity, supply.unit)} left; buy more at ${amount(supply.low_threshold, supply.unit)}.${supply.unit_cost ? ` Bought at ${supply.unit_cost} each.` : ''}`,
      ),
    );
  const names = context.low_stock.map((supply) => supply.name);
  return { intent: 'low_stock', text: `Running low: ${names.join(', ')}.`, cards };
}

function alertsLookup(context: FarmContext): Lookup {
  const cards = context.alerts
    .slice(0, 5)
    .map((alert) =>
      farmCard(
        `alert:${alert.id}`,
        alert.about ? `${alert.title}: ${alert.about}` : alert.title,
        `${longDate(alert.from)} to ${longDate(alert.to)} (${alert.severity}).`,
      ),
    );
  const forecast = context.forecast.days.map((day) => {
    const rain = day.rain_mm != null ? `${day.rain_mm} mm of rain` : 'rain not known';
    const heat = day.tmax_c != null ? `, up to ${day.tmax_c} °C` : '';
    return `${longDate(day.date)}: ${rain}${heat}`;
  });
  const parts = [
    context.alerts.length
      ? `Open weather alerts: ${context.alerts.map((alert) => `${alert.title} (${longDate(alert.from)} to ${longDate(alert.to)})`).join('; ')}.`
      : 'No open weather alerts for your farm.',
    forecast.length ? `Forecast: ${forecast.join('; ')}.` : (FORECAST_MISSING[context.forecast.status] ?? ''),
  ];
  if (forecast.length) cards.push(farmCard('forecast', 'Forecast for your farm', `${forecast.join('. ')}.`));
  return { intent: 'alerts', text: parts.filter(Boolean).join(' '), cards };
}

const FORECAST_MISSING: Record<string, string> = {
  waiting: 'The forecast is on its way; look again in a few minutes.',
  no_location: "Add your farm's state or location to get its forecast.",
  not_configured: 'This Gona server has no weather forecast set up.',
};

function farmCropsLookup(context: FarmContext): Lookup {
  if (context.crops.length === 0)
    return { intent: 'farm_crops', text: 'Your farm has no crops planned or growing.', cards: [] };
  return {
    intent: 'farm_crops',
    text: `Your crops: ${context.crops.map(cropLine).join('; ')}.`,
    cards: context.crops
      .slice(0, 5)
      .map((crop) => farmCard(`crop:${crop.id}`, crop.name, `${cropLine(crop)}.`)),
  };
}

/** The one crop the farm grows (of several plantings), when the question names none. */
function onlyCropOf(context: FarmContext, crops: Map<string, KnowledgeCrop>): KnowledgeCrop | null {
  const keys = new Set(context.crops.map((crop) => crop.crop_key));
  const [only] = keys;
  return keys.size === 1 && only ? (crops.get(only) ?? null) : null;
}

function onlySpeciesOf(context: FarmContext): LivestockSpecies[] {
  return context.animals.by_species.length === 1 ? [context.animals.by_species[0]!.species] : [];
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
