import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FactCard, FactKind, FactSource } from '@gona/shared/assistant';
import { STATE_CAPITALS } from '@gona/shared/climate';
import { NIGERIAN_STATES } from '@gona/shared/farms';
import type { Db, Tx } from '../../db/client';
import {
  knowledge_advice,
  knowledge_pests,
  knowledge_sources,
  type PestControl,
  type PestKind,
} from '../../db/schema/index';

/**
 * A vetted fact matching a question: the card the answer shows, how well it matches (0 to 1, the
 * same scale for every question), every number its title and text write (so an answer's numbers
 * can be checked against it), and whether it is a disease the law requires reporting.
 */
export type KnowledgeHit = FactCard & {
  rank: number;
  numbers: string[];
  notifiable?: boolean;
  /** The crops and kinds of animals the fact is about (empty: about none in particular). */
  tags?: { crops: string[]; species: string[] };
};

/**
 * Below this rank the best fact explains too little of the question to answer from: the assistant
 * says it does not know. Set between the two groups of questions in search.test.ts: farmers' real
 * questions rank their fact at 0.53 or more, questions the knowledge base cannot answer at 0.39 or less.
 */
export const CONFIDENT_RANK = 0.45;

/**
 * A farmer's question in the words the facts use: lower case, accents and punctuation gone, local,
 * Pidgin and other common names mapped to the English names of crops and animals (corn → maize,
 * guinea corn → sorghum, fowl → fowl chicken, beans → cowpea, akuya → goat), and words that only
 * carry the asking (wetin, abeg, dey, una, please) dropped. Numbers are kept ("2.5", "50").
 */
export function normalizeQuestion(question: string): string {
  const plain = question
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[ɗđ]/g, 'd')
    .replace(/ƙ/g, 'k')
    .replace(/ɓ/g, 'b')
    .replace(/ƴ/g, 'y');
  // "b4" (before) is one word, not a letter and a number.
  let text = ` ${(plain.replace(/\bb4\b/g, 'before').match(/\d+(?:\.\d+)?|\p{L}+/gu) ?? []).join(' ')} `;
  for (const [phrase, words] of PHRASES) text = text.replace(wholeWords(phrase), words);
  // "How dem dey make garri", "how to make compost": to make something, not Pidgin's "let".
  text = text.replace(/(?<= )(how|to|dey|dem|we|you|i) make(?= )/g, '$1 making');
  // "20 by 10", "3 x 4": the size of a place, asked as its space.
  text = text.replace(/(?<= )(\d+(?:\.\d+)?) (by|x) (\d+(?:\.\d+)?)(?= )/g, '$1 by $3 space');
  return (
    text
      .split(' ')
      .filter(Boolean)
      .map((word) => WORDS.get(word) ?? word)
      .flatMap((word) => word.split(' '))
      // Single letters carry nothing, but a shape ("a yellow V on the leaf", "an upside-down Y") does.
      .filter((word) => word !== '' && !DROPPED.has(word) && (!/^\p{L}$/u.test(word) || SHAPES.has(word)))
      .join(' ')
  );
}

/**
 * The facts best matching a question, best first. Any meaningful word of the question may match
 * (farmers' questions are short and loose): a fact ranks by the share of the question's words it
 * holds, each word weighed by how rare it is among the facts and by where it stands in the fact
 * (name or title, the ways farmers ask it or the signs, the rest), with ts_rank_cd's closeness
 * as a smaller part. A word no fact holds (a misspelt name) is matched against names and titles
 * with pg_trgm's word_similarity; unmatched, it counts against every fact. Facts about the farm's
 * crops and species weigh a little more.
 */
export async function searchKnowledge(
  db: Db | Tx,
  question: string,
  options: { crops?: string[]; species?: string[]; limit?: number } = {},
): Promise<KnowledgeHit[]> {
  const words = [...new Set(withoutPlaces(normalizeQuestion(question)).split(' ').filter(Boolean))];
  if (!words.length) return [];
  // A farmer's word and the words the facts use for the same thing ("stomach", "belly") are one
  // term: a fact holding either is credited once, for the one it holds. A word no fact holds may be
  // a misspelling of one they do ("temprature"): the nearest by its letters joins its term.
  let terms = words.map((word) => [word, ...(SAME_MEANING.get(word) ?? [])]);
  let read = await questionLexemes(db, [...new Set(terms.flat())]);
  const unread = terms
    .filter((term) => term.every((word) => !read.lexemesOf(word).length))
    .map((term) => term[0]!);
  const spelt = await spellings(
    db,
    unread.filter((word) => read.unknownWords.includes(word)),
  );
  if (spelt.size) {
    terms = terms.map((term) => {
      const word = spelt.get(term[0]!);
      if (!word) return term;
      return [...term, ...(WORDS.get(word)?.split(' ') ?? [word]), ...(SAME_MEANING.get(word) ?? [])].filter(
        (alternative) => alternative !== '' && !DROPPED.has(alternative),
      );
    });
    read = await questionLexemes(db, [...new Set(terms.flat())]);
  }
  const { lexemes, docs, lexemesOf } = read;
  // A word counts against every fact as the rarest would when neither it nor its alternatives are held.
  const unknownWords = terms
    .filter((term) => term.every((word) => !lexemesOf(word).length))
    .map((term) => term[0]!)
    .filter((word) => read.unknownWords.includes(word));
  const known = [...lexemes.keys()];
  if (!known.length && !unknownWords.length) return [];

  const idf = (df: number) => Math.log((docs + 1) / (df + 0.5));
  const unknownWeight = idf(0);
  // Terms of one word weigh as before (each of its lexemes once). A term with alternatives weighs
  // as the word asked (or, when no fact holds it, its rarest alternative), and a fact holding an
  // alternative is credited up to that weight; where one-word terms already hold its lexemes it is
  // left to them.
  const single = new Set(terms.filter((term) => term.length === 1).flatMap((term) => lexemesOf(term[0]!)));
  const weightOf = (alternative: string[]) =>
    alternative.reduce((sum, lexeme) => sum + idf(lexemes.get(lexeme)!), 0);
  const groups = terms
    .filter((term) => term.length > 1)
    .map((term) => {
      const alternatives = term.map((word) => lexemesOf(word)).filter((found) => found.length > 0);
      const asked = lexemesOf(term[0]!);
      return {
        alternatives,
        weight: asked.length ? weightOf(asked) : Math.max(0, ...alternatives.map(weightOf)),
      };
    })
    .filter(
      ({ alternatives }) =>
        alternatives.length > 0 && !alternatives.flat().some((lexeme) => single.has(lexeme)),
    );
  const total =
    [...single].reduce((sum, lexeme) => sum + idf(lexemes.get(lexeme)!), 0) +
    groups.reduce((sum, group) => sum + group.weight, 0) +
    unknownWords.length * unknownWeight;

  const scores = new Map<string, { credit: number; closeness: number }>();
  const score = (key: string) => {
    let entry = scores.get(key);
    if (!entry) scores.set(key, (entry = { credit: 0, closeness: 0 }));
    return entry;
  };
  const held = new Map<string, Map<string, number>>();
  for (const match of await lexemeMatches(db, known)) {
    const entry = score(match.key);
    const credit = idf(lexemes.get(match.lexeme)!) * FIELD_WEIGHT[match.weight];
    if (single.has(match.lexeme)) entry.credit += credit;
    let lexemesHeld = held.get(match.key);
    if (!lexemesHeld) held.set(match.key, (lexemesHeld = new Map<string, number>()));
    lexemesHeld.set(match.lexeme, credit);
    entry.closeness = match.closeness;
  }
  for (const [key, lexemesHeld] of held)
    for (const { alternatives, weight } of groups)
      score(key).credit += Math.min(
        weight,
        Math.max(
          0,
          ...alternatives.map((alternative) =>
            alternative.reduce((sum, lexeme) => sum + (lexemesHeld.get(lexeme) ?? 0), 0),
          ),
        ),
      );
  for (const match of await nameMatches(db, unknownWords)) {
    score(match.key).credit += unknownWeight * match.similarity;
  }

  const limit = options.limit ?? DEFAULT_LIMIT;
  const ranked = [...scores.entries()]
    .map(([key, { credit, closeness }]) => ({
      key,
      rank: COVERAGE_SHARE * (credit / total) + (1 - COVERAGE_SHARE) * closeness,
    }))
    .sort((a, b) => b.rank - a.rank);
  // Only facts the farm's weight could lift into the first `limit` are read.
  const floor = (ranked[limit - 1]?.rank ?? 0) / FARM_BOOST;
  const candidates = ranked.filter((row, i) => i < limit || row.rank >= floor);
  const cards = await factCards(
    db,
    candidates.map((row) => row.key),
  );
  const crops = new Set(options.crops ?? []);
  const species = new Set(options.species ?? []);
  const hits: { hit: KnowledgeHit; order: number }[] = [];
  for (const { key, rank } of candidates) {
    const card = cards.get(key);
    if (!card) continue;
    const ours = card.crop_keys.some((crop) => crops.has(crop)) || card.species.some((s) => species.has(s));
    const boosted = ours ? rank * FARM_BOOST : rank;
    if (boosted < MIN_RANK) continue;
    hits.push({
      hit: {
        ...card.hit,
        rank: Math.round(Math.min(1, boosted) * 1000) / 1000,
        tags: { crops: card.crop_keys, species: card.species },
      },
      // Two facts lifted past 1 by the farm's weight keep their order.
      order: Math.round(boosted * 1000) / 1000,
    });
  }
  hits.sort((a, b) => b.order - a.order || (a.hit.key < b.hit.key ? -1 : a.hit.key > b.hit.key ? 1 : 0));
  return hits.slice(0, limit).map(({ hit }) => hit);
}

/**
 * Every number written in a text, as written but without thousands separators: "4 bags of 50 kg",
 * "2.5", "53,000" → "4", "50", "2.5", "53000". Each once, in the order they first appear.
 */
export function numbersIn(text: string): string[] {
  const numbers = (text.match(/\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?/g) ?? []).map((n) =>
    n.replaceAll(',', ''),
  );
  return [...new Set(numbers)];
}

/**
 * A row's search vector, built when it is loaded (unaccent is not immutable, so it cannot be a
 * generated column): A for names and titles, B for the signs or the ways farmers ask, C for the rest.
 */
export function weightedSearch(parts: { a: string[]; b: string[]; c: string[] }): SQL {
  const vector = (texts: string[], weight: 'A' | 'B' | 'C') =>
    sql`setweight(to_tsvector('english', unaccent(${sameStems(texts.join(' . '))}::text)), ${sql.raw(`'${weight}'`)})`;
  return sql`${vector(parts.a, 'A')} || ${vector(parts.b, 'B')} || ${vector(parts.c, 'C')}`;
}

/**
 * Words the English stemmers of PostgreSQL 15 and of PGlite (PostgreSQL 18) stem differently
 * ("added" is 'ad' on 15, 'add' on 18), written in a form both stem alike, so a fact and a question
 * match the same way on both. Found by stemming every word of the data files on both engines.
 */
const STEMMED_ALIKE = new Map([
  ['added', 'add'],
  ['adding', 'add'],
]);

function sameStems(text: string): string {
  return text.replace(/\p{L}+/gu, (word) => STEMMED_ALIKE.get(word.toLowerCase()) ?? word);
}

const DEFAULT_LIMIT = 5;
/** Hits ranked below this explain almost nothing of the question and are left out. */
const MIN_RANK = 0.05;
const COVERAGE_SHARE = 0.85;
const FARM_BOOST = 1.15;
const FIELD_WEIGHT = { A: 1, B: 0.8, C: 0.5 } as const;
/** word_similarity from which a word no fact holds is taken for a name or title ("cassva", "army worm"). */
const NAME_SIMILARITY = 0.5;
/** Shorter unknown words are too short to match names by their letters. */
const NAME_MIN_LENGTH = 4;

/**
 * The question's words as the facts' lexemes, with how many facts hold each; words that are not
 * stop words and that no fact holds are kept apart for matching by their letters.
 */
async function questionLexemes(
  db: Db | Tx,
  words: string[],
): Promise<{
  lexemes: Map<string, number>;
  unknownWords: string[];
  docs: number;
  lexemesOf: (word: string) => string[];
}> {
  const rows = await queryRows<{ word: string; lexeme: string; df: number; docs: number }>(
    db,
    sql`
    with words as (
      select value as word from jsonb_array_elements_text(${JSON.stringify(words)}::jsonb)
    ), lexemes as (
      select word, lexeme
      from words, unnest(tsvector_to_array(to_tsvector('english', unaccent(word)))) as lexeme
    )
    select word, lexeme,
      (select count(*) from knowledge_pests where search @@ quote_literal(lexeme)::tsquery)::int
        + (select count(*) from knowledge_advice where search @@ quote_literal(lexeme)::tsquery)::int as df,
      ((select count(*) from knowledge_pests) + (select count(*) from knowledge_advice))::int as docs
    from lexemes
    where lexeme ~ '^[[:alnum:]._-]+$'
  `,
  );
  const lexemes = new Map<string, number>();
  const wordKnown = new Map<string, boolean>();
  const byWord = new Map<string, string[]>();
  let docs = 0;
  for (const row of rows) {
    docs = row.docs;
    if (row.df > 0) {
      lexemes.set(row.lexeme, row.df);
      byWord.set(row.word, [...(byWord.get(row.word) ?? []), row.lexeme]);
    }
    wordKnown.set(row.word, (wordKnown.get(row.word) ?? false) || row.df > 0);
  }
  const unknownWords = [...wordKnown.entries()]
    .filter(([word, isKnown]) => !isKnown && word.length >= NAME_MIN_LENGTH && !/^\d/.test(word))
    .map(([word]) => word);
  return { lexemes, unknownWords, docs, lexemesOf: (word) => byWord.get(word) ?? [] };
}

/**
 * The words the facts write that are nearest in letters to words no fact holds: one letter off
 * for a word of 5 to 7 letters, two for a longer one, never the first letter, and at most one
 * letter longer or shorter ("temprature" → "temperature", "fertilzer" → "fertilizer", but not
 * "plantation" → "plantain"). Ties go to the word sharing the longest beginning.
 */
async function spellings(db: Db | Tx, words: string[]): Promise<Map<string, string>> {
  const candidates = words.filter((word) => word.length >= SPELLING_MIN_LENGTH && /^\p{L}+$/u.test(word));
  if (!candidates.length) return new Map();
  // The lexicon's own words too: a misspelt local or farmers' word ("masaara", "temprature") is read as the word.
  const vocabulary = [
    ...(await factWords(db)),
    ...SAME_MEANING.keys(),
    ...[...WORDS.keys()].filter((word) => word.length >= SPELLING_MIN_LENGTH),
  ];
  const found = new Map<string, string>();
  for (const word of candidates) {
    const near = nearestWord(word, vocabulary);
    if (near) found.set(word, near);
  }
  return found;
}

/**
 * The question with each word that no fact writes, and that is one or two letters from a farm word
 * (`farmWords`: the names of crops, animals, diseases and what is asked of them), written as that
 * word: "gumbro vacine day" → "gumboro vaccine day". Words the facts write are never changed, so a
 * real word is not taken for a farm word it resembles.
 */
export async function spelledFarmWords(db: Db | Tx, question: string, farmWords: string[]): Promise<string> {
  const targets = [...new Set(farmWords.map((word) => word.toLowerCase()))];
  const known = new Set(targets);
  const words = [
    ...new Set(
      (
        question
          .toLowerCase()
          .normalize('NFD')
          .replace(/\p{M}/gu, '')
          .match(/\p{L}+/gu) ?? []
      ).filter(
        (word) =>
          word.length >= SPELLING_MIN_LENGTH && !known.has(word) && !DROPPED.has(word) && !WORDS.has(word),
      ),
    ),
  ];
  if (!words.length) return question;
  const written = await factWords(db);
  let spelt = question;
  for (const word of words) {
    if (written.has(word) || SAME_MEANING.has(word)) continue;
    const near = nearestWord(word, targets);
    if (near) spelt = spelt.replace(new RegExp(`(?<!\\p{L})${word}(?!\\p{L})`, 'giu'), near);
  }
  return spelt;
}

/** The nearest of `vocabulary` to `word` in letters (see `spellings`), or null when none is near enough. */
function nearestWord(word: string, vocabulary: Iterable<string>): string | null {
  const allowed = word.length >= 8 ? 2 : 1;
  let best: { word: string; distance: number; prefix: number } | null = null;
  for (const candidate of vocabulary) {
    if (candidate[0] !== word[0] || Math.abs(candidate.length - word.length) > 1) continue;
    const distance = editDistance(word, candidate, allowed);
    if (distance > allowed || candidate === word) continue;
    const prefix = commonPrefix(word, candidate);
    if (
      !best ||
      distance < best.distance ||
      (distance === best.distance &&
        (prefix > best.prefix || (prefix === best.prefix && candidate < best.word)))
    )
      best = { word: candidate, distance, prefix };
  }
  return best?.word ?? null;
}

/**
 * Every word the facts write (titles, texts, farmers' questions, names, signs and controls), read
 * again only when a data file was loaded since (its checksum changed).
 */
async function factWords(db: Db | Tx): Promise<Set<string>> {
  const [version] = await queryRows<{ checksums: string | null }>(
    db,
    sql`select string_agg(checksum, ',' order by name) as checksums from knowledge_datasets`,
  );
  const cached = FACT_WORDS.get(db);
  if (cached && cached.version === (version?.checksums ?? '')) return cached.words;
  const rows = await queryRows<{ word: string }>(
    db,
    sql`
    select distinct word from (
      select regexp_split_to_table(lower(unaccent(title || ' ' || text || ' ' || array_to_string(questions, ' '))), '[^a-z]+') as word
      from knowledge_advice
      union all
      select regexp_split_to_table(lower(unaccent(names || ' ' || symptoms || ' ' || coalesce(favoured_by, '') || ' ' || control::text)), '[^a-z]+')
      from knowledge_pests
    ) words
    where length(word) >= ${SPELLING_MIN_LENGTH - 1}
  `,
  );
  const words = new Set(rows.map((row) => row.word));
  FACT_WORDS.set(db, { version: version?.checksums ?? '', words });
  return words;
}
const FACT_WORDS = new WeakMap<object, { version: string; words: Set<string> }>();

const SPELLING_MIN_LENGTH = 5;

/** Letters to change, add, drop or swap (two side by side) to turn one word into the other; above `most`, most + 1. */
export function editDistance(a: string, b: string, most: number): number {
  if (Math.abs(a.length - b.length) > most) return most + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i, ...Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let rowBest = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = value;
      rowBest = Math.min(rowBest, value);
    }
    if (rowBest > most) return most + 1;
  }
  return rows[a.length]![b.length]!;
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

type Match = { key: string; lexeme: string; weight: 'A' | 'B' | 'C'; closeness: number };

/** Each fact holding any of the lexemes: which ones, in its best-weighted field, and ts_rank_cd's closeness. */
async function lexemeMatches(db: Db | Tx, lexemes: string[]): Promise<Match[]> {
  if (!lexemes.length) return [];
  const rows = await queryRows<Match>(
    db,
    sql`
    with q as (
      select value as lexeme, quote_literal(value)::tsquery as query
      from jsonb_array_elements_text(${JSON.stringify(lexemes)}::jsonb)
    ), any_word as (
      select string_agg(quote_literal(lexeme), ' | ')::tsquery as query from q
    ), docs as (
      select 'pest:' || key as key, search from knowledge_pests, any_word where search @@ any_word.query
      union all
      select 'advice:' || key, search from knowledge_advice, any_word where search @@ any_word.query
    )
    select docs.key, q.lexeme,
      case
        when docs.search @@ (quote_literal(q.lexeme) || ':A')::tsquery then 'A'
        when docs.search @@ (quote_literal(q.lexeme) || ':B')::tsquery then 'B'
        else 'C'
      end as weight,
      ts_rank_cd('{0.1, 0.2, 0.4, 1.0}', docs.search, any_word.query, 32) as closeness
    from docs, q, any_word
    where docs.search @@ q.query
  `,
  );
  return rows.map((row) => ({ ...row, closeness: Number(row.closeness) }));
}

/** Facts whose names or title are close in letters to a word no fact holds. */
async function nameMatches(db: Db | Tx, words: string[]): Promise<{ key: string; similarity: number }[]> {
  if (!words.length) return [];
  const rows = await queryRows<{ key: string; similarity: number }>(
    db,
    sql`
    with words as (
      select value as word from jsonb_array_elements_text(${JSON.stringify(words)}::jsonb)
    ), names as (
      select 'pest:' || key as key, names from knowledge_pests
      union all
      select 'advice:' || key, title from knowledge_advice
    )
    select key, max(word_similarity(word, names)) as similarity
    from names, words
    where word_similarity(word, names) >= ${NAME_SIMILARITY}
    group by key, word
  `,
  );
  return rows.map((row) => ({ key: row.key, similarity: Number(row.similarity) }));
}

type Card = { hit: Omit<KnowledgeHit, 'rank'>; crop_keys: string[]; species: string[] };

/** The fact cards of the given keys ('pest:…', 'advice:…'), with their sources and tags. */
async function factCards(db: Db | Tx, keys: string[]): Promise<Map<string, Card>> {
  const ofKind = (prefix: string) =>
    keys.filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length));
  const pestKeys = ofKind('pest:');
  const adviceKeys = ofKind('advice:');
  const source = {
    title: knowledge_sources.title,
    organisation: knowledge_sources.organisation,
    year: knowledge_sources.year,
    url: knowledge_sources.url,
  };
  const [pests, advice] = await Promise.all([
    pestKeys.length
      ? db
          .select({
            key: knowledge_pests.key,
            kind: knowledge_pests.kind,
            name: knowledge_pests.name,
            symptoms: knowledge_pests.symptoms,
            favoured_by: knowledge_pests.favoured_by,
            control: knowledge_pests.control,
            notifiable: knowledge_pests.notifiable,
            crop_keys: knowledge_pests.crop_keys,
            species: knowledge_pests.species,
            source,
          })
          .from(knowledge_pests)
          .innerJoin(knowledge_sources, eq(knowledge_sources.key, knowledge_pests.source_key))
          .where(inArray(knowledge_pests.key, pestKeys))
          .orderBy(asc(knowledge_pests.key))
      : [],
    adviceKeys.length
      ? db
          .select({
            key: knowledge_advice.key,
            title: knowledge_advice.title,
            text: knowledge_advice.text,
            crop_keys: knowledge_advice.crop_keys,
            species: knowledge_advice.species,
            source,
          })
          .from(knowledge_advice)
          .innerJoin(knowledge_sources, eq(knowledge_sources.key, knowledge_advice.source_key))
          .where(inArray(knowledge_advice.key, adviceKeys))
          .orderBy(asc(knowledge_advice.key))
      : [],
  ]);
  const cards = new Map<string, Card>();
  for (const row of pests) {
    const text = pestText(row);
    cards.set(`pest:${row.key}`, {
      hit: card(PEST_FACT_KIND[row.kind], `pest:${row.key}`, row.name, text, row.source, row.notifiable),
      crop_keys: row.crop_keys,
      species: row.species,
    });
  }
  for (const row of advice) {
    cards.set(`advice:${row.key}`, {
      hit: card('advice', `advice:${row.key}`, row.title, row.text, row.source),
      crop_keys: row.crop_keys,
      species: row.species,
    });
  }
  return cards;
}

function card(
  kind: FactKind,
  key: string,
  title: string,
  text: string,
  source: FactSource,
  notifiable?: boolean,
): Omit<KnowledgeHit, 'rank'> {
  return {
    kind,
    key,
    title,
    text,
    source,
    numbers: numbersIn(`${title} ${text}`),
    ...(notifiable === undefined ? {} : { notifiable }),
  };
}

const PEST_FACT_KIND: Record<PestKind, FactKind> = {
  pest: 'pest',
  weed: 'pest',
  disease: 'disease',
  animal_disease: 'disease',
};

/** A pest row as one readable text: its signs, what favours it, then what to do. */
function pestText(row: { symptoms: string; favoured_by: string | null; control: PestControl }): string {
  const parts = [row.symptoms];
  if (row.favoured_by)
    parts.push(`Favoured by ${row.favoured_by[0]!.toLowerCase()}${row.favoured_by.slice(1)}`);
  const prevent = [...row.control.cultural, ...row.control.biological];
  if (prevent.length) parts.push(`What to do: ${prevent.join(' ')}`);
  if (row.control.chemical.length) {
    const chemicals = row.control.chemical.map((chemical) => {
      const after = [
        chemical.use,
        chemical.pre_harvest_interval_days === null
          ? null
          : `at least ${chemical.pre_harvest_interval_days} days from the last spray to harvest`,
        chemical.withdrawal,
      ].filter(Boolean);
      return `${chemical.active_ingredient} (${after.join('; ')})`;
    });
    parts.push(`Chemical control: ${chemicals.join('; ')}.`);
  }
  return parts.map((part) => (/[.!?]$/.test(part) ? part : `${part}.`)).join(' ');
}

/** A raw statement's rows (both drivers answer { rows }). */
async function queryRows<R>(db: Db | Tx, query: SQL): Promise<R[]> {
  const result = await db.execute(query);
  return (result as { rows: R[] }).rows;
}

/** Several words read as one, before single words are mapped. */
const PHRASES: [string, string][] = [
  ['guinea corn', 'sorghum'],
  ['soya beans', 'soybean'],
  ['soya bean', 'soybean'],
  ['soy beans', 'soybean'],
  ['soy bean', 'soybean'],
  ['black eyed beans', 'cowpea'],
  ['black eyed peas', 'cowpea'],
  ['honey beans', 'cowpea'],
  ['ground nuts', 'groundnut'],
  ['ground nut', 'groundnut'],
  ['fall army worms', 'fall armyworm'],
  ['fall army worm', 'fall armyworm'],
  ['army worms', 'armyworm'],
  ['army worm', 'armyworm'],
  ['bird flu', 'bird flu avian influenza'],
  ['ata rodo', 'pepper'],
  ['scotch bonnet', 'pepper'],
  ['grass cutter', 'grasscutter'],
  ['running stomach', 'diarrhoea'],
  ['how far apart', 'spacing'],
  ['far apart', 'spacing'],
  ['distance between', 'spacing'],
  ['how far', ''],
  ['how warm', 'temperature warm'],
  ['how hot', 'temperature hot'],
  ['how cold', 'temperature cold'],
  ['get paid', 'payout paid'],
  ['receive my money', 'payout'],
  ['palm tree', 'oil palm'],
  ['palm trees', 'oil palm'],
  ['palm fruit', 'oil palm fruit'],
  ['palm fruits', 'oil palm fruit'],
  ['red oil', 'palm oil'],
  ['she goat', 'doe goat'],
  ['she goats', 'doe goat'],
  ['nanny goat', 'doe goat'],
  ['he goat', 'buck goat'],
  ['billy goat', 'buck goat'],
  ['meet buck', 'mate buck'],
  ['meet the buck', 'mate buck'],
  ['meet he goat', 'mate buck goat'],
  ['mama pig', 'sow pig'],
  ['mother pig', 'sow pig'],
  ['carry belle', 'pregnant'],
  ['get belle', 'pregnant'],
  ['with belle', 'pregnant'],
  ['remove grass', 'weed'],
  ['remove the grass', 'weed'],
  ['clear grass', 'weed'],
  ['clear the grass', 'weed'],
  ['cut grass', 'weed'],
  ['clear weeds', 'weed'],
  ['clear the weeds', 'weed'],
  ['remove weeds', 'weed'],
  ['remove the weeds', 'weed'],
  ['how big', 'space room'],
  ['how large', 'space room'],
  ['how wide', 'space room'],
  ['bee keeping', 'beekeeping'],
  ['reach to cut', 'ready harvest'],
  ['ready to cut', 'ready harvest'],
  ['reach to harvest', 'ready harvest'],
  ['reach harvest', 'ready harvest'],
  ['can it take', 'space'],
  ['can it hold', 'space'],
  ['bee hive', 'beehive'],
  ['bee hives', 'beehives'],
];

/**
 * Farmers' words and the words the facts use for the same thing, read as alternatives of one term
 * (searchKnowledge): "stomach" finds a fact that says "belly", "sour" soil one that says "acid",
 * without counting twice for a fact that writes both or against one that writes only one.
 */
const SAME_MEANING = new Map<string, string[]>([
  ...alike(['stomach', 'tummy', 'belly'], 'belly'),
  ...alike(['swell', 'swells', 'swelled', 'swelling', 'swollen'], 'swollen', 'swell'),
  ...alike(['sour', 'acidic', 'acid'], 'acid'),
  ...alike(['morning', 'mornings', 'dawn'], 'dawn', 'morning'),
  ...alike(['dead', 'die', 'died', 'dies', 'dying', 'kpai', 'death', 'deaths'], 'die', 'dead'),
  ...alike(['catarrh', 'mucus', 'discharge'], 'discharge', 'nasal', 'nose'),
  ...alike(['nose', 'nostril', 'nostrils', 'nasal'], 'nose', 'nasal'),
  ...alike(['wear', 'wearing', 'clothes', 'cloth', 'clothing'], 'clothing', 'wear'),
  ...alike(['sneeze', 'sneezes', 'sneezing'], 'sneezing'),
  ...alike(['scratch', 'scratching', 'scratches', 'itch', 'itching', 'itchy'], 'itching', 'rub'),
  ...alike(
    ['poo', 'poop', 'shit', 'stool', 'stools', 'faeces', 'feces', 'dung', 'droppings', 'yansh'],
    'droppings',
    'dung',
  ),
  ...alike(['limp', 'limping', 'limps', 'lame', 'lameness'], 'lame', 'lameness'),
  ...alike(['vomit', 'vomits', 'vomiting', 'throw'], 'vomiting'),
  ...alike(['rot', 'rots', 'rotten', 'rotting'], 'rot'),
  ...alike(['smell', 'smells', 'smelly', 'stink', 'stinks', 'stinking', 'odour', 'odor'], 'smell', 'smelly'),
  ...alike(['close', 'closed', 'shut'], 'shut'),
  ...alike(['bugs', 'bug', 'insect', 'insects'], 'insects'),
  ...alike(['cure', 'cures', 'heal'], 'cure', 'treatment'),
  ...alike(['pluck', 'plucking', 'plucked'], 'harvest', 'pick'),
  ...alike(['coop', 'cage', 'cages'], 'house', 'pen'),
  ...alike(['weedicide', 'weedicides'], 'herbicide'),
  ...alike(['sticks', 'stick', 'stakes'], 'cuttings', 'stems'),
  ...alike(['gap', 'gaps', 'distance'], 'spacing'),
  ...alike(['layers', 'layer'], 'layer', 'hen'),
  ...alike(['hens'], 'hen', 'layer'),
  ...alike(['kids'], 'kid', 'young'),
  ...alike(['lambs'], 'lamb', 'young'),
  ...alike(['tank', 'tanks'], 'tank', 'pond'),
  ...alike(['weak', 'weakness', 'tired', 'dull'], 'weak', 'dullness'),
  ...alike(['thin', 'lean', 'skinny'], 'thin', 'condition'),
  ...alike(['hot', 'heat', 'sun'], 'heat', 'hot'),
  ...alike(['float', 'floating'], 'surface', 'float'),
  ...alike(['temperature', 'temperatures', 'temp'], 'warmth', 'warm'),
  ...alike(['insecticide', 'insecticides'], 'insecticide', 'pesticide'),
  ...alike(['grams', 'gram', 'grammes'], 'eat', 'eats'),
  ...alike(['ha', 'hectare', 'hectares', 'hectre', 'hecter'], 'hectare', 'ha'),
  ...alike(['stands', 'stand'], 'plants', 'stands'),
  // A sow is a mother pig, and to sow is to plant: a fact on either is about the word.
  ...alike(['sow'], 'sow', 'plant'),
  ...alike(['sows'], 'sow'),
  ...alike(['pregnant', 'pregnancy', 'gestation', 'pregnancies'], 'pregnant', 'pregnancy', 'carries'),
  ...alike(['mix', 'mixed', 'mixing', 'together'], 'intercropping', 'together'),
  // Verb forms the stemmer does not join ("sold" is not "sell"), and treating is giving medicine.
  ...alike(['sell', 'sells', 'selling', 'sold'], 'sell', 'sold'),
  ...alike(['buy', 'buys', 'buying', 'bought'], 'buy', 'bought'),
  ...alike(['give', 'gives', 'giving', 'gave', 'given'], 'give', 'given'),
  ...alike(['lay', 'lays', 'laid'], 'lay', 'laid'),
  ...alike(['grow', 'grows', 'growing', 'grew', 'grown'], 'grow', 'grown'),
  ...alike(['treat', 'treats', 'treating', 'treated'], 'treat', 'treatment', 'medicine'),
  // Leaf miners' tunnels, as farmers see them ("tunnels in my tomato leaves").
  ...alike(['tunnel', 'tunnels', 'tunnelling', 'tunneling', 'trails', 'lines'], 'mine', 'miner'),
]);

/** Each word of a group with the facts' words for it (itself left out). */
function alike(words: string[], ...factWords: string[]): [string, string[]][] {
  return words.map((word) => [word, factWords.filter((fact) => fact !== word)]);
}

/** Single words: local, Pidgin and other names mapped to the facts' words; '' drops a word. */
const WORDS = new Map<string, string>([
  ...pairs('maize', ['corn', 'masara', 'agbado', 'oka', 'maze', 'maiz', 'miaze']),
  ...pairs('sorghum', ['dawa']),
  ...pairs('millet', ['gero', 'jero', 'maiwa']),
  ...pairs('rice', ['shinkafa', 'iresi', 'osikapa']),
  ...pairs('cowpea', ['beans', 'bean', 'wake', 'ewa', 'agwa', 'cowpeas']),
  ...pairs('soybean', ['soya', 'soy', 'soyabean', 'soyabeans', 'soybeans']),
  ...pairs('groundnut', ['groundnuts', 'peanut', 'peanuts', 'gyada', 'epa', 'ahuekere']),
  ...pairs('sesame', ['beniseed', 'benniseed', 'benne', 'ridi']),
  ...pairs('cassava', ['rogo', 'ege', 'akpu']),
  ...pairs('garri cassava', ['garri', 'gari']),
  ...pairs('yam', ['doya', 'isu']),
  ...pairs('tomato', ['tumatir', 'tomatoe', 'tomatos', 'tomatoes']),
  ...pairs('pepper', ['pepe', 'barkono', 'ata', 'tatashe', 'tattasai', 'shombo', 'rodo', 'ose', 'peppers']),
  ...pairs('onion', ['albasa', 'alubosa', 'yabasi', 'onions']),
  ...pairs('plantain', ['ogede', 'agbagba', 'plantains']),
  ...pairs('banana plantain', ['banana', 'bananas']),
  ...pairs('fowl chicken', ['fowl', 'fowls']),
  ...pairs('chicken', ['adiye', 'adie', 'kaza', 'kaji', 'okuko', 'chickens']),
  ...pairs('cattle', [
    'cow',
    'cows',
    'bull',
    'bulls',
    'heifer',
    'heifers',
    'shanu',
    'saniya',
    'maalu',
    'ehi',
  ]),
  ...pairs('calf cattle', ['calf', 'calves']),
  ...pairs('goat', ['akuya', 'awaki', 'ewure', 'ewu', 'goats']),
  ...pairs('sheep', ['agutan', 'tunkiya', 'aturu']),
  ...pairs('ram sheep', ['ram', 'rams', 'rago']),
  ...pairs('ewe sheep', ['ewe', 'ewes']),
  ...pairs('pig', ['pigs', 'hog', 'hogs', 'elede', 'ezi', 'alade', 'aladu']),
  ...pairs('swine pig', ['swine']),
  ...pairs('piglet pig', ['piglet', 'piglets']),
  ...pairs('fish', ['eja', 'kifi', 'azu']),
  ...pairs('treatment', ['medicine', 'medicines', 'drug', 'drugs']),
  ...pairs('chemical', ['chemicals', 'agrochemical', 'agrochemicals', 'poison']),
  ...pairs('herbicide', ['weedkiller', 'herbicides']),
  ...pairs('fertilizer', ['fertiliser', 'fertilisers', 'taki', 'ajile']),
  ...pairs('diarrhoea', ['diarrhea', 'purge', 'purging', 'stooling']),
  ...pairs('deworm', ['dewormer', 'dewormers', 'deworming', 'dewormed']),
  ...pairs('disease', ['sickness']),
  ...pairs('plant', ['sowing', 'sown', 'shuka', 'gbin']),
  ...pairs('belly', ['belle']),
  ...pairs('eat', ['chop']),
  ...pairs('remove', ['comot']),
  ...pairs('young', ['pikin', 'pikins']),
  ...pairs('problem', ['wahala']),
  ...pairs('gona', ['app']),
  ...pairs('okra', ['okro', 'okros', 'okras', 'ila', 'kubewa', 'okwuru']),
  ...pairs('cocoa', ['cacao', 'koko']),
  ...pairs('cashew', ['cashews', 'kashu']),
  ...pairs('problem', ['worry', 'worries', 'worrying', 'disturb', 'disturbing', 'trouble', 'troubling']),
  ...pairs('metre', ['meter', 'meters', 'metres', 'mtr']),
  ...pairs('foot', ['feet', 'ft']),
  ...pairs('week', ['wk', 'wek']),
  ...pairs('weeks', ['wks', 'weks']),
  ...pairs('month', ['mnth', 'mth']),
  ...pairs('months', ['mnths', 'mths']),
  ...STEMMED_ALIKE,
]);

/** Letters that name a shape a fact describes. */
const SHAPES = new Set(['v', 'y']);

/** Words that only carry the asking, in Pidgin or English, and are not in the database's stop list. */
const DROPPED = new Set([
  // Apostrophes left out ("dont"), and when it happened: neither says what a fact is about.
  'dont',
  'didnt',
  'doesnt',
  'cant',
  'wont',
  'isnt',
  'arent',
  'havent',
  'wat',
  'wht',
  'yday',
  'yesterday',
  'today',
  'tomorrow',
  'since',
  'ago',
  'currently',
  'recently',
  'wetin',
  'abeg',
  'dey',
  'una',
  'don',
  'wey',
  'na',
  'sey',
  'abi',
  'sef',
  'oo',
  'ooo',
  'jare',
  'shey',
  'sha',
  'biko',
  'oya',
  'pls',
  'plz',
  'please',
  'kindly',
  'oga',
  'madam',
  'sir',
  'ma',
  'fit',
  'go',
  'make',
  'dem',
  'im',
  'wan',
  'wanna',
  'nau',
  'naw',
  'ehn',
  'ehen',
  'kpele',
  'wen',
  'dis',
  'dat',
  'hw',
  'ur',
  'tanx',
  'thanks',
  'thank',
  'hello',
  'hi',
  'tell',
  'know',
  'sabi',
  'want',
  'need',
  'help',
  'could',
  'would',
  'also',
  'really',
  'thing',
  'things',
  'tins',
  'get',
  'still',
  'yet',
  'good',
  'best',
  'right',
  'correct',
  'proper',
  'way',
  'kind',
  'exactly',
  'actually',
  'pesin',
  'person',
  'sharp',
  'gree',
]);

/** Matches the words (letters, digits and spaces only) between spaces, everywhere. */
function wholeWords(words: string): RegExp {
  return new RegExp(`(?<= )${words}(?= )`, 'g');
}

function pairs(to: string, from: string[]): [string, string][] {
  return from.map((word) => [word, to]);
}

/**
 * Nigerian states and towns: a question naming where the farm is ("for Kaduna") is about that
 * place's zone, which the assistant knows from the farm; the facts are written by zone, so a place
 * name neither matches nor counts against a fact.
 */
const PLACES = [
  ...NIGERIAN_STATES,
  ...Object.values(STATE_CAPITALS).map((capital) => capital.town),
  'Abuja',
  'FCT',
  'Nigeria',
  'Naija',
  'Zaria',
  'Funtua',
  'Nsukka',
  'Onitsha',
  'Aba',
  'Ogbomoso',
  'Mokwa',
  'Kafanchan',
  'Potiskum',
]
  .map((place) => normalizeQuestion(place))
  .filter(Boolean)
  .sort((a, b) => b.length - a.length);

function withoutPlaces(text: string): string {
  let padded = ` ${text} `;
  for (const place of PLACES) padded = padded.replace(wholeWords(place), '');
  return padded.replace(/ +/g, ' ').trim();
}
