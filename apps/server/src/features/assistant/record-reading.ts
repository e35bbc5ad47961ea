import { addDays } from '../../lib/farm-time';
import { editDistance } from '../knowledge/search.service';
import { dayMonth } from './context';
import type { Period, RecordAsk } from './reading';

/**
 * What a question asks of the farm's own records, read by slots, not by phrases
 * (docs/decisions/070-farm-records-read-by-slots.md):
 *
 * - its words, each put in the records' own word first (`recordWords`): a misspelling ("egss",
 *   "broliers", "octobar", "spnd") by its nearest record word, a Pidgin or everyday word ("chop",
 *   "comot", "shop", "fowl") by what it means;
 * - what it is about (the **measure**: eggs, heads, deaths, weights, feed, milk, fish, a supply,
 *   what is low or used, money spent, earned, made or owed, crops, tasks);
 * - what it asks of it (the **operation**: a count or sum, the latest, a list, a rate, an average);
 * - whose (the farm's own, or what is usual: "should", "normal", "per bird" ask the guides);
 * - and the **period** (`periodOf`), said back in words.
 *
 * Every wording of the same question fills the same slots, so it gets the same record.
 */

// ---- Words ----

/**
 * The records' words, in the spelling every pattern below is written for. A word of a question that
 * is none of these nor a common word is read as the nearest of them (`nearest`).
 */
const RECORD_WORDS = [
  'eggs',
  'crates',
  'layers',
  'laying',
  'broilers',
  'chickens',
  'cockerels',
  'turkeys',
  'birds',
  'fowls',
  'goats',
  'sheep',
  'cattle',
  'catfish',
  'tilapia',
  'rabbits',
  'animals',
  'died',
  'deaths',
  'mortality',
  'weight',
  'weigh',
  'weighed',
  'heavy',
  'feed',
  'milk',
  'litres',
  'harvested',
  'harvest',
  'collected',
  'gathered',
  'spent',
  'spend',
  'spending',
  'expenses',
  'expenditure',
  'income',
  'earned',
  'revenue',
  'profit',
  'owing',
  'supplies',
  'store',
  'remaining',
  'remain',
  'finished',
  'fertilizer',
  'veterinary',
  'vaccine',
  'transport',
  'labour',
  'wages',
  'salary',
  'finisher',
  'starter',
  'tasks',
  'overdue',
  'today',
  'yesterday',
  'tomorrow',
  'week',
  'month',
  'january',
  'february',
  'march',
  'april',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
  'total',
  'number',
  'average',
  'percentage',
  'percent',
  'quantity',
  'production',
  'produce',
  'produced',
  'since',
  'lose',
  'lost',
];

/**
 * Common words that look like a record word but are not one ("seeds" is not "feeds", "need" not
 * "feed", "lose" not "loose"): never read as another word.
 */
const NOT_MISSPELT = new Set(
  'seed seeds weed weeds need needs breed bread deed feet fees meet meat mile mild silk spend spent send sent stone stove store more most many money mony much such touch week weak seek peek wedding feeding wedding heavy leave leaves lays lady days ways birth bird third fish dish wish hens tens pens pen cost costs lost last least list late later date dates rate rates gate sold sale sales salt cows crows crops drops today total tonal goat coat boat milk died dies diet tied lied sheep sleep steep since mince wince chick check cheek owed owes mother month mouth worth doing going being saying buying selling suppliers supplier customers buyers lease stored drying trying frying crying feeding weeding leading reading heading store'.split(
    ' ',
  ),
);

/** Pidgin and everyday words, in the records' words: what a farmer writes, what it means here. */
const SAME_AS: [RegExp, string][] = [
  [/\b(chop|chopped|chopping)\b/g, 'eat'],
  [/\b(comot|comt|commot)\b/g, 'took out'],
  [/\b(shop|storeroom|store room|warehouse|stock room)\b/g, 'store'],
  [/\b(fowl|fowls|fowel|fowels)\b/g, 'fowls'],
  [/\b(pikin|pickin)\b/g, 'young'],
  [/\bkpai\b/g, 'die'],
  [/\b(pack|packed|pick|picked|gather|gathered|gat|get|got)\b(?= (egg|eggs)\b)/g, 'collected'],
  [/\b(egs|eggz|eggss)\b/g, 'eggs'],
  [/\b(laying birds|laying hens|layer birds)\b/g, 'layers'],
  // "Since we bought them": since the group came, that is all its records.
  [
    /\bsince (we|i|they|dem) (bought|buy|got|get|brought|bring|started|start|arrived|arrive|came|come|stocked|stock)( (them|it|am|the \w+))?\b/g,
    'since the start',
  ],
  [/\b(expense)\b/g, 'expenses'],
  [/\b(vet|vets|veterinary|vetinary|vetenary|veternary)\b/g, 'veterinary'],
  [/\b(labor|labour)\b/g, 'labour'],
  [/\b(fertiliser|fertilizers|fertilisers)\b/g, 'fertilizer'],
  [/\b(lasota|la sota)\b/g, 'lasota'],
  [/\b(percent|percentage|%)\b|%/g, ' percent '],
  [/\b(mudu|mudus|bowl|bowls|paint bucket|paint rubber)\b/g, 'mudu'],
];

/** Record words, their singulars and plurals, and the words never read as another. */
const KNOWN = new Set([
  ...RECORD_WORDS.flatMap((word) => [word, word.replace(/s$/, ''), `${word}s`]),
  ...NOT_MISSPELT,
]);

/**
 * The record word a misspelt word stands for: one edit away (a letter left out, doubled, swapped
 * or, from five letters, changed), two from eight letters, starting with the same letter.
 */
export function nearest(word: string): string | null {
  // Words in -ing are left as they are: "drying" is no "dying", "doing" no "dying".
  if (word.length < 4 || KNOWN.has(word) || /\d/.test(word) || word.endsWith('ing')) return null;
  const most = word.length >= 8 ? 2 : 1;
  let found: string | null = null;
  let foundDistance = most + 1;
  for (const candidate of RECORD_WORDS) {
    if (candidate[0] !== word[0] || candidate.length < 4) continue;
    const d = editDistance(word, candidate, most);
    // Four letters: no letter changed ("need" is not "feed"), only left out, added or swapped.
    if (word.length === 4 && d === 1 && candidate.length === 4 && !swapped(word, candidate)) continue;
    if (d < foundDistance) {
      found = candidate;
      foundDistance = d;
    }
  }
  return foundDistance <= most ? found : null;
}

function swapped(a: string, b: string): boolean {
  const i = [...a].findIndex((letter, k) => letter !== b[k]);
  return i >= 0 && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

/** The question in the records' words: misspellings and everyday words read as the words they mean. */
export function recordWords(plain: string): string {
  const words = plain
    .replace(/[?!.,;:()"]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => nearest(word) ?? word);
  let text = ` ${words.join(' ')} `;
  for (const [pattern, meaning] of SAME_AS) text = text.replace(pattern, meaning);
  return text.replace(/\s+/g, ' ').trim();
}

// ---- The period ----

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const COUNTS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  fourteen: 14,
  thirty: 30,
  a: 1,
};
const MONTH_NAME = MONTHS.map((month) => `${month.slice(0, 3)}(?:${month.slice(3)}|\\.)?`).join('|');

/**
 * The period a question speaks of, in the farm's days: today, yesterday, a weekday, this or last
 * week, the last N days or weeks, this or last month, a named month, a named day, since a day or a
 * month, this or last year. `words` says it back ("last week (9–15 November)").
 */
export function periodOf(question: string, today: string): Period | null {
  const plain = recordWords(question);
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  const monday = addDays(today, -weekday);
  const monthStart = `${today.slice(0, 8)}01`;
  const range = (from: string, to: string, name: string): Period => ({
    from,
    to,
    words: from === to ? `${name} (${dayMonth(from)})` : `${name} (${span(from, to)})`,
  });
  // Between two days: "between 9 and 15 November", "from 1 October to 31 October".
  const between = new RegExp(
    `\\b(?:between|from) (\\d{1,2})(?:st|nd|rd|th)?(?: (?:of )?(${MONTH_NAME}))? (?:and|to|till|until|-) (\\d{1,2})(?:st|nd|rd|th)? (?:of )?(${MONTH_NAME})\\b`,
  ).exec(plain);
  if (between) {
    const to = dayNamed(`on ${between[3]} ${between[4]}`, today);
    const from = dayNamed(`on ${between[1]} ${between[2] ?? between[4]}`, today);
    if (from && to && from <= to) return range(from, to, `from ${dayMonth(from)} to ${dayMonth(to)}`);
  }
  // Since a day or a month: from it up to today.
  const since = /\b(since|from) (?:the )?(?:(?:1st|first|start|beginning) (?:of )?)?(.+)$/.exec(plain);
  if (since) {
    const day = dayNamed(`on ${since[2]}`, today) ?? dayNamed(`on the ${since[2]}`, today);
    const month = monthNamed(since[2]!, today);
    // "Since Monday": from the last such day.
    const weekdaySince = WEEKDAYS.findIndex((name) => since[2]!.startsWith(name));
    const from =
      day ?? month?.from ?? (weekdaySince >= 0 ? addDays(today, -((weekday - weekdaySince + 7) % 7)) : null);
    if (from && from <= today) return range(from, today, `since ${dayMonth(from)}`);
  }
  if (/\btoday\b|\bthis morning\b|\btoday's\b|\bnow now\b|\bso far today\b/.test(plain))
    return range(today, today, 'today');
  if (/\byesterday\b/.test(plain)) {
    const day = addDays(today, -1);
    return range(day, day, 'yesterday');
  }
  const named = WEEKDAYS.findIndex((name) => new RegExp(`\\b(on |last |this |past )?${name}\\b`).test(plain));
  if (named >= 0) {
    // The last such day up to today ("on Monday" on a Wednesday is two days ago).
    const back = (weekday - named + 7) % 7;
    const day = addDays(today, -back);
    return range(day, day, `on ${WEEKDAYS[named]![0]!.toUpperCase()}${WEEKDAYS[named]!.slice(1)}`);
  }
  if (/\b(last|past|previous) week\b/.test(plain))
    return range(addDays(monday, -7), addDays(monday, -1), 'last week');
  if (/\bthis week\b|\bthe week so far\b/.test(plain)) return range(monday, today, 'this week');
  const lastSome = /\b(?:last|past|previous) (\d{1,3}|[a-z]+) (days|weeks)\b/.exec(plain);
  if (lastSome) {
    const count = /^\d+$/.test(lastSome[1]!) ? Number(lastSome[1]) : (COUNTS[lastSome[1]!] ?? null);
    if (count) {
      const days = lastSome[2] === 'weeks' ? count * 7 : count;
      return range(addDays(today, -days + 1), today, `in the last ${count} ${lastSome[2]}`);
    }
  }
  // "The first week of November": its first seven days.
  const firstWeek = new RegExp(`\\b(first|1st) week (?:of|in) (${MONTH_NAME})\\b`).exec(plain);
  if (firstWeek) {
    const month = monthNamed(firstWeek[2]!, today);
    if (month) {
      const end = addDays(month.from, 6);
      return range(month.from, end < today ? end : today, `in the first week of ${month.name}`);
    }
  }
  if (/\b(last|past|previous) month\b/.test(plain)) {
    const end = addDays(monthStart, -1);
    return range(`${end.slice(0, 8)}01`, end, 'last month');
  }
  if (/\bthis month\b|\bthe month so far\b/.test(plain)) return range(monthStart, today, 'this month');
  if (/\bthis year\b/.test(plain)) return range(`${today.slice(0, 4)}-01-01`, today, 'this year');
  if (/\b(last|past) year\b/.test(plain)) {
    const year = Number(today.slice(0, 4)) - 1;
    return range(`${year}-01-01`, `${year}-12-31`, 'last year');
  }
  // "2 days ago", "three days ago".
  const ago = /\b(\d{1,2}|[a-z]+) days? ago\b/.exec(plain);
  const agoCount = ago ? (/^\d+$/.test(ago[1]!) ? Number(ago[1]) : (COUNTS[ago[1]!] ?? null)) : null;
  if (agoCount !== null) {
    const back = addDays(today, -agoCount);
    return { from: back, to: back, words: `on ${dayMonth(back)}` };
  }
  // A day: "on 17 November", "17th nov", "Nov 17", "17/11", "on the 10th".
  const day = dayNamed(plain, today);
  if (day) return { from: day, to: day, words: `on ${dayMonth(day)}` };
  const inMonth = new RegExp(`\\b(?:in|for|during|of|last|the month of) (${MONTH_NAME})\\b`).exec(plain);
  const month = inMonth ? monthNamed(inMonth[1]!, today) : null;
  if (month) return range(month.from, month.to, `in ${month.name}`);
  return null;
}

/** A month named ("october", "oct"): its days up to today, in the year up to today. */
function monthNamed(text: string, today: string): { from: string; to: string; name: string } | null {
  const match = new RegExp(`^(?:the )?(${MONTH_NAME})\\b`).exec(text.trim());
  if (!match) return null;
  const month = MONTHS.findIndex((name) => match[1]!.startsWith(name.slice(0, 3)));
  if (month < 0) return null;
  const thisMonth = Number(today.slice(5, 7)) - 1;
  const year = Number(today.slice(0, 4)) - (month > thisMonth ? 1 : 0);
  const from = `${year}-${String(month + 1).padStart(2, '0')}-01`;
  const next = month === 11 ? `${year + 1}-01-01` : `${year}-${String(month + 2).padStart(2, '0')}-01`;
  const end = addDays(next, -1);
  return {
    from,
    to: end < today ? end : today,
    name: MONTHS[month]![0]!.toUpperCase() + MONTHS[month]!.slice(1),
  };
}

/** The day a question names ("on 17 November", "17th nov", "nov 17", "17/11"), in the year up to today. */
function dayNamed(plain: string, today: string): string | null {
  let day: number | null = null;
  let month = -1;
  const dayFirst = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)? (?:of )?(${MONTH_NAME})\\b`).exec(plain);
  const monthFirst = new RegExp(
    `\\b(${MONTH_NAME}) (\\d{1,2})(?:st|nd|rd|th)?\\b(?! ?(kg|days?|weeks?|bags?|birds?))`,
  ).exec(plain);
  const slashed = /\b(?:on|for) (\d{1,2})\/(\d{1,2})\b/.exec(plain);
  const monthOf = (word: string) => MONTHS.findIndex((name) => word.startsWith(name.slice(0, 3)));
  // "On the 10th": that day of this month, or of last month when it is still to come.
  const ofThisMonth = new RegExp(`\\bthe (\\d{1,2})(?:st|nd|rd|th)\\b(?! (of )?(${MONTH_NAME}))`).exec(plain);
  if (dayFirst) [day, month] = [Number(dayFirst[1]), monthOf(dayFirst[2]!)];
  else if (monthFirst) [day, month] = [Number(monthFirst[2]), monthOf(monthFirst[1]!)];
  else if (slashed) [day, month] = [Number(slashed[1]), Number(slashed[2]) - 1];
  else if (ofThisMonth) {
    day = Number(ofThisMonth[1]);
    const thisMonth = Number(today.slice(5, 7)) - 1;
    month = day <= Number(today.slice(8, 10)) ? thisMonth : (thisMonth + 11) % 12;
  }
  if (day === null || month < 0 || month > 11 || day < 1 || day > 31) return null;
  const mm = String(month + 1).padStart(2, '0');
  const dd = String(day).padStart(2, '0');
  let date = `${today.slice(0, 4)}-${mm}-${dd}`;
  if (date > today) date = `${Number(today.slice(0, 4)) - 1}-${mm}-${dd}`;
  return Number.isNaN(Date.parse(`${date}T00:00:00Z`)) ? null : date;
}

/** "16–22 November" or "28 October – 3 November". */
function span(from: string, to: string): string {
  const [fromDay, fromMonth] = dayMonth(from).split(' ');
  const toText = dayMonth(to);
  return fromMonth === toText.split(' ')[1] ? `${fromDay}–${toText}` : `${dayMonth(from)} – ${toText}`;
}

// ---- The slots ----

/** What the question asks of the record. */
export type Operation = 'count' | 'latest' | 'list' | 'rate' | 'average' | 'most';

export type RecordSlots = {
  measure: RecordAsk | null;
  operation: Operation | null;
  /** About the farm's own things (mine, a past event, a period, as they stand now). */
  own: boolean;
  /** Asks what is usual or what to do: the guides answer, not the records. */
  advice: boolean;
  /** A period is named. */
  period: boolean;
  /** A bare phrase, asking nothing else ("deaths in pen a", "milk last week"). */
  bare: boolean;
};

/** The asker speaks of their own farm ("my", "I", "we", "our"). */
const MINE =
  /\b(my|i|we|our|us|me|mine|una|for (the|this|my) farm|on (the|this|my) farm|in (the|my|our) (pond|pen|store))\b/;
/** A past event: "did", "were", "don die". */
const PAST =
  /\b(did|were|was|have we|has been|have been|(have|has|had) (died|lost|laid|used|sold|eaten|given|collected|spent|earned|made))\b|\b(don|done) (die|lay|finish|use|eat|sell|took|spend|spoil|reach|collect\w*|give|pack)\b/;
/** Now, still, left, alive: the farm's own things as they stand. */
const AS_IT_STANDS =
  /\b(now|still|currently|presently|at the moment|alive|remain\w*|left|in (my|the|our) (store|farm|pen|pond)|on (the|my|our) farm|dey)\b/;
/** Asking what is usual or what to do. */
const ADVICE =
  /\b(should|ought|normal(ly)?|expected to|suppose|supposed|ideal|standard|recommended|why|how long|how old|what age|until when|how (do|can|to|should|i go|fit)|per (bird|hen|layer|animal|head|hectare|fish)|a day should|need to give|is it good|good to|best way)\b|\b(can|could) (i|we|it|they|you|one)\b|\bwhat can\b|\bfit\b|\b(i|we|dem|they|it|e) go (use|eat|need|take|drink|put|give)\b|\bhow many (days|weeks|months|years|times)\b|\bat how many\b|\bwhich (chemical|medicine|drug|product|pesticide|herbicide|insecticide|vaccine)s?\b|\b(for|in) one day\b/;
/** What is wrong with eggs, told: a question about them, not about how many. */
const EGG_TROUBLE =
  /\b(small|soft|thin|shell\w*|blood\w*|spots?|dirty|pale|watery|rotten|smell\w*|tiny|broken|deformed|wrinkled)\b/;
/** A question that asks whether, when, why or how: not a bare request for a figure. */
const ASKS_OTHERWISE =
  /\b(can|could|should|may|must|when|why|how|which|will|would|is it|is there|are there)\b/;

/** "When did we last…", "the last time": the latest record, with its day. */
export const WHEN_LAST =
  /\bwhen (did|was|were) (we |i |they |you )?(last|latest)\b|\bwhen last\b|\b(the )?last time\b/;

/** The best or worst day: "which day did we collect the most eggs". */
export const MOST_DAY =
  /\b(which|what) day\b.*\b(most|highest|best|least|lowest|fewest|worst)\b|\b(best|highest|lowest|worst) (laying |egg |milk )?day\b/;

const OPERATIONS: [Operation, RegExp][] = [
  ['most', MOST_DAY],
  ['latest', WHEN_LAST],
  ['rate', /\b(percent|hen-day|rate|ratio)\b/],
  ['average', /\b(average|per day|a day|daily|each day)\b/],
  [
    'count',
    /\b(how (many|much)|total|number|count|sum|tally|quantity|amount|wetin be|what is the (figure|count))\b/,
  ],
  ['latest', /\b(current|currently|latest|last (weigh\w*|record\w*)|now|reach|heavy)\b/],
  ['list', /\b(which|what|wetin|list|show( me)?|tell me|give me|any)\b/],
];

/** Animals, by kind or group: what counts and deaths are about. */
const ANIMALS =
  /\b(animals?|livestock|birds?|fowls?|chickens?|layers?|broilers?|cockerels?|noilers?|hens?|turkeys?|ducks?|goats?|sheep|rams?|cows?|cattle|bulls?|pigs?|rabbits?|catfish|tilapia|fish|fingerlings?|pen [a-z0-9]|pond \d|batch|flock|herd)\b/;
/** Supplies named by the animals they feed: "broiler finisher" is a bag in the store, not broilers. */
const FEED_NAMES =
  /\b(fish feed|broilers? (finisher|starter|feed)|layers? (mash|feed)|chick mash|grower mash|starter mash)\b/g;
const withoutFeeds = (text: string) => text.replace(FEED_NAMES, ' ');
/** Said of animals in general ("a layer", "do goats"), not of the farm's. */
const GENERIC =
  /\b(a|an|one|each|every|per) (\w+ )?(layers?|hens?|birds?|chickens?|broilers?|goats?|cows?|pigs?|fish|catfish|animals?|sheep|rabbits?)\b|\b(does|do) (layers|hens|birds|chickens|broilers|goats|cows|pigs|fish|catfish|animals|sheep|rabbits)\b/;

/**
 * The measures, tried in order (the first whose words and conditions hold is the one asked):
 * each names the record and what a question about it must also say.
 */
type Rule = {
  measure: RecordAsk;
  words: RegExp;
  holds: (slots: Omit<RecordSlots, 'measure'>, text: string) => boolean;
};

const figure = (s: Omit<RecordSlots, 'measure'>) =>
  s.operation === 'most' || s.operation === 'count' || s.operation === 'average' || s.operation === 'rate';

const RULES: Rule[] = [
  // Money first: "how much did I spend on feed" is money, not feed.
  {
    measure: 'owed',
    words:
      /\b(owe|owes|owed|owing|debts?|debtors?|creditors?|unpaid|not paid|never pay|yet to pay|balance|(supposed|due|going) to pay|payment (is )?due)\b|\bwhen (is|will|did) [a-z ]+ pay\b/,
    // Money owed is the farm's own, whoever is named ("when is Mama Tola supposed to pay?").
    holds: (s, text) =>
      (s.own || /\b(supposed|due) to pay\b|\bwhen\b/.test(text)) &&
      !/\b(should|how (do|can|to)|order|orders|happen|gona|marketplace|dispute|why)\b/.test(text),
  },
  {
    measure: 'profit',
    words:
      /\b(profit|margin|(?<!weight )gain|loss|make (any )?money|making money|in the red|break even|(income|sales|earnings) and (expenses|expenditure|spending|costs?)|(expenses|expenditure|spending|costs?) and (income|sales|earnings))\b/,
    holds: (s, text) => s.own && !s.advice && !/\bweigh/.test(text),
  },
  {
    measure: 'spent',
    words:
      /\b(spent|spend|spending|expenses|expenditure|costs?|cost me|paid for|pay for|bought|money (go|went)|paid out|(did|have) (i|we) buy|what (i|we) buy|pay (my|our|the) (workers|staff|labourers|boys)|wages|salar(y|ies))\b/,
    holds: (s, text) =>
      s.own &&
      !s.advice &&
      (figure(s) || s.period || /\b(spent|expenses|costs)\b/.test(text) || s.operation === 'list'),
  },
  {
    measure: 'earned',
    words:
      /\b(earn\w*|income|sales|sold|sell|revenue|made from|make from|gain from|bring in|brought in|bring|brought|money (from|i (make|made)|(wey )?(enter|entered|came in|come in|comes in))|(fetch|fetched) (in )?(money|me|us)|how much (money )?(did |have )?(i|we) (don )?(make|made))\b/,
    holds: (s, text) =>
      s.own &&
      !s.advice &&
      !/\b(where|who|whom|when|price|market|commission|fees?|charges?)\b/.test(text) &&
      // "How many crates did we sell?": the sales, with what was sold; "how many do I have" is no sale.
      (!/\bhow many\b/.test(text) || /\b(sell|sold)\b/.test(text)) &&
      (figure(s) || s.bare || /\b(earn\w*|income|sales|revenue)\b/.test(text)),
  },
  // Animals.
  {
    measure: 'eggs',
    words:
      /\b(eggs?|crates?|hen-day|laying (rate|percent)|lay(ed)? rate)\b|\blay\b.*\bpercent\b|\b(which|compare)\b.*\b(pens?|flocks?|layers?)\b.*\blay\w*\b|\blayers?\b.*\b(lay|laid)\b.*\b(percent|rate)\b/,
    holds: (s, text) =>
      s.own &&
      !s.advice &&
      (figure(s) ||
        s.period ||
        s.operation === 'latest' ||
        /\b(lay|laid|collected|produce\w*|production)\b/.test(text)) &&
      // "the eggs laid last week are small and soft" tells of the eggs, it asks no figure.
      !(EGG_TROUBLE.test(text) && s.operation !== 'count'),
  },
  {
    measure: 'deaths',
    words: /\b(died|dead|deaths?|die|mortality|lose|loses|losing|lost)\b/,
    holds: (s, text) =>
      s.own &&
      !s.advice &&
      // A period alone is not enough: "3 don die since yesterday, they pant" tells of trouble.
      (figure(s) || s.bare || /\bany\b/.test(text)) &&
      !/\bwhy\b/.test(text),
  },
  {
    measure: 'births',
    words:
      /\b(born|births?|kidded|kidding|calved|calving|farrowed|farrowing|lambed|lambing|hatched|delivered|new ?borns?)\b/,
    holds: (s) => s.own && !s.advice && (figure(s) || s.period || s.bare),
  },
  {
    measure: 'weight',
    words: /\b(weigh|weighs|weight|weighed|weighing|how heavy|heaviness|how big)\b/,
    // "What percent of body weight do I feed?", "market weight": a guide's figure, not a weighing.
    holds: (s, text) =>
      s.own && !s.advice && !/\b(body ?weight|percent|feed\w*|market weight|target|ideal)\b/.test(text),
  },
  {
    measure: 'feed_used',
    words: /\bfeed\b|\blayer mash\b|\bmash\b/,
    holds: (s, text) =>
      s.own &&
      !s.advice &&
      /\b(used|use|usage|gave|give|given|eat|ate|eaten|consumed|consumption|consume|intake|finished|fed|went)\b/.test(
        text,
      ) &&
      (figure(s) || s.period || s.operation === 'latest'),
  },
  {
    measure: 'milk',
    words: /\bmilk\w*\b|\b(cows?|dairy|cattle)\b.*\b(produce\w*|give|gave|yield\w*)\b/,
    holds: (s) => s.own && !s.advice && (figure(s) || s.period || s.operation === 'latest'),
  },
  {
    measure: 'fish_harvest',
    words: /\b(fish|catfish|tilapia)\b/,
    holds: (s, text) =>
      s.own &&
      !s.advice &&
      (figure(s) || s.period || s.operation === 'latest') &&
      /\b(harvest\w*|caught|catch|took out|brought out|sold|sell|removed)\b/.test(text),
  },
  {
    measure: 'head_count',
    words: ANIMALS,
    holds: (s, full) => {
      const text = withoutFeeds(full);
      return (
        ANIMALS.test(text) &&
        (s.own || /\b(on|in) (the|my|our) (farm|pen|pond)\b/.test(text)) &&
        !s.advice &&
        !s.period &&
        (s.operation === 'count' || /\bhead ?count\b/.test(text) || /\b(remain\w*|alive)\b/.test(text)) &&
        !/\b(eggs?|plant|seeds?|bags?|hectares?|acres?|kg|litres?|stems?|suckers?|feed|vaccine|drugs?|space|room|square)\b/.test(
          text,
        )
      );
    },
  },
  // The store.
  {
    measure: 'low_stock',
    words:
      /\b(low|finish\w*|running out|run out|almost out|out of stock|restock|buy more|reorder|enough)\b|\bwhat (should|do|must) (i|we) (need to )?buy\b/,
    holds: (s, text) =>
      !/\b(how much|how many|quantity|amount)\b/.test(text) &&
      !/\benough\b/.test(text) &&
      (/\b(store|supplies|stock|items|things|what|wetin|which)\b/.test(text) || s.operation === 'list') &&
      !/\b(eggs|milk|laying|lay)\b/.test(text),
  },
  {
    measure: 'supply_used',
    words:
      /\b(used|consumed|took out|taken out|finished)\b|\b(did|have|has|do) (i|we|they|you) use\b|\b(i|we|they) (don )?use\b/,
    holds: (s, text) => s.own && !s.advice && (figure(s) || s.operation === 'list' || /\bstore\b/.test(text)),
  },
  {
    measure: 'supply',
    words:
      /\b(left|remain\w*|in (my|the|our) store|in stock|do (i|we) have|have we got|i get|we get|still have|enough|store|supplies|stock|low|running low)\b/,
    holds: (s, text) =>
      !s.advice &&
      // "Is urea low?": one supply asked about, whatever it is called.
      (figure(s) || /\b(enough|remain\w*|left|wetin|what|which|list|low)\b/.test(text)) &&
      !ANIMALS.test(withoutFeeds(text)),
  },
];

/** Reads the slots of a question about the farm's records. */
export function recordSlots(plain: string): RecordSlots {
  const text = recordWords(plain);
  const period = periodOf(plain, '2000-06-15') !== null;
  const operation = OPERATIONS.find(([, pattern]) => pattern.test(text))?.[0] ?? null;
  // "milk for 12th November", "feed used by pen b last week": a thing and a period in a few words,
  // asked of nothing else, is a figure ("3 don die since yesterday, they pant" tells, it does not ask).
  const bare = text.split(' ').length <= BARE_WORDS && period && !ASKS_OTHERWISE.test(text);
  const op: Operation | null = operation ?? (bare ? 'count' : null);
  // A bare phrase of the farm's things ("total animals on the farm", "deaths in pen a").
  const short = text.split(' ').length <= BARE_WORDS && !ASKS_OTHERWISE.test(text);
  const own =
    MINE.test(text) ||
    PAST.test(text) ||
    period ||
    AS_IT_STANDS.test(text) ||
    short ||
    (op === 'count' && !GENERIC.test(text));
  const advice = ADVICE.test(text);
  const base = { operation: op, own, advice, period, bare: short };
  const rule = RULES.find((candidate) => candidate.words.test(text) && candidate.holds(base, text));
  return { measure: rule?.measure ?? null, ...base };
}

/** A request for a figure as a bare phrase ("eggs last week") is this short. */
const BARE_WORDS = 8;

/** Words in a person's place that are no person ("what should I do", "what do the birds need"). */
const NOT_A_NAME =
  /^(i|we|you|me|they|them|dem|una|he|she|it|the|my|our|your|this|that|these|those|one|farmer|farmers|someone|somebody|people|person|worker|workers|birds?|goats?|pigs?|cows?|fish|animals?|crops?|plants?|layers?|broilers?|fowls?|chickens?|today|now|next|else|exactly|really|thing|things|anyone|anybody|everyone|everybody|remain|left|more|work|job|jobs|task|tasks|need|still|then|first|again|there|here)$/;

/** The farm record a question asks for, when it asks for one. */
export function recordAsked(plain: string): RecordAsk | null {
  const text = recordWords(plain);
  return tasksAsked(text) ?? cropsAsked(text) ?? recordSlots(plain).measure;
}

/** Tasks: today's, late ones, a person's. */
function tasksAsked(text: string): RecordAsk | null {
  // "Wetin Musa suppose do?", "What is Ngozi supposed to do today?": a person named, and what they are to do.
  const person =
    /\b(what|wetin|which work) (does |is |will |did |has |have )?([a-z]{3,})( [a-z]{3,})? (suppose|supposed|should|go|get|got|has|have|need|needs|must|dey|is to|to|doing) (to )?(do\b)?/.exec(
      text,
    );
  if (person && !NOT_A_NAME.test(person[3]!) && (person[7] || person[5] === 'doing')) return 'tasks_person';
  // "What did Musa not finish?": a person's late tasks.
  const undone =
    /\b(what|which|wetin) (did |has |have |does )?([a-z]{3,}) (not|never|no|didn't|did not|fail to|don't|do not) (finish|do|done|complete)\w*\b/.exec(
      text,
    );
  if (undone && !NOT_A_NAME.test(undone[3]!)) return 'tasks_late';
  // Pidgin: "wetin Ngozi do today", "wetin Musa dey do".
  const pidgin = /\bwetin ([a-z]{3,}) (dey |go |don )?do\b(?! (i|we|you|they|dem|una|my|the|am|with)\b)/.exec(
    text,
  );
  if (
    pidgin &&
    !NOT_A_NAME.test(pidgin[1]!) &&
    !/^(i|we|you|dem|una|they|he|she|to|can|should|must|will|did|does|is)$/.test(pidgin[1]!)
  )
    return 'tasks_person';
  if (/\b(tasks?|jobs?|work|to ?do|duties|chores?)\b/.test(text)) {
    if (
      /\b(late|overdue|missed|behind|not done|undone|pending|never (finish\w*|done|do)|not finish\w*|unfinished|pass(ed)? (their|the|its) (due )?dates?|past (their|the|its) due)\b/.test(
        text,
      )
    )
      return 'tasks_late';
    // "What work did I give Ngozi?": the work given to a person named.
    const given = /\b(give|gave|given|assign\w*) (to )?([a-z]{3,})\b/.exec(text);
    if (given && !NOT_A_NAME.test(given[3]!)) return 'tasks_person';
    if (
      /\b(?!(today|tomorrow|farm|week|month|day|everyone|everybody)'s)\w+'s (tasks?|jobs?|work)\b|\b(tasks?|jobs?|work) (is |are |was )?(for|of|given to|assigned to) (?!(me|today|tomorrow|the|my|this|us|everyone|everybody|now)\b)[a-z]+\b/.test(
        text,
      )
    )
      return 'tasks_person';
    if (/\b(today|now|this morning|this week|coming|upcoming|tomorrow|next few days|due)\b/.test(text))
      return 'tasks_today';
  }
  if (
    /\bwhat (do|should|must) (i|we) do (today|now|this morning)\b|\bwhat (do|must) (i|we) have to do (today|now)\b|\bwetin (i|we) go do today\b|\bmy (tasks|jobs) (for )?today\b|\b(i|we) (have|need) to do today\b/.test(
      text,
    )
  )
    return 'tasks_today';
  return null;
}

/** Crops: what is growing, a crop's stage, its next work, its harvest. */
function cropsAsked(text: string): RecordAsk | null {
  if (
    /\bnext\b/.test(text) &&
    /\b(work|job|jobs|task|tasks|do|farm work)\b/.test(text) &&
    /\b(my|the|our)\b/.test(text) &&
    !/\b(today|sick|ill|dying|dead|disease|pests?|insects?|worms?|spots?|leaves|animals?|goats|birds|pigs?|cows|fish)\b/.test(
      text,
    )
  )
    return 'crop_next';
  // "What is next for my maize?"
  if (/\bwhat('s| is) next (for|on|with) (my|the|our)\b/.test(text) && !ANIMALS.test(text))
    return 'crop_next';
  if (
    /\b(stage|how far|how is|how are|doing)\b.*\b(my|the|our)\b/.test(text) &&
    !/\b(week|days|should|when|spacing|between|apart|distance|deep|wide)\b/.test(text) &&
    !ANIMALS.test(text)
  )
    return 'crop_stage';
  if (/\bhow many (hectares?|acres?|ha|plots?)\b.*\b(did|have) (i|we) (plant|sow)\w*\b/.test(text))
    return 'crop_stage';
  if (
    /\bwhen (is|are|will) (the|my|our) [a-z]+ (going to be |to be |be )?(planted|sown|transplanted)\b/.test(
      text,
    )
  )
    return 'crop_stage';
  if (
    /\bwhen (will|would|is|go|can|does|should|do)\b.*\b(my|our|the)\b.*\b(be ready|ready|reach|mature|harvest\w*)\b/.test(
      text,
    ) &&
    !/\bhow\b/.test(text) &&
    !/\b(should|can) (i|we) harvest\b/.test(text)
  )
    return 'harvest_date';
  if (/\bwhen\b.*\b(my|our|the) [a-z]+ (go|will|would) (be )?(ready|mature)\b/.test(text))
    return 'harvest_date';
  // "When is harvest for the cassava?", "harvest date of my maize": the farm's own planting's day.
  if (
    /\bwhen (is|will be) (the )?harvest\b|\bharvest (time|date|day) (for|of)\b/.test(text) &&
    /\b(my|our|the)\b/.test(text) &&
    !/\b(best|right|good) time\b|\bsigns?\b|\bshould\b/.test(text)
  )
    return 'harvest_date';
  if (
    /\bwhen\b.*\b(will|can|go|do) (i|we)\b.*\bharvest\b|\b(expected|due) harvest\b|\bharvest date\b|\bready for harvest\b.*\bmy\b/.test(
      text,
    )
  )
    return 'harvest_date';
  if (
    /\b(what|which) crops?\b.*\b(i|we|my|our)\b.*\b(have|grow\w*|plant\w*|get|dey)\b|\bmy crops\b|\bcrops (do i|i) have\b|\bwhat (am i|i dey|we dey|are we|do we|do i) (growing|planting|grow)\b|\bwhat is growing\b|\b(what|wetin) (did|have|i|we) (i |we )?(plant|planted)\b|\bcrops on (my|the) farm\b|\b(what|which) crops? (dey|are|is) (on|in) (my|the|our) farm\b|\bgrowing right now\b|\b(what|which) crops?\b.*\b(in|on) (my|the|our) (field|fields|farm|ground|land|plots?)\b|\b(what|which) crops? (dey|are|is|do (i|we) have) (on |in |for )?(my|the|our) farm\b/.test(
      text,
    )
  )
    return 'crops';
  return null;
}
