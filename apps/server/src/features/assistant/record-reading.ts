import { addDays } from '../../lib/farm-time';
import { dayMonth } from './context';
import type { Period, RecordAsk } from './reading';

/**
 * What a question asks of the farm's own records, and the period it speaks of
 * (docs/decisions/055-assistant-reads-the-question-and-cares-first.md).
 */

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

/** The period a question speaks of ("last week", "yesterday", "this month", "in October"), in the farm's days. */
export function periodOf(plain: string, today: string): Period | null {
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  const monday = addDays(today, -weekday);
  const monthStart = `${today.slice(0, 8)}01`;
  const range = (from: string, to: string, name: string): Period => ({
    from,
    to,
    words: from === to ? `${name} (${dayMonth(from)})` : `${name} (${span(from, to)})`,
  });
  if (/\btoday\b|\bthis morning\b|\btoday's\b|\bnow now\b/.test(plain)) return range(today, today, 'today');
  if (/\byesterday\b|\byestarday\b/.test(plain)) {
    const day = addDays(today, -1);
    return range(day, day, 'yesterday');
  }
  if (/\b(last|past|previous) week\b|\blast wk\b/.test(plain))
    return range(addDays(monday, -7), addDays(monday, -1), 'last week');
  if (/\bthis week\b|\bthis wk\b/.test(plain)) return range(monday, today, 'this week');
  const days = /\b(last|past) (\d{1,3}) days\b/.exec(plain);
  if (days) return range(addDays(today, -Number(days[2]) + 1), today, `the last ${days[2]} days`);
  if (/\b(last|past|previous) month\b/.test(plain)) {
    const end = addDays(monthStart, -1);
    return range(`${end.slice(0, 8)}01`, end, 'last month');
  }
  if (/\bthis month\b/.test(plain)) return range(monthStart, today, 'this month');
  if (/\bthis year\b/.test(plain)) return range(`${today.slice(0, 4)}-01-01`, today, 'this year');
  if (/\b(last|past) year\b/.test(plain)) {
    const year = Number(today.slice(0, 4)) - 1;
    return range(`${year}-01-01`, `${year}-12-31`, 'last year');
  }
  // A day: "on 17 November", "17th nov", "Nov 17", "17/11".
  const day = dayNamed(plain, today);
  if (day) return { from: day, to: day, words: `on ${dayMonth(day)}` };
  const month = MONTHS.findIndex((name) =>
    new RegExp(`\\b(in|for|during|of|last) (${name}|${name.slice(0, 3)})\\b`).test(plain),
  );
  if (month >= 0) {
    const thisMonth = Number(today.slice(5, 7)) - 1;
    const year = Number(today.slice(0, 4)) - (month > thisMonth ? 1 : 0);
    const from = `${year}-${String(month + 1).padStart(2, '0')}-01`;
    const next = month === 11 ? `${year + 1}-01-01` : `${year}-${String(month + 2).padStart(2, '0')}-01`;
    const end = addDays(next, -1);
    return range(from, end < today ? end : today, MONTHS[month]![0]!.toUpperCase() + MONTHS[month]!.slice(1));
  }
  return null;
}

/** The day a question names ("on 17 November", "17th nov", "nov 17", "17/11"), in the year up to today. */
function dayNamed(plain: string, today: string): string | null {
  const name = MONTHS.map((month) => `${month.slice(0, 3)}(?:${month.slice(3)}|\\.)?`).join('|');
  let day: number | null = null;
  let month = -1;
  const dayFirst = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)? (?:of )?(${name})\\b`).exec(plain);
  const monthFirst = new RegExp(
    `\\b(${name}) (\\d{1,2})(?:st|nd|rd|th)?\\b(?! ?(kg|days?|weeks?|bags?|birds?))`,
  ).exec(plain);
  const slashed = /\b(?:on|for) (\d{1,2})\/(\d{1,2})\b/.exec(plain);
  const monthOf = (word: string) => MONTHS.findIndex((month) => word.startsWith(month.slice(0, 3)));
  if (dayFirst) [day, month] = [Number(dayFirst[1]), monthOf(dayFirst[2]!)];
  else if (monthFirst) [day, month] = [Number(monthFirst[2]), monthOf(monthFirst[1]!)];
  else if (slashed) [day, month] = [Number(slashed[1]), Number(slashed[2]) - 1];
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

/** The asker speaks of their own farm ("my", "I", "we", "our"). */
const MINE = /\b(my|i|we|our|me|mine|i get|we get|una|for (the|this|my) farm|on (the|this|my) farm)\b/;
/** Asking for a figure. */
const HOW_MUCH =
  /\b(how (many|much)|how many|total|number of|count|what (is|was|are|were) (the|my)|wetin be|sum|tally|record(ed)?|show me|tell me|list|what (did|have) (i|we) (spend|spent|use|used|sell|sold|buy|bought|earn|earned|make|made|collect\w*|harvest\w*))\b/;
/** Asking what is usual or what to do: the guides answer, not the records. */
const ADVICE =
  /\b(should|ought|normal(ly)?|expected to|suppose|supposed|ideal|standard|recommended|why|how long|how old|what age|until when|how (do|can|to|should|i go|fit)|per (bird|hen|layer|animal|head|hectare)|a day should|need)\b/;

/** A period named: the question asks about something that happened (a record), not what is usual. */
const PERIOD_NAMED = (plain: string) => periodOf(plain, '2000-06-15') !== null;
/** Now, still, left, alive: the farm's own things as they stand, whoever is said to own them. */
const AS_IT_STANDS =
  /\b(now|still|currently|presently|at the moment|alive|remain\w*|left|in (my|the|our) (store|farm|pen|pond))\b/;
/** What is wrong with eggs, told: a question about them, not about how many. */
const EGG_TROUBLE =
  /\b(small|soft|thin|shell\w*|blood\w*|spots?|dirty|pale|watery|rotten|smell\w*|tiny|broken|crack\w*|deformed|wrinkled)\b/;
/** A request for a figure as a bare phrase ("eggs last week") is this short. */
const BARE_WORDS = 8;
/** A question that asks whether, when, why or how: not a bare request for a figure. */
const ASKS_OTHERWISE =
  /\b(can|could|should|may|must|when|why|how|which|will|would|is it|is there|are there)\b/;
/** Pidgin tells the past with "don": "how many don die", "wetin don finish". */
const PIDGIN_PAST = /\b(don|done) (die|lay|finish|use|chop|sell|comot|spend|spoil|reach)\b/;

/** Words in a person's place that are no person ("what should I do", "what do the birds need"). */
const NOT_A_NAME =
  /^(i|we|you|me|they|them|dem|una|he|she|it|the|my|our|your|this|that|these|those|one|farmer|farmers|someone|somebody|people|person|worker|workers|birds?|goats?|pigs?|cows?|fish|animals?|crops?|plants?|layers?|broilers?|fowls?|chickens?|today|now|next|else|exactly|really|thing|things)$/;

/** The farm record a question asks for, when it asks for one. */
export function recordAsked(plain: string): RecordAsk | null {
  // A past event ("did Pen B lay", "were collected", "don die") or a named period ("last week") is
  // a record, whoever's it is said to be.
  // "milk for 12th November", "feed used by pen b last week": a thing and a period, in a few words and asked of
  // nothing else, is a figure ("3 don die since yesterday, they pant" tells, it does not ask).
  const bare = plain.split(' ').length <= BARE_WORDS && PERIOD_NAMED(plain) && !ASKS_OTHERWISE.test(plain);
  const figure = HOW_MUCH.test(plain) || bare;
  const mine =
    MINE.test(plain) ||
    /\b(did|were|was)\b/.test(plain) ||
    PIDGIN_PAST.test(plain) ||
    (figure && (PERIOD_NAMED(plain) || AS_IT_STANDS.test(plain)));
  const advice = ADVICE.test(plain);
  // Tasks: today's, late ones, a person's.
  if (/\b(tasks?|jobs?|work|to ?do)\b/.test(plain)) {
    if (
      /\b(late|overdue|missed|behind|not done|undone|pending|never (finish\w*|done)|not finish\w*|unfinished|pass(ed)? (their|the|its) (due )?dates?|past (their|the|its) due)\b/.test(
        plain,
      )
    )
      return 'tasks_late';
    // "What work did I give Ngozi?": the work given to a person named.
    const given = /\b(give|gave|given|assign\w*) (to )?([a-z]{3,})\b/.exec(plain);
    if (given && !NOT_A_NAME.test(given[3]!)) return 'tasks_person';
    if (
      /\b(?!(today|tomorrow|farm|week|month|day|everyone|everybody)'s)\w+'s (tasks?|jobs?|work)\b|\b(tasks?|jobs?|work) (is |are |was )?(for|of|given to|assigned to) (?!(me|today|tomorrow|the|my|this|us|everyone|everybody|now)\b)[a-z]+\b/.test(
        plain,
      )
    )
      return 'tasks_person';
    if (/\btoday\b|\bnow\b|\bthis morning\b/.test(plain)) return 'tasks_today';
  }
  // "Wetin Musa suppose do?", "What does Aisha have to do?": a person named, and what they are to do.
  const person =
    /\b(what|wetin|which work) (does |is |will |did |has |have )?([a-z]{3,})( [a-z]{3,})? (suppose|supposed|should|go|get|got|has|have|need|needs|must|dey|is to|to) (to )?do\b/.exec(
      plain,
    );
  if (person && !NOT_A_NAME.test(person[3]!)) return 'tasks_person';
  if (
    /\bwhat (do|should|must) (i|we) do (today|now|this morning)\b|\bwetin i go do today\b|\bmy (tasks|jobs) (for )?today\b/.test(
      plain,
    )
  )
    return 'tasks_today';
  // Money.
  if (
    /\b(owe|owes|owed|owing|debts?|debtors?|creditors?|unpaid|not paid|never pay|yet to pay)\b/.test(plain) &&
    mine
  )
    return 'owed';
  if (/\b(profit|margin|gain|loss|make (any )?money|making money)\b/.test(plain) && mine && !advice)
    return 'profit';
  if (
    /\b(spent|spend|spending|expenses?|expenditure|costs?|cost me|paid for|pay for|bought)\b/.test(plain) &&
    mine &&
    (figure || /\b(spent|expenses)\b/.test(plain)) &&
    !advice
  )
    return 'spent';
  if (
    /\b(earn\w*|income|sales|sold|revenue|made from|make from|gain from|money (from|i (make|made)|(wey )?(enter|entered|came in|come in|comes in))|(bring|brought|fetch|fetched) (in )?(money|me|us))\b/.test(
      plain,
    ) &&
    mine &&
    !advice
  )
    return 'earned';
  // Animals.
  if (
    /\beggs?\b|\bcrates?\b|\bhen[- ]?day\b|\blaying (rate|percent\w*)\b|\blay(ed)? rate\b/.test(plain) &&
    mine &&
    !advice &&
    (figure || /\b(lay|laid|collect\w*|pick\w*|gather\w*)\b/.test(plain)) &&
    // "the eggs laid last week are small and soft" tells of the eggs, it asks no figure.
    !(EGG_TROUBLE.test(plain) && !HOW_MUCH.test(plain))
  )
    return 'eggs';
  if (
    /\b(died|dead|deaths?|die|mortality|kpai|lose|loses|losing|lost)\b/.test(plain) &&
    figure &&
    mine &&
    !advice
  )
    return 'deaths';
  if (
    /\b(weigh|weighs|weight|weighed|kg|heavy|heaviness)\b/.test(plain) &&
    mine &&
    !advice &&
    /\b(how (much|heavy)|what|average|current|last|now)\b/.test(plain)
  )
    return 'weight';
  if (
    /\bfeed\b/.test(plain) &&
    /\b(used|use|gave|give|given|eat|ate|eaten|consumed|finished|chop)\b/.test(plain) &&
    mine &&
    figure &&
    !/\b(should|need|per bird|a day should)\b/.test(plain)
  )
    return 'feed_used';
  if (/\bmilk\b/.test(plain) && mine && figure && !advice) return 'milk';
  if (
    /\b(fish|catfish|tilapia)\b/.test(plain) &&
    /\b(harvest\w*|caught|catch|sell|sold|took out|brought out|comot)\b/.test(plain) &&
    mine &&
    figure &&
    !advice
  )
    return 'fish_harvest';
  if (
    /\bhow many\b.*\b(do|did)? ?(i|we)\b.*\b(have|get|keep|own|remain|left)\b|\bhow many\b.*\b(are|dey|remain|left|are left|are there|i get|we get|i have|we have|on (the|my) farm|for (the|my) farm)\b|\b(remain\w*|left|alive|dey)\b.*\bhow many\b|\b(head ?count|(number|count) of (my |the |our )?(animals|birds|fowls?|chickens?|goats|pigs|cows|cattle|sheep|rams|fish|catfish|tilapia|layers|broilers|turkeys|ducks|rabbits))\b/.test(
      plain,
    ) &&
    mine &&
    !/\b(eggs?|died|dead|plant|seeds?|bags?|hectares?|acres?|kg|litres?|stems?|suckers?)\b/.test(plain)
  )
    return 'head_count';
  // Supplies and the store.
  if (
    /\b(what is|what's|wetin|which (things|items|supplies))\b.*\b(low|finish\w*|running out|almost out|remaining low)\b|\blow in (my|the) store\b|\b(running|almost) (low|out)\b|\bwhat (should|do|must) (i|we) (need to )?(buy|restock)\b|\brestock\b|\bout of stock\b/.test(
      plain,
    )
  )
    return 'low_stock';
  if (
    /\b(used|use|consumed|finished|took out|taken out)\b/.test(plain) &&
    (figure || /\bwhat\b/.test(plain)) &&
    mine &&
    !advice
  )
    return 'supply_used';
  if (
    /\b(how (much|many)|quantity|amount)\b.*\b(left|remain\w*|in (my|the) store|do i have|i get|we have|in stock|still have)\b/.test(
      plain,
    ) &&
    !advice
  )
    return 'supply';
  // Crops.
  if (
    /\bnext\b/.test(plain) &&
    /\b(work|job|jobs|task|tasks|do|farm work)\b/.test(plain) &&
    /\bmy\b/.test(plain) &&
    !/\b(today|sick|ill|dying|dead|disease|pests?|insects?|worms?|spots?|leaves|animals?|goats?|birds?|pigs?|cows?|fish)\b/.test(
      plain,
    )
  )
    return 'crop_next';
  if (/\b(stage|how far|how is)\b.*\bmy\b/.test(plain) && !/\bweek|days\b/.test(plain)) return 'crop_stage';
  if (
    /\bwhen (will|would|is|go|can|does|should)\b.*\bmy\b.*\b(be ready|ready|reach|mature|harvest\w*)\b/.test(
      plain,
    ) &&
    !/\bhow\b/.test(plain)
  )
    return 'harvest_date';
  if (
    /\bwhen\b.*\b(will|can|go|do) (i|we)\b.*\bharvest\b|\b(expected|due) harvest\b|\bharvest date\b|\bready for harvest\b.*\bmy\b/.test(
      plain,
    ) &&
    mine
  )
    return 'harvest_date';
  if (
    /\b(what|which) crops?\b.*\b(i|we)\b.*\b(have|grow\w*|plant\w*|get)\b|\bmy crops\b|\bcrops (do i|i) have\b|\bwhat (am i|i dey|we dey|are we) (growing|planting)\b|\bwhat is growing\b|\bwhat (did|have) (i|we) plant(ed)?\b|\bcrops on (my|the) farm\b/.test(
      plain,
    )
  )
    return 'crops';
  return null;
}
