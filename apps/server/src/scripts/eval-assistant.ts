import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT, loadConfig, loadDotEnv, type Config } from '../config';
import { createDb, type Db } from '../db/client';
import { migrateDb } from '../db/migrate';
import { crops, farm_memberships, farms, livestock, users } from '../db/schema/index';
import {
  GOLDEN_TOPICS,
  GoldenSetSchema,
  askAssistant,
  farmContext,
  retrieve,
  scoreAnswer,
  supportedNumbers,
  type GoldenFarm,
  type GoldenQuestion,
  type QuestionScore,
} from '../features/assistant/evaluate';
import type { FarmContext } from '../features/assistant/context';
import { loadKnowledge } from '../features/knowledge/knowledge.service';
import type { FarmCtx } from '../lib/ctx';
import { addDays, dateIn } from '../lib/farm-time';
import { newId } from '../lib/ids';
import { createLogger, type Logger } from '../lib/logger';

/**
 * The assistant's benchmark: every golden question (features/assistant/golden/questions.json) asked
 * on a farm like the asker's, in a fresh in-memory database with the knowledge base loaded, and
 * scored for retrieval hit rate at 5, fact recall, numbers the answer writes that no fact or farm
 * record holds, and refusals. Without a language model it answers from the facts; with LLM_BASE_URL
 * and LLM_MODEL set it also asks the model. The figures are reported, not asserted, except that an
 * answer from the facts must never write a number it was not given (exit code 1).
 *
 *   npm run eval:assistant
 */

const GOLDEN_FILE = join(
  dirname(fileURLToPath(import.meta.url)),
  '../features/assistant/golden/questions.json',
);
const RESULT_FILE = join(REPO_ROOT, 'test-results/assistant-eval.json');
/** High enough that the Free plan's monthly quota never answers instead of the assistant. */
const QUESTIONS_A_MONTH = 100_000;

type Mode = 'facts' | 'model';
type Totals = {
  questions: number;
  hit_at_5: number | null;
  retrieval_questions: number;
  fact_recall: number | null;
  /** Fact recall of the answer's own text, without its cards. */
  text_recall: number | null;
  recall_questions: number;
  numbers: number;
  unsupported_numbers: number;
  unsupported_number_rate: number;
  answers_with_unsupported_numbers: number;
  invented_numbers: number;
  removed_numbers: number;
  /** Answers the language model wrote (the others fell back to the facts, or were refusals). */
  answered_by_model: number;
  refusals_expected: number;
  correct_refusals: number;
  correct_refusal_rate: number | null;
  false_refusals: number;
  lookups_expected: number;
  lookups_used: number;
  passed: number;
};

async function main(): Promise<number> {
  const started = Date.now();
  loadDotEnv();
  const config = loadConfig();
  const logger = createLogger('warn');
  const golden = GoldenSetSchema.parse(JSON.parse(readFileSync(GOLDEN_FILE, 'utf8')));

  const database = createDb({ databaseUrl: undefined, dataDir: '' }, { inMemory: true });
  try {
    await migrateDb(database.db);
    await loadKnowledge(database.db);
    const farmsByKey = await seedFarms(database.db, golden, logger);
    const contexts = new Map<string, FarmContext>();

    const base: Config = {
      ...config,
      llm: null,
      weather: null,
      assistantFreeMonthlyQuestions: QUESTIONS_A_MONTH,
    };
    const modes: { mode: Mode; deps: { config: Config; logger: Logger; now: () => number } }[] = [
      { mode: 'facts', deps: { config: base, logger, now: Date.now } },
      ...(config.llm
        ? [{ mode: 'model' as const, deps: { config: { ...base, llm: config.llm }, logger, now: Date.now } }]
        : []),
    ];
    const scores: Record<Mode, QuestionScore[]> = { facts: [], model: [] };
    for (const question of golden) {
      const ctx = farmsByKey.get(farmKey(question.farm))!;
      let context = contexts.get(ctx.farmId);
      if (!context) contexts.set(ctx.farmId, (context = await farmContext(ctx)));
      const retrieved = await retrieve(ctx, question.question, context);
      const supported = await supportedNumbers(ctx, question.question, retrieved, context);
      for (const { mode, deps } of modes) {
        const answer = await askAssistant(deps, ctx, question.question);
        scores[mode].push(scoreAnswer(question, answer, retrieved, supported));
      }
    }

    const report: Record<string, unknown> = {
      generated_at: new Date().toISOString(),
      golden_file: 'apps/server/src/features/assistant/golden/questions.json',
      questions: golden.length,
      pidgin: golden.filter((question) => question.lang === 'pcm').length,
      model: config.llm?.model ?? null,
    };
    for (const { mode } of modes) {
      const results = scores[mode];
      const title =
        mode === 'facts' ? 'Answers from the facts (no language model)' : `Answers by ${config.llm!.model}`;
      console.log(`\n${title}\n`);
      printTable(results);
      printHeadline(totalsOf(results), mode);
      printFailures(results, golden);
      report[mode] = {
        totals: totalsOf(results),
        by_topic: Object.fromEntries(
          GOLDEN_TOPICS.map((topic) => [topic, totalsOf(results.filter((r) => r.topic === topic))]),
        ),
        by_lang: {
          en: totalsOf(results.filter((r) => r.lang === 'en')),
          pcm: totalsOf(results.filter((r) => r.lang === 'pcm')),
        },
        questions: results,
      };
    }
    mkdirSync(dirname(RESULT_FILE), { recursive: true });
    writeFileSync(RESULT_FILE, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nWritten to ${RESULT_FILE} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);

    const facts = totalsOf(scores.facts);
    if (facts.unsupported_numbers > 0 || facts.invented_numbers > 0) {
      console.error(
        `\nAnswers from the facts wrote ${facts.unsupported_numbers} numbers that no fact or farm record holds and ${facts.invented_numbers} numbers the golden set says a wrong answer would invent: they must write none.`,
      );
      return 1;
    }
    return 0;
  } finally {
    await database.close();
  }
}

/**
 * One farm for each kind of farm the golden questions are asked on (state, crops, animals), with its
 * owner: each crop planted 20 days ago on 1 ha, each kind of animal as a group of 50 (fish 500)
 * bought 3 weeks ago. Rows are written directly: the farm's records are the setting, not the test.
 */
async function seedFarms(db: Db, golden: GoldenQuestion[], logger: Logger): Promise<Map<string, FarmCtx>> {
  const today = dateIn('Africa/Lagos');
  const kinds = new Map<string, GoldenFarm>();
  for (const question of golden) kinds.set(farmKey(question.farm), question.farm);
  const seeded = new Map<string, FarmCtx>();
  const rows = {
    users: [] as (typeof users.$inferInsert)[],
    farms: [] as (typeof farms.$inferInsert)[],
    memberships: [] as (typeof farm_memberships.$inferInsert)[],
    crops: [] as (typeof crops.$inferInsert)[],
    livestock: [] as (typeof livestock.$inferInsert)[],
  };
  for (const [key, farm] of kinds) {
    const n = seeded.size + 1;
    const userId = newId();
    const farmId = newId();
    rows.users.push({
      id: userId,
      name: `Golden Farmer ${n}`,
      email: `golden-farmer-${n}@example.com`,
      email_verified: true,
      first_name: 'Golden',
      last_name: `Farmer ${n}`,
    });
    rows.farms.push({
      id: farmId,
      name: `Golden farm ${n}`,
      location: farm.state ?? 'Nigeria',
      farm_type: 'mixed',
      owner_id: userId,
      state: farm.state,
    });
    rows.memberships.push({ id: newId(), farm_id: farmId, user_id: userId, role: 'owner' });
    for (const cropKey of farm.crops)
      rows.crops.push({
        id: newId(),
        farm_id: farmId,
        crop_key: cropKey,
        area_planted: '1',
        season: 'main',
        planting_date: addDays(today, -20),
        expected_harvest: addDays(today, 90),
        status: 'growing',
      });
    for (const species of farm.species)
      rows.livestock.push({
        id: newId(),
        farm_id: farmId,
        kind: 'group',
        species,
        name: `${species.replace(/_/g, ' ')} group`,
        acquisition: 'bought',
        acquired_on: addDays(today, -21),
        date_of_birth: addDays(today, -21),
        head_count: species === 'catfish' || species === 'tilapia' ? 500 : 50,
      });
    seeded.set(key, { db, userId, farmId, role: 'owner', logger });
  }
  await db.transaction(async (tx) => {
    await tx.insert(users).values(rows.users);
    await tx.insert(farms).values(rows.farms);
    await tx.insert(farm_memberships).values(rows.memberships);
    if (rows.crops.length) await tx.insert(crops).values(rows.crops);
    if (rows.livestock.length) await tx.insert(livestock).values(rows.livestock);
  });
  return seeded;
}

function farmKey(farm: GoldenFarm): string {
  return JSON.stringify([farm.state, [...farm.crops].sort(), [...farm.species].sort()]);
}

function totalsOf(results: QuestionScore[]): Totals {
  const retrieval = results.filter((r) => r.hit_at_5 !== null);
  const recall = results.filter((r) => r.recall !== null);
  const expectedRefusals = results.filter((r) => r.expected_refusal !== null);
  const numbers = sum(results.map((r) => r.numbers));
  const unsupported = sum(results.map((r) => r.unsupported_numbers.length));
  const lookups = results.filter((r) => r.lookup_ok !== null);
  return {
    questions: results.length,
    hit_at_5: retrieval.length ? share(retrieval.filter((r) => r.hit_at_5).length, retrieval.length) : null,
    retrieval_questions: retrieval.length,
    fact_recall: recall.length ? round(sum(recall.map((r) => r.recall!)) / recall.length) : null,
    text_recall: recall.length ? round(sum(recall.map((r) => r.text_recall!)) / recall.length) : null,
    recall_questions: recall.length,
    numbers,
    unsupported_numbers: unsupported,
    unsupported_number_rate: numbers ? share(unsupported, numbers) : 0,
    answers_with_unsupported_numbers: results.filter((r) => r.unsupported_numbers.length > 0).length,
    invented_numbers: sum(results.map((r) => r.invented_numbers.length)),
    removed_numbers: sum(results.map((r) => r.removed_numbers)),
    answered_by_model: results.filter((r) => r.answered_by !== 'facts').length,
    refusals_expected: expectedRefusals.length,
    correct_refusals: expectedRefusals.filter((r) => r.refusal_ok).length,
    correct_refusal_rate: expectedRefusals.length
      ? share(expectedRefusals.filter((r) => r.refusal_ok).length, expectedRefusals.length)
      : null,
    false_refusals: results.filter((r) => r.false_refusal).length,
    lookups_expected: lookups.length,
    lookups_used: lookups.filter((r) => r.lookup_ok).length,
    passed: results.filter((r) => r.failures.length === 0).length,
  };
}

/** One line per topic, then by language and in all: the four figures and what else went wrong. */
function printTable(results: QuestionScore[]): void {
  const header = [
    'topic',
    'n',
    'hit@5',
    'recall',
    'in text',
    'unsupp. nums',
    'invented',
    'removed',
    'refusals ok',
    'false ref.',
    'look-ups',
    'all ok',
  ];
  const rows = [
    ...GOLDEN_TOPICS.map((topic) => [topic, totalsOf(results.filter((r) => r.topic === topic))] as const),
    ['English', totalsOf(results.filter((r) => r.lang === 'en'))] as const,
    ['Pidgin', totalsOf(results.filter((r) => r.lang === 'pcm'))] as const,
    ['all', totalsOf(results)] as const,
  ].map(([name, t]) => [
    name,
    String(t.questions),
    t.hit_at_5 === null ? '-' : `${percent(t.hit_at_5)} (${t.retrieval_questions})`,
    t.fact_recall === null ? '-' : percent(t.fact_recall),
    t.text_recall === null ? '-' : percent(t.text_recall),
    `${t.unsupported_numbers}/${t.numbers}`,
    String(t.invented_numbers),
    String(t.removed_numbers),
    t.refusals_expected ? `${t.correct_refusals}/${t.refusals_expected}` : '-',
    String(t.false_refusals),
    t.lookups_expected ? `${t.lookups_used}/${t.lookups_expected}` : '-',
    `${t.passed}/${t.questions}`,
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: readonly string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  rows.forEach((row, i) => {
    if (i === GOLDEN_TOPICS.length || i === rows.length - 1)
      console.log(widths.map((width) => '-'.repeat(width)).join('  '));
    console.log(line(row));
  });
}

/** The four figures the benchmark is for, in one line. */
function printHeadline(t: Totals, mode: Mode): void {
  const parts = [
    `hit rate at 5 ${t.hit_at_5 === null ? '-' : percent(t.hit_at_5)}`,
    `fact recall ${t.fact_recall === null ? '-' : percent(t.fact_recall)} (in the answer's own text ${t.text_recall === null ? '-' : percent(t.text_recall)})`,
    `unsupported numbers ${t.unsupported_numbers} of ${t.numbers} (${percent(t.unsupported_number_rate)}), invented ${t.invented_numbers}`,
    `correct refusals ${t.correct_refusals}/${t.refusals_expected}, false refusals ${t.false_refusals}`,
  ];
  if (mode === 'model')
    parts.push(
      `written by the model ${t.answered_by_model}/${t.questions}, numbers taken out ${t.removed_numbers}`,
    );
  console.log(`\n${parts.join('; ')}.`);
}

/** The questions that fell short, with why, so retrieval, look-ups and refusals can be improved. */
function printFailures(results: QuestionScore[], golden: GoldenQuestion[]): void {
  const failed = results.filter((r) => r.failures.length > 0);
  if (!failed.length) return;
  console.log(`\n${failed.length} questions fell short:`);
  const questions = new Map(golden.map((question) => [question.id, question.question]));
  for (const result of failed) {
    console.log(`  ${result.id} "${questions.get(result.id)}"`);
    console.log(`    ${result.failures.join('; ')}`);
    if (result.hit_at_5 === false)
      console.log(
        `    top 5: ${result.top_5.map((hit) => `${hit.key} ${hit.rank}`).join(', ') || 'nothing'}`,
      );
  }
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function share(part: number, whole: number): number {
  return round(part / whole);
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

function percent(value: number): string {
  return `${(value * 100).toFixed(1)}%`;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(2);
  },
);
