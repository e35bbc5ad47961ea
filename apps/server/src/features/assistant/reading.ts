import type { KnowledgeCrop } from '@gona/shared/crops';
import { STATE_CAPITALS } from '@gona/shared/climate';
import { NIGERIAN_STATES } from '@gona/shared/farms';
import type { LivestockSpecies } from '@gona/shared/livestock';
import { normalizeQuestion } from '../knowledge/search.service';
import { detectIntent, detectSubjects, type Intent } from './lookups';
import { periodOf, recordAsked } from './record-reading';

/**
 * A question read into what it is about and what it asks (docs/decisions/055-assistant-reads-the-question-and-cares-first.md):
 * the crop and animals it names (by the knowledge base's names, local names and misspellings), a
 * place it names, the period it speaks of, the farm record it asks for, the look-up it asks for,
 * and the language it is written in. Every wording of the same question should read the same.
 */
export type Reading = {
  /** As written: lower case, accents gone, single spaces. */
  plain: string;
  /** In the knowledge base's words (normalizeQuestion). */
  normalized: string;
  /** Both, for patterns that may match either. */
  both: string;
  language: Language;
  crop: KnowledgeCrop | null;
  species: LivestockSpecies[];
  /** A Nigerian state the question names ("maize in Kano"), by a state's or a town's name. */
  state: string | null;
  period: Period | null;
  record: RecordAsk | null;
  intent: Intent | null;
};

export type Language = 'en' | 'pcm' | 'ha' | 'yo' | 'ig';

export type Period = { from: string; to: string; words: string };

/** What the farm's own records should answer. */
export type RecordAsk =
  | 'eggs'
  | 'head_count'
  | 'deaths'
  | 'births'
  | 'weight'
  | 'feed_used'
  | 'milk'
  | 'fish_harvest'
  | 'supply'
  | 'supply_used'
  | 'low_stock'
  | 'spent'
  | 'earned'
  | 'profit'
  | 'owed'
  | 'crops'
  | 'crop_stage'
  | 'crop_next'
  | 'harvest_date'
  | 'tasks_today'
  | 'tasks_late'
  | 'tasks_person';

export function plainText(question: string): string {
  return spelledOut(
    question
      .toLowerCase()
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .replace(/[ɗđ]/g, 'd')
      .replace(/ƙ/g, 'k')
      .replace(/ɓ/g, 'b')
      .replace(/[’‘`]/g, "'")
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

/**
 * Words as farmers type them on a phone, in full: abbreviations ("yday", "wk", "2day"), common
 * misspellings ("wat", "yestaday"), apostrophes left out ("dont", "whats") and Pidgin spellings of
 * English words ("dis", "dat"). Every pattern of the reading is then written once, for the full word.
 */
const SPELLINGS: [RegExp, string][] = [
  [/\b(yday|ytd|yest|yesterdy|yestarday|yestaday|yesturday|yeserday|yestday|yesteday)\b/g, 'yesterday'],
  [/\b(2day|tday|tdy|todays)\b/g, 'today'],
  [/\b(2moro|2morrow|tmrw|tmr|tomoro|tomorow)\b/g, 'tomorrow'],
  [/\b(wk|wek|weeek)\b/g, 'week'],
  [/\b(wks|weks)\b/g, 'weeks'],
  [/\b(mnth|mth|mont|monh)\b/g, 'month'],
  [/\b(mnths|mths|monts)\b/g, 'months'],
  [/\b(wat|wht|wot|whta|waht)\b/g, 'what'],
  [/\bwhats\b/g, 'what is'],
  [/\b(hw|hwo)\b/g, 'how'],
  [/\bhmany\b/g, 'how many'],
  [/\bwen\b/g, 'when'],
  [/\b(dis)\b/g, 'this'],
  [/\b(dat)\b/g, 'that'],
  [/\b(b4|bfr)\b/g, 'before'],
  [/\b(pls|plz|plss)\b/g, 'please'],
  [/\b(u)\b/g, 'you'],
  [/\b(ur)\b/g, 'your'],
  [/\b(dont|dnt)\b/g, "don't"],
  [/\b(didnt|didn)\b/g, "didn't"],
  [/\b(doesnt)\b/g, "doesn't"],
  [/\b(cant)\b/g, "can't"],
  [/\b(wont)\b/g, "won't"],
  [/\b(isnt)\b/g, "isn't"],
  [/\b(arent)\b/g, "aren't"],
  [/\b(havent)\b/g, "haven't"],
  [/\b(im)\b(?= (sick|ill|tired|feeling|not|going|so|very|dying))/g, "i'm"],
  [/\b(eggz|egs|egss)\b/g, 'eggs'],
  [/\b(tot|totl)\b/g, 'total'],
  [/\b(qty)\b/g, 'quantity'],
  [/\b(hen day|henday)\b/g, 'hen-day'],
  [/\b(mortalities)\b/g, 'mortality'],
];

export function spelledOut(text: string): string {
  let out = ` ${text} `;
  for (const [pattern, words] of SPELLINGS) out = out.replace(pattern, words);
  return out.replace(/\s+/g, ' ').trim();
}

export function readQuestion(question: string, crops: Iterable<KnowledgeCrop>, today: string): Reading {
  const plain = plainText(question);
  const asTyped = question.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  const normalized = normalizeQuestion(question);
  const both = `${plain} | ${normalized}`;
  const subjects = detectSubjects(both, crops);
  return {
    plain,
    normalized,
    both,
    // Pidgin's own spellings ("wen", "dis") mark it: the language is read from the words as typed.
    language: languageOf(asTyped),
    crop: subjects.crop,
    species: subjects.species,
    state: stateNamed(plain),
    period: periodOf(plain, today),
    record: adviceAsked(plain, recordAsked(plain)),
    // Each wording on its own: a pattern must never match across the two.
    intent: askedOf(
      plain,
      detectIntent(plain) ?? detectIntent(normalized) ?? localIntent(plain) ?? careDay(plain),
    ),
  };
}

/**
 * Record or advice: "how many grams does one layer eat a day?", "what percent of body weight do I
 * feed catfish?" ask a rate for each animal, which the notes give; "how much feed did we use last
 * week?" asks what this farm recorded. A rate for one animal, or a share of body weight, with nothing
 * said of what was done or recorded, is advice.
 */
function asksARate(plain: string): boolean {
  return RATE.test(plain) && !RECORDED.test(plain);
}

/**
 * The farm record a question asks for, unless it asks for advice: a rate for one animal
 * (`asksARate`), or the spacing of a crop ("how far i go space my cocoa?" is not how far along it is).
 */
function adviceAsked(plain: string, record: RecordAsk | null): RecordAsk | null {
  if (!record || asksARate(plain)) return null;
  if (CROP_RECORDS.has(record) && SPACING.test(plain)) return null;
  return record;
}
const CROP_RECORDS = new Set<RecordAsk>(['crops', 'crop_stage', 'crop_next', 'harvest_date']);
const SPACING = /\b(space|spacing|spaced|apart|distance between|gap between|plant population)\b/;
const ANIMAL =
  '(birds?|hens?|layers?|broilers?|fowls?|chickens?|chicks?|turkeys?|ducks?|goats?|sheep|pigs?|piglets?|sows?|cows?|cattle|fish|fingerlings?|catfish|tilapia|rabbits?|animals?|heads?)';
const RATE = new RegExp(
  `\\b(per|each|every|one|a single|a|1) ${ANIMAL}\\b|\\b${ANIMAL} (each|per day|a day)\\b|\\bper (bird|head|animal)\\b|\\b(percent\\w*|%) of (their |its |the )?body ?weight\\b|\\bbody ?weight\\b`,
);
const RECORDED =
  /\b(did|used|use[ds]? so far|was|were|have (we|i) (used|given|fed)|last|this (week|month|year)|yesterday|so far|recorded|record|since|total|altogether|we don|i don)\b/;

/**
 * What the look-up reading leaves to the notes: a schedule answers when, not how to keep, carry or
 * give a vaccine ("what do I use to keep the vaccine cold when I buy it?"); a crop's rates do not say
 * what a fertilizer's numbers mean ("what do 15 15 15 on the bag mean?").
 */
function askedOf(plain: string, intent: Intent | null): Intent | null {
  if (intent === 'care' && HOW_TO_KEEP.test(plain)) return null;
  if (intent === 'fertilizer' && MEANING.test(plain)) return null;
  return intent;
}
const HOW_TO_KEEP =
  /\b(keep\w* (the |it |them |am |my |dem )?(vaccines?|cold|cool)|store|storing|cold|cool|ice|fridge|carry|transport|dissolve|how (do|to|i|we) (give|use|mix))\b/;
const MEANING = /\b(mean|means|meaning|stand for|stands for|what is npk|what are the numbers)\b/;

/**
 * "gumboro vaccine day for broilers", "deworm age for goats": a vaccine or a dewormer with a day, a
 * week or an age asks when it is given, as "when" would.
 */
function careDay(plain: string): Intent | null {
  return CARE_WORD.test(plain) && CARE_TIME.test(plain) && !HOW_TO_KEEP.test(plain) ? 'care' : null;
}
const CARE_WORD = /\b(vaccin\w*|deworm\w*|gumboro|newcastle|lasota|fowl pox)\b/;
const CARE_TIME = /\b(day|days|week|weeks|age|date|month|months|old)\b/;

/**
 * Animals a question names by their role or their product rather than by kind: a sow, a gilt or a
 * boar is a pig ("gestation period of a sow"), kids are goats, pullets and eggs are layers. Read only
 * when the question names no crop (to sow a crop is to plant it) and no kind of animal.
 */
export function impliedSpecies(plain: string): LivestockSpecies[] {
  const found = new Set<LivestockSpecies>();
  for (const [pattern, kinds] of ROLES) if (pattern.test(plain)) for (const kind of kinds) found.add(kind);
  return [...found];
}
const ROLES: [RegExp, LivestockSpecies[]][] = [
  [
    /\b(a|my|the|our|his|her|one|each|pregnant|mated|in-?pig) sows?\b|\bsows? (is|was|has|have|dey|don|get|gives?|gave|farrow\w*|deliver\w*|pregnan\w*|gestation)\b|\bsow'?s\b|\b(gilts?|farrow\w*)\b/,
    ['pig'],
  ],
  [/\b(pullets?|eggs?|laying birds?)\b/, ['chicken_layer']],
  [/\b(kids|kidding|billy|nanny)\b/, ['goat']],
  [/\b(kindl\w*|bunn(y|ies))\b/, ['rabbit']],
];

/**
 * The look-ups a Hausa, Yoruba or Igbo question asks for, by its question and farming words:
 * when (yaushe, nigba wo, olee mgbe) to plant (shuka, gbin, ku), fertilizer (taki, ajile).
 */
function localIntent(plain: string): Intent | null {
  const when = /\b(yaushe|nigba wo|igba wo|olee mgbe|mgbe ole|kedu mgbe)\b/.test(plain);
  if (when && /\b(shuka|gbin|ku|kuo|aku|aku ya)\b/.test(plain)) return 'planting';
  if (/\b(taki|ajile|fatilaiza|fetilaiza)\b/.test(plain)) return 'fertilizer';
  return null;
}

/** Words that mark a language (a question scores each; two marks and more than English's wins). */
const MARKERS: Record<Exclude<Language, 'en'>, Set<string>> = {
  pcm: new Set(
    'wetin dey abeg una don wey na sabi pikin chop comot wahala shey abi sef oya sey dem wan wen waka belle yansh'.split(
      ' ',
    ),
  ),
  ha: new Set(
    'ina yaya zan kaji noma masara shinkafa akuya wane lokaci shuka taki menene nawa zai yi da a ta ne na ke ko mene yaushe gero dawa gyada wake tumatir albasa shanu tumaki aladu kifi don allah dabbobi cuta magani'.split(
      ' ',
    ),
  ),
  yo: new Set(
    'bawo nigba wo mo oko agbado adiye ewure ki se fun gbin ajile iresi ewa isu ege eja maalu elede aguntan oogun arun ti mi wa je lati awon ni'.split(
      ' ',
    ),
  ),
  ig: new Set(
    'kedu olee m ubi oka okuko ewu ga ka aku gini maka ihe mgbe kuo nri osikapa ji akpu azu ehi ezi aturu ogwu oria nke ya na anyi'.split(
      ' ',
    ),
  ),
};
const ENGLISH = new Set(
  'the is are what how when why which my i do does should can to for of and in on a an it with have has how much many will best time plant your this that there'.split(
    ' ',
  ),
);

export function languageOf(plain: string): Language {
  const words = plain.match(/\p{L}+/gu) ?? [];
  const english = words.filter((word) => ENGLISH.has(word)).length;
  let best: Language = 'en';
  let bestScore = 0;
  for (const [language, marks] of Object.entries(MARKERS) as [Exclude<Language, 'en'>, Set<string>][]) {
    const score = words.filter((word) => marks.has(word)).length;
    if (score > bestScore) {
      best = language;
      bestScore = score;
    }
  }
  if (best === 'pcm') return bestScore >= 1 ? 'pcm' : 'en';
  // Hausa, Yoruba and Igbo share short words with English and Pidgin: a local language needs
  // more of its own words than English ones.
  return bestScore >= 2 && bestScore > english
    ? best
    : english === 0 && bestScore >= 1 && words.length <= 4
      ? best
      : 'en';
}

/**
 * Farm words a misspelling is read as (assistant.service, `spelledFarmWords`): the names of crops
 * and animals, their pests and diseases, their vaccines and what is asked of them. Only words the
 * knowledge base does not write are read as one of these.
 */
export function farmWords(crops: Iterable<KnowledgeCrop>): string[] {
  return [...FARM_WORDS, ...[...crops].flatMap((crop) => [crop.key, crop.name.toLowerCase()])].filter(
    (word) => word.length >= 5,
  );
}
const FARM_WORDS =
  'vaccine vaccines vaccinate vaccination gumboro newcastle lasota komarov deworm dewormer fertilizer fertiliser weevils harvest harvesting broiler broilers layers cockerel cockerels turkey turkeys catfish tilapia fingerlings fingerling cassava sorghum millet groundnut groundnuts cowpea soybean sesame tomato tomatoes pepper onions plantain spacing planting transplant hectare pesticide insecticide herbicide diarrhoea temperature pregnant nursery seedlings armyworm coccidiosis mosaic striga aflatoxin piglets chicken chickens cattle rabbit rabbits manure compost schedule weeding brooder brooding poultry disease'.split(
    ' ',
  );

/** Towns farmers name for their state. */
const TOWNS: Record<string, string> = {
  zaria: 'Kaduna',
  kafanchan: 'Kaduna',
  funtua: 'Katsina',
  nsukka: 'Enugu',
  onitsha: 'Anambra',
  aba: 'Abia',
  ogbomoso: 'Oyo',
  ibadan: 'Oyo',
  mokwa: 'Niger',
  potiskum: 'Yobe',
  abuja: 'FCT',
  jos: 'Plateau',
  'jos plateau': 'Plateau',
  maiduguri: 'Borno',
  ilorin: 'Kwara',
  makurdi: 'Benue',
  'port harcourt': 'Rivers',
};

const PLACE_NAMES: [RegExp, string][] = (() => {
  const names: [string, string][] = [];
  for (const state of NIGERIAN_STATES) {
    names.push([state.toLowerCase(), state]);
    const capital = (STATE_CAPITALS as Record<string, { town: string }>)[state]?.town;
    if (capital) names.push([capital.toLowerCase(), state]);
  }
  for (const [town, state] of Object.entries(TOWNS))
    if ((NIGERIAN_STATES as readonly string[]).includes(state)) names.push([town, state]);
  names.sort((a, b) => b[0].length - a[0].length);
  return names.map(([name, state]) => [
    new RegExp(`\\b${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`),
    state,
  ]);
})();

/** The state a question names; "Niger" the state, not the river, and not "Nigeria". */
export function stateNamed(plain: string): string | null {
  const text = plain.replace(/\bnigeria\w*\b/g, ' ');
  for (const [pattern, state] of PLACE_NAMES) if (pattern.test(text)) return state;
  return null;
}
