import { z } from 'zod';
import { ASSISTANT_REFUSALS, type AssistantMessage } from '@gona/shared/assistant';
import { NIGERIAN_STATES } from '@gona/shared/farms';
import { LIVESTOCK_SPECIES } from '@gona/shared/livestock';
import type { FarmCtx } from '../../lib/ctx';
import { addDays } from '../../lib/farm-time';
import { cropDetail, cropsByKey } from '../knowledge/knowledge.service';
import { normalizeQuestion, searchKnowledge, type KnowledgeHit } from '../knowledge/search.service';
import { listProgrammes } from '../livestock/care.service';
import { startAsk } from './assistant.service';
import { contextTexts, dayMonth, loadFarmContext, type FarmContext } from './context';
import { detectIntent, detectSubjects, lookUp, type Intent, type Lookup, type Subjects } from './lookups';
import { numberTokens } from './numbers';

/**
 * The assistant's benchmark (`npm run eval:assistant`): the golden questions of golden/questions.json
 * asked the way a farmer asks them, through the assistant's own answering path, and scored for
 * retrieval, the facts the answer states, the numbers it writes and whether it refused as it should.
 */

export const GOLDEN_TOPICS = [
  'planting',
  'seed_rate',
  'fertilizer',
  'weeding',
  'crop_pests',
  'storage',
  'poultry',
  'fish',
  'livestock',
  'notifiable',
  'off_label',
  'unknown',
  'selling',
  'gona',
] as const;

const INTENTS = [
  'planting',
  'seed_rate',
  'fertilizer',
  'weeding',
  'care',
  'low_stock',
  'alerts',
  'farm_crops',
] as const satisfies readonly Intent[];

/** One fact a good answer states: a phrase, or the equivalent ways it may be written. */
const FactSchema = z.union([z.string().min(1), z.array(z.string().min(1)).min(2)]);

export const GoldenQuestionSchema = z
  .object({
    id: z.string().regex(/^[a-z]+-\d{2}$/),
    topic: z.enum(GOLDEN_TOPICS),
    /** en: English; pcm: Nigerian Pidgin. */
    lang: z.enum(['en', 'pcm']),
    /** Written with the misspellings people type. */
    typos: z.boolean().optional(),
    question: z.string().min(3),
    /** The asker's farm: its state sets the zone; the crops it grows and the animals it keeps. */
    farm: z
      .object({
        state: z.enum(NIGERIAN_STATES).nullable(),
        crops: z.array(z.string()),
        species: z.array(z.enum(LIVESTOCK_SPECIES)),
      })
      .strict(),
    /** Knowledge keys ('advice:…', 'pest:…') a good answer rests on: one must be retrieved in the top 5. */
    expected_keys: z.array(z.string().regex(/^(advice|pest):[a-z0-9_]+$/)),
    /** The structured look-up that should answer it, when one should. */
    expected_lookup: z.enum(INTENTS).nullable(),
    must_contain: z.array(FactSchema),
    /** Numbers a wrong answer would invent: in none of the facts the question rests on. */
    must_not_numbers: z.array(
      z.string().refine((text) => numberTokens(text).length > 0, 'Write a number, as a wrong answer would'),
    ),
    expected_refusal: z.enum(ASSISTANT_REFUSALS).nullable(),
  })
  .strict();
export type GoldenQuestion = z.output<typeof GoldenQuestionSchema>;
export type GoldenFarm = GoldenQuestion['farm'];

export const GoldenSetSchema = z.array(GoldenQuestionSchema);

export type QuestionScore = {
  id: string;
  topic: GoldenQuestion['topic'];
  lang: GoldenQuestion['lang'];
  /** An expected key is among the first 5 retrieved; null when the question names none. */
  hit_at_5: boolean | null;
  /** 1-based place of the first expected key among the 8 retrieved, null when not among them. */
  expected_rank: number | null;
  top_5: { key: string; rank: number }[];
  /** The structured look-up that answered (none for a refusal). */
  lookup_used: Intent | null;
  /** Null when no look-up is expected. */
  lookup_ok: boolean | null;
  facts_found: string[];
  facts_missing: string[];
  /** Share of the facts found in the answer and its cards; null when the question lists no facts. */
  recall: number | null;
  /** Share of the facts the answer's own text states. */
  text_recall: number | null;
  numbers: number;
  unsupported_numbers: string[];
  invented_numbers: string[];
  expected_refusal: GoldenQuestion['expected_refusal'];
  refusal: AssistantMessage['refusal'];
  refusal_ok: boolean;
  false_refusal: boolean;
  answered_by: string;
  removed_numbers: number;
  answer: string;
  card_keys: string[];
  /** Why it fell short, in the words the report groups by. */
  failures: string[];
};

/**
 * What the assistant retrieves for a question: the same search, with the same weight for the crop
 * and animals the question names, as when it answers (assistant.service.ts).
 */
export async function retrieve(ctx: FarmCtx, question: string, context: FarmContext): Promise<Retrieved> {
  const crops = await cropsByKey(ctx.db);
  const normalized = readable(question);
  const subjects = detectSubjects(normalized, crops.values());
  const [hits, lookup] = await Promise.all([
    searchKnowledge(ctx.db, question, {
      ...(subjects.crop ? { crops: [subjects.crop.key] } : {}),
      ...(subjects.species.length ? { species: subjects.species } : {}),
      limit: SEARCH_LIMIT,
    }),
    lookUp(ctx, detectIntent(normalized), subjects, context),
  ]);
  return { hits, subjects, lookup };
}

/** What answering a question rests on: the facts found, what it is about, and the look-up for it. */
export type Retrieved = { hits: KnowledgeHit[]; subjects: Subjects; lookup: Lookup | null };

/** The answer a farmer gets to a first question on the farm: the assistant's own path, end to end. */
export async function askAssistant(
  deps: Parameters<typeof startAsk>[0],
  ctx: FarmCtx,
  question: string,
): Promise<AssistantMessage> {
  const pending = await startAsk(deps, ctx, { question });
  const result = await pending.answer();
  return result.answer;
}

/**
 * Every number an answer may write for this question, as the number check reads numbers: the
 * question's own, the retrieved facts', the knowledge rows of the crops and animals in question
 * (practice, the farm's zone's planting windows, care programmes), the farm's records, and the
 * farm's own dates worked out from those rows (weeding and fertilizer days after its planting day).
 */
export async function supportedNumbers(
  ctx: FarmCtx,
  question: string,
  { hits, subjects }: Retrieved,
  context: FarmContext,
): Promise<Set<string>> {
  const texts = [question, ...hits.flatMap((hit) => [hit.title, hit.text]), ...contextTexts(context)];
  const cropKeys = new Set([
    ...(subjects.crop ? [subjects.crop.key] : []),
    ...context.crops.map((c) => c.crop_key),
  ]);
  for (const key of cropKeys) {
    const crop = await cropDetail(ctx.db, key);
    const { practice } = crop;
    texts.push(practice.spacing, practice.seed_rate, practice.notes ?? '');
    for (const step of practice.fertilizer) texts.push(`${step.product} ${step.rate} ${step.day} days`);
    texts.push(practice.weeding_days.join(' '));
    for (const variety of crop.varieties) texts.push(`${variety.maturity_days} days ${variety.notes ?? ''}`);
    const zone = context.farm.zone;
    for (const calendar of crop.calendars.filter((c) => !zone || c.zone === zone))
      texts.push(`${dayMonth(calendar.plant_from)} to ${dayMonth(calendar.plant_to)}`);
    for (const planting of context.crops.filter((c) => c.crop_key === key)) {
      const days = [...practice.weeding_days, ...practice.fertilizer.map((step) => step.day)];
      texts.push(...days.map((day) => addDays(planting.planting_date, day)));
    }
  }
  const species = new Set([...subjects.species, ...context.animals.by_species.map((row) => row.species)]);
  const programmes = (await listProgrammes(ctx.db, ctx.farmId)).filter((programme) =>
    programme.species.some((kind) => species.has(kind)),
  );
  for (const programme of programmes) {
    texts.push(programme.name, programme.note);
    for (const step of programme.steps)
      texts.push(`day ${step.offset_days}`, step.title, step.notes ?? '', step.rrule ?? '');
  }
  return new Set(texts.flatMap((text) => numberTokens(text)));
}

/** The farm's context as the assistant reads it, for the numbers it may write. */
export function farmContext(ctx: FarmCtx): Promise<FarmContext> {
  return loadFarmContext(ctx, null);
}

/** Scores one answer against its golden question. */
export function scoreAnswer(
  golden: GoldenQuestion,
  answer: AssistantMessage,
  { hits, lookup }: Retrieved,
  supported: Set<string>,
): QuestionScore {
  const index = hits.findIndex((hit) => golden.expected_keys.includes(hit.key));
  const expectedRank = index >= 0 ? index + 1 : null;
  const hitAt5 = golden.expected_keys.length ? expectedRank !== null && expectedRank <= 5 : null;

  // A question that is not refused is answered by its look-up when there is one (assistant.service.ts).
  const lookupUsed = answer.refusal === null ? (lookup?.intent ?? null) : null;
  const lookupOk = golden.expected_lookup ? lookupUsed === golden.expected_lookup : null;
  const unexpectedLookup = !golden.expected_lookup && lookupUsed !== null;

  const haystack = plain(
    [answer.text, ...answer.cards.flatMap((card) => [card.title, card.text])].join('\n'),
  );
  const text = plain(answer.text);
  const found: string[] = [];
  const missing: string[] = [];
  let inText = 0;
  for (const fact of golden.must_contain) {
    const forms = (typeof fact === 'string' ? [fact] : fact).map(plain);
    (forms.some((form) => haystack.includes(form)) ? found : missing).push(forms.join(' | '));
    if (forms.some((form) => text.includes(form))) inText += 1;
  }
  const recall = golden.must_contain.length ? found.length / golden.must_contain.length : null;
  const textRecall = golden.must_contain.length ? inText / golden.must_contain.length : null;

  const written = [answer.text, ...answer.cards.flatMap((card) => [card.title, card.text])].flatMap((text) =>
    numberTokens(text),
  );
  // A card's source year may be cited, as the number check allows.
  const years = new Set(answer.cards.map((card) => String(card.source?.year ?? '')));
  const unsupported = [...new Set(written.filter((token) => !supported.has(token) && !years.has(token)))];
  const invented = golden.must_not_numbers.filter((wrong) => writesNumber(answer.text, wrong));

  const refusalOk = answer.refusal === golden.expected_refusal;
  const falseRefusal = golden.expected_refusal === null && answer.refusal !== null;

  const failures: string[] = [];
  if (!refusalOk)
    failures.push(
      falseRefusal
        ? `refused as ${answer.refusal}`
        : `expected refusal ${golden.expected_refusal}, got ${answer.refusal ?? 'an answer'}`,
    );
  if (hitAt5 === false) failures.push('retrieval miss');
  if (lookupOk === false) failures.push(`look-up ${golden.expected_lookup} not used`);
  if (unexpectedLookup) failures.push(`answered by the ${lookupUsed} look-up`);
  if (missing.length) failures.push(`facts missing: ${missing.join('; ')}`);
  if (unsupported.length) failures.push(`unsupported numbers: ${unsupported.join(', ')}`);
  if (invented.length) failures.push(`invented numbers: ${invented.join(', ')}`);

  return {
    id: golden.id,
    topic: golden.topic,
    lang: golden.lang,
    hit_at_5: hitAt5,
    expected_rank: expectedRank,
    top_5: hits.slice(0, 5).map((hit) => ({ key: hit.key, rank: hit.rank })),
    lookup_used: lookupUsed,
    lookup_ok: lookupOk,
    facts_found: found,
    facts_missing: missing,
    recall,
    text_recall: textRecall,
    numbers: written.length,
    unsupported_numbers: unsupported,
    invented_numbers: invented,
    expected_refusal: golden.expected_refusal,
    refusal: answer.refusal,
    refusal_ok: refusalOk,
    false_refusal: falseRefusal,
    answered_by: answer.answered_by ?? 'facts',
    removed_numbers: answer.removed_numbers,
    answer: answer.text,
    card_keys: answer.cards.map((card) => card.key),
    failures,
  };
}

/** As many as the assistant reads when it answers. */
const SEARCH_LIMIT = 8;

/**
 * A question for the keyword patterns, as the assistant reads it: as written (lower case, without
 * accents) and in the knowledge base's words, side by side.
 */
function readable(question: string): string {
  const written = question.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim();
  return `${written} | ${normalizeQuestion(question)}`;
}

/**
 * Whether an answer writes a number the golden set says a wrong answer would invent. A day of the
 * year or a bare number is found however it is written (the number check's tokens); a number with
 * its words ("3 bags", "every 30 days") is found with them, in figures or in words.
 */
export function writesNumber(answer: string, wrong: string): boolean {
  const tokens = numberTokens(wrong);
  const bare = !/[a-z]/i.test(wrong.replace(/\d+(?:[.,]\d+)*/g, ''));
  if (bare || tokens.some((token) => token.startsWith('d:'))) {
    const written = new Set(numberTokens(answer));
    return tokens.some((token) => written.has(token));
  }
  const pattern = plain(wrong)
    .split(/(\d+(?:[.,]\d+)*)/)
    .map((part, i) => (i % 2 ? numberForms(part) : escapeRegExp(part)))
    .join('');
  return new RegExp(`(?<![\\d.,])${pattern}(?![\\d])`).test(plain(answer));
}

/** A number in figures (with or without thousands commas) or, up to twenty and the tens, in words. */
function numberForms(figures: string): string {
  const value = Number(figures.replace(/,/g, ''));
  const forms = new Set([escapeRegExp(figures), escapeRegExp(figures.replace(/,/g, ''))]);
  const word = NUMBER_WORDS[value];
  if (Number.isInteger(value) && word) forms.add(word);
  return `(?:${[...forms].join('|')})`;
}

const NUMBER_WORDS: Record<number, string> = Object.fromEntries([
  ...'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty'
    .split(' ')
    .map((word, i) => [i + 1, word] as const),
  ...'thirty forty fifty sixty seventy eighty ninety'
    .split(' ')
    .map((word, i) => [30 + i * 10, word] as const),
]);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Lower case, plain quotes and single spaces, for finding a fact's words in an answer. */
export function plain(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/\s+/g, ' ');
}
