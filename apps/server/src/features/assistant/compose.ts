import { normalizeQuestion, type KnowledgeHit } from '../knowledge/search.service';
import type { Subjects } from './lookups';
import { splitSentences } from './numbers';
import type { Reading } from './reading';

/**
 * An answer from the vetted facts that answers (docs/decisions/055-assistant-reads-the-question-and-cares-first.md):
 * the sentence that responds to what was asked first, then what to do, then the source; the second
 * part of a two-part question from the next fact; never a card cut off before its "what to do".
 */
export function composeAnswer(reading: Reading, best: KnowledgeHit, facts: KnowledgeHit[]): string {
  const parts = [factAnswer(reading, best)];
  const second = facts.find((hit) => hit.key !== best.key && hit.rank >= best.rank * SECOND_SHARE);
  if (second && twoParts(reading.plain)) parts.push(factAnswer(reading, second));
  // "Which chemical…?" answered by a note: the pest's own chemical control, with its waiting days.
  const isPest = (hit: KnowledgeHit) => hit.kind === 'pest' || hit.kind === 'disease';
  if (!isPest(best) && CHEMICAL_ASKED.test(reading.plain)) {
    const pest = facts.find((hit) => isPest(hit) && hit.rank >= best.rank * SECOND_SHARE);
    const chemical = pest ? splitAt(pest.text, 'Chemical control:')[1].trim() : '';
    if (pest && chemical) parts.push(`${pest.title}, chemical control: ${chemical}`);
  }
  return parts.join(' ');
}

/** What a farmer sees going wrong: a question with these describes a problem. */
const TROUBLE =
  /\b(sick|ill|dying|died|dead|die|rot\w*|spots?|patch\w*|holes?|eat\w*|chop\w*|yellow\w*|wilt\w*|stunt\w*|curl\w*|swell\w*|swollen|wound\w*|sores?|cough\w*|diarrh\w*|worms?|insects?|caterpillars?|pests?|disease\w*|what is (it|this|wrong)|wetin (dey|happen)|attack\w*|damage\w*|destroy\w*|kill\w*|infest\w*|weevils?|rats?|birds? eat)\b/;

/**
 * A how-to question ("how do I make my soil fertile?") is answered by a note, not by a pest that
 * happens to share its words, unless it describes trouble or names the pest.
 */
export function preferAdvice(reading: Reading, hits: KnowledgeHit[]): KnowledgeHit[] {
  hits = preferPrevention(
    reading,
    preferAsked(reading, preferNamed(reading, preferReadiness(reading, notifiableOnlyNamed(reading, hits)))),
  );
  const best = hits[0];
  if (!best || (best.kind !== 'pest' && best.kind !== 'disease')) return hits;
  if (TROUBLE.test(reading.plain) || namesTitle(reading, best.title)) return hits;
  const advice = hits.find((hit) => hit.kind === 'advice' && hit.rank >= best.rank * ADVICE_SHARE);
  return advice ? [advice, ...hits.filter((hit) => hit !== advice)] : hits;
}
/**
 * A notifiable disease leads an answer only when the question names it: signs that did not raise
 * the alarm (signs.ts) are not that disease's, so a close fact that is not notifiable answers first
 * ("my goat dey cough and catarrh dey comot" is pneumonia before PPR).
 */
function notifiableOnlyNamed(reading: Reading, hits: KnowledgeHit[]): KnowledgeHit[] {
  const best = hits[0];
  if (!best?.notifiable || namesTitle(reading, best.title)) return hits;
  const other = hits.find((hit) => !hit.notifiable && hit.rank >= best.rank * ADVICE_SHARE);
  return other ? [other, ...hits.filter((hit) => hit !== other)] : hits;
}

/**
 * "How do I keep swine fever out?", "how i go protect my fowls make bird flu no enter": a question
 * how to keep a disease or pest away is answered by the note on keeping it out, not by the
 * disease's own card, even when it names the disease.
 */
function preferPrevention(reading: Reading, hits: KnowledgeHit[]): KnowledgeHit[] {
  const best = hits[0];
  if (!best || (best.kind !== 'pest' && best.kind !== 'disease') || !PREVENT.test(reading.plain)) return hits;
  // A notifiable disease's card tells how to report it; another's tells how to keep it out, unless a
  // note's title names it (Newcastle is kept out by the vaccine its own card names).
  const name = (best.title
    .replace(/\([^)]*\)/g, ' ')
    .toLowerCase()
    .match(/\p{L}{4,}/gu) ?? [])[0];
  const advice = hits.find(
    (hit) =>
      hit.kind === 'advice' &&
      hit.rank >= best.rank * PREVENT_SHARE &&
      (best.notifiable || (name !== undefined && hit.title.toLowerCase().includes(name))),
  );
  return advice ? [advice, ...hits.filter((hit) => hit !== advice)] : hits;
}
const PREVENT =
  /\b(prevent\w*|protect\w*|avoid\w*|keep\w* (it |them |\w+ )?(away|out|off)|keep\b.{0,30}\b(away|out)|stop\b.{0,30}\b(enter\w*|coming|spread\w*|reach\w*)|make (e|it|am|dem|them) no (enter|reach|catch|come)|no (go )?(enter|reach))\b/;
/** A note this close to a disease's card answers a question how to keep it out. */
const PREVENT_SHARE = 0.6;

/**
 * A fact whose whole name the question writes ("cocoa black pod disease control" names "Cocoa black
 * pod") answers before one close above it that only shares its words.
 */
function preferNamed(reading: Reading, hits: KnowledgeHit[]): KnowledgeHit[] {
  const best = hits[0];
  if (!best) return hits;
  const text = ` ${reading.normalized} `;
  const named = hits.find((hit) => {
    // Never a pest's card over a note ("how do I protect my pigs from swine fever?" wants the note).
    if (hit.rank < best.rank * NAMED_SHARE || (hit.kind !== best.kind && hit.kind !== 'advice')) return false;
    const words = (normalizeQuestion(hit.title.replace(/\([^)]*\)/g, ' ')).match(/\p{L}{3,}/gu) ?? []).filter(
      (word) => !TITLE_FILLER.has(word),
    );
    return words.length >= 2 && text.includes(` ${words.join(' ')} `);
  });
  return named && named !== best ? [named, ...hits.filter((hit) => hit !== named)] : hits;
}
/**
 * What the question asks about its subject (a spacing, a planting time, a fertilizer, a weeding)
 * picks among facts close in rank: "how far apart should I plant cocoa?" is cocoa's spacing, not
 * its planting time, even where no look-up answers it (cocoa has no crop row).
 */
function preferAsked(reading: Reading, hits: KnowledgeHit[]): KnowledgeHit[] {
  const best = hits[0];
  const title = reading.intent ? ASKED_TITLES[reading.intent] : undefined;
  if (!best || !title || title.test(best.title)) return hits;
  const asked = hits.find((hit) => hit.rank >= best.rank * NAMED_SHARE && title.test(hit.title));
  return asked ? [asked, ...hits.filter((hit) => hit !== asked)] : hits;
}
const ASKED_TITLES: Partial<Record<NonNullable<Reading['intent']>, RegExp>> = {
  seed_rate: /\b(spacing|seed rate|density|plants? a hectare|trees? a hectare)\b/i,
  planting: /\b(when to plant|planting time|planting)\b/i,
  fertilizer: /\bfertili[sz]er\b/i,
  weeding: /\bweed/i,
};

/** A fact named in the question answers before one ranked up to this much above it. */
const NAMED_SHARE = 0.85;
const TITLE_FILLER = new Set(['the', 'and', 'for', 'with', 'how', 'when', 'what']);

/**
 * "Is my rice ready to cut?": a question whether a crop is ready asks for the signs of harvest, even
 * when it tells a colour ("don turn yellow") that a disease shares.
 */
function preferReadiness(reading: Reading, hits: KnowledgeHit[]): KnowledgeHit[] {
  const best = hits[0];
  if (!best || !READY.test(reading.plain)) return hits;
  const harvest = hits.find(
    (hit) => hit.kind === 'advice' && /\bharvest/i.test(hit.title) && hit.rank >= best.rank * ADVICE_SHARE,
  );
  return harvest && harvest !== best ? [harvest, ...hits.filter((hit) => hit !== harvest)] : hits;
}
const READY =
  /\b(ready|ripe|mature|reach|dry enough)\b.*\b(harvest\w*|cut|pick|pluck|uproot|dig)\b|\b(harvest\w*|cut|pick|pluck)\b.*\b(ready|ripe|mature|now)\b|\bdon reach\b/;

/**
 * "What fertilizer cures a yellow V on maize leaves?": a question that tells of trouble is answered
 * by the fact that explains it, before the crop's rates, when that fact is not itself about what a
 * look-up gives (a spacing, a planting time, a fertilizer rate, a weeding).
 */
export function troubleBeforeLookUp(
  reading: Reading,
  intent: Reading['intent'],
  best: KnowledgeHit,
): boolean {
  if (!intent || !TROUBLE.test(reading.plain)) return false;
  const title = ASKED_TITLES[intent];
  return !title || !title.test(best.title);
}

/** A note this close to a pest's rank answers a how-to question before it. */
const ADVICE_SHARE = 0.8;

function namesTitle(reading: Reading, title: string): boolean {
  const words = title
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .split(/[^a-z]+/)
    .filter((word) => word.length >= 4);
  return words.some((word) => reading.plain.includes(word) || reading.normalized.includes(word));
}

/** A second fact answers the second part when it ranks this close to the first. */
const SECOND_SHARE = 0.75;

const CHEMICAL_ASKED =
  /\b(chemicals?|spray\w*|insecticides?|fungicides?|herbicides?|pesticides?|drugs?|medicine|which (product|one)|kill\w*|cure)\b/;
const IDENTIFY =
  /\b(what is (it|this|wrong|happening|the problem|eating|killing|causing)|wetin (be|dey|happen)|which (disease|pest|insect|sickness)|is it a|what (kind of|type of)|my\b.*\b(leaves|plants?|birds?|goats?|fish|pigs?|cows?|tomato\w*|maize|cassava)\b.*\b(have|has|are|is|dey|get|turn\w*))\b/;

function factAnswer(reading: Reading, hit: KnowledgeHit): string {
  // The source by name (its year and link are on the card).
  const source = hit.source ? ` (Source: ${sourceName(hit.source.organisation)}.)` : '';
  if (hit.kind !== 'pest' && hit.kind !== 'disease') return `${hit.title}: ${hit.text}${source}`;
  const [described, rest] = splitAt(hit.text, 'What to do:');
  const [todo, chemical] = splitAt(rest, 'Chemical control:');
  const [signs, favoured] = splitAt(described, 'Favoured by');
  const firstSign = splitSentences(signs)[0]?.trim() ?? '';
  const opener = IDENTIFY.test(reading.plain)
    ? `This sounds like ${lowerFirst(hit.title)}. ${firstSign}`
    : `${hit.title}: ${firstSign}`;
  const cause = favoured.trim() ? ` Favoured by ${favoured.trim()}` : '';
  const what = todo.trim() ? ` What to do: ${todo.trim()}` : '';
  const chemicals = chemical.trim() ? ` Chemical control: ${chemical.trim()}` : '';
  return `${opener}${cause}${what}${chemicals}${source}`;
}

/** A source's name without its years or volume numbers (they are on the card, not facts to check). */
function sourceName(organisation: string): string {
  return organisation
    .replace(/\s*\([^)]*\d[^)]*\)/g, '')
    .replace(/,?\s*\b\d+\b/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function splitAt(text: string, marker: string): [string, string] {
  const at = text.indexOf(marker);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + marker.length)];
}

/** "What is X and how do I Y?", "X? Y?": two things asked. */
function twoParts(plain: string): boolean {
  return questionParts(plain).length >= 2;
}

/** The parts of a question that asks two things ("When should I plant X, and how much seed…?"), or the one. */
export function questionParts(plain: string): string[] {
  const asked = plain
    .split('?')
    .map((part) => part.trim())
    .filter(Boolean);
  if (asked.length >= 2) return asked;
  const joint =
    /,? \b(?:and|plus|also)\b (?=(how|what|when|which|where|why|is|can|should|do|does|wetin)\b)/.exec(plain);
  return joint ? [plain.slice(0, joint.index), plain.slice(joint.index + joint[0].length)] : [plain];
}

function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? `${text.charAt(0).toLowerCase()}${text.slice(1)}` : text;
}

/** Farm subjects the knowledge base may not hold: a question naming one needs a fact about it. */
const OTHER_SUBJECTS =
  /\b(cocoa|cacao|cashew\w*|oil palm|palm oil|palm kernel|palm trees?|palm fruits?|red oil|okra|okro|bees?|beehives?|bee ?keeping|hives?|honey|snails?|ostrich\w*|mushrooms?|ginger|sugar ?cane|cotton|coconut|mango\w*|oranges?|citrus|pineapples?|watermelons?|cucumbers?|cabbages?|lettuce|carrots?|garlic|tiger ?nuts?|ugu|ugwu|pumpkins?|spinach|efo|moringa|kola|rubber|shea|sweet potato\w*|cocoyam|irish potato\w*|garri|gari|parboil\w*|quail\w*|pigeons?)\b/g;

/**
 * The words a fact about each subject writes, whichever of its names the question uses: "okro" is
 * okra, a "palm tree" is an oil palm, a hive is about bees.
 */
const SUBJECT_WORDS: [RegExp, string[]][] = [
  [/^(cocoa|cacao)$/, ['cocoa']],
  [/^cashew/, ['cashew']],
  [/^(oil palm|palm oil|palm kernel|palm trees?|palm fruits?|red oil)$/, ['palm']],
  [/^(okra|okro)$/, ['okra', 'okro']],
  [/^(bees?|beehives?|bee ?keeping|hives?|honey)$/, ['bee', 'hive', 'honey']],
  [/^(garri|gari)$/, ['garri', 'gari']],
  [/^parboil/, ['parboil']],
];

/** A question naming a subject the knowledge base may not hold (cocoa, okra, bees…). */
export function namesOtherSubject(plain: string): boolean {
  return (plain.match(OTHER_SUBJECTS) ?? []).length > 0;
}

/**
 * The fact is about what the question is about: the crop, the animals or the other subject it
 * names (a catfish note does not answer a question about rice). A fact about neither crops nor
 * animals (a label's rule, how Gona works) may answer any.
 */
export function aboutTheSubject(hit: KnowledgeHit, reading: Reading, subjects: Subjects): boolean {
  const lower = `${hit.title} ${hit.text}`.toLowerCase();
  for (const subject of reading.plain.match(OTHER_SUBJECTS) ?? []) {
    const named = subject.replace(/ +/g, ' ');
    const words = SUBJECT_WORDS.find(([pattern]) => pattern.test(named))?.[1] ?? [named.replace(/s$/, '')];
    if (!words.some((word) => lower.includes(word))) return false;
  }
  if (!hit.tags) return true;
  const { crops, species } = hit.tags;
  const untagged = crops.length === 0 && species.length === 0;
  const cropOk = !subjects.crop || untagged || crops.includes(subjects.crop.key);
  // A question about animals may rest on a crop's fact (fowl droppings as manure), never on another animal's.
  const speciesOk =
    subjects.species.length === 0 ||
    untagged ||
    species.some((kind) => subjects.species.includes(kind as never)) ||
    species.length === 0;
  if (subjects.crop && subjects.species.length) return cropOk || speciesOk;
  // A crop's fact answers a question about animals only when it speaks of them ("eggs that spoil" is
  // not cassava that spoils; fowl droppings as manure are).
  if (!subjects.crop && subjects.species.length && crops.length && species.length === 0)
    return subjects.species.some((kind) => animalWords(kind).test(lower));
  return cropOk && speciesOk;
}

/** The words a fact about a kind of animal writes: its own names and its group's. */
function animalWords(kind: string): RegExp {
  const own = kind.split('_').filter((word) => word !== 'chicken');
  const group = kind.startsWith('chicken_')
    ? ['chicken', 'poultry', 'bird', 'hen', 'egg', 'fowl', 'flock']
    : kind === 'catfish' || kind === 'tilapia'
      ? ['fish', 'pond']
      : kind === 'cattle'
        ? ['cow', 'calf', 'calves', 'herd']
        : kind === 'pig'
          ? ['sow', 'piglet', 'swine']
          : kind === 'goat' || kind === 'sheep'
            ? ['goat', 'sheep', 'doe', 'kid', 'ewe', 'lamb', 'ram']
            : [];
  return new RegExp(`\\b(${[...own, ...group].join('|')})`);
}
