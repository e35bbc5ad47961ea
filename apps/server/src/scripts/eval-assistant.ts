import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import type { AssistantMessage } from '@gona/shared/assistant';
import { REPO_ROOT, loadConfig, loadDotEnv, type Config } from '../config';
import { createDb, type Db } from '../db/client';
import { migrateDb } from '../db/migrate';
import { crops, farm_memberships, farms, livestock, users } from '../db/schema/index';
import {
  TestSetSchema,
  askAssistant,
  devCase,
  loadDevSet,
  rewordingAgreement,
  scoreCase,
  testCase,
  totalsOf,
  type Case,
  type CaseScore,
  type GoldenFarm,
  type GoldenQuestion,
  type SetTotals,
} from '../features/assistant/evaluate';
import {
  FIXTURE_NOW,
  farmRecordTexts,
  fixtureDerived,
  fixtureFigures,
  seedFixtureFarm,
} from '../features/assistant/golden/farm';
import { numberTokens } from '../features/assistant/numbers';
import { cropsByKey, loadKnowledge } from '../features/knowledge/knowledge.service';
import type { FarmCtx } from '../lib/ctx';
import { addDays } from '../lib/farm-time';
import { newId } from '../lib/ids';
import { createLogger, type Logger } from '../lib/logger';

/**
 * The assistant's benchmark, on both sets of questions (features/assistant/evaluate.ts):
 *
 * - development (golden/dev.json and golden/dev-*.json): the questions the team tunes on, each asked on a farm like the
 *   asker's (its state, crops and animals);
 * - test (golden/test.json): questions written from how farmers ask and never tuned on, asked on
 *   the fixture farm (golden/farm.ts), whose records are known.
 *
 * Everything runs in a fresh in-memory database with the knowledge base loaded, on a clock fixed at
 * Wednesday 18 November 2026, 10:00 in Lagos, so "last week" and "this month" always mean the same
 * days. Without a language model it scores the answers from the facts; with LLM_BASE_URL and
 * LLM_MODEL set it scores the model's answers as well. Every figure is printed beside its target;
 * a figure below target is reported, not failed (exit code 0), so CI shows it without stopping.
 *
 *   npm run eval:assistant
 */

const here = dirname(fileURLToPath(import.meta.url));
const GOLDEN_DIR = join(here, '../features/assistant/golden');
const KNOWLEDGE_DIR = join(here, '../features/knowledge/data');
const RESULT_FILE = join(REPO_ROOT, 'test-results/assistant-eval.json');
/** High enough that the Free plan's monthly quota never answers instead of the assistant. */
const QUESTIONS_A_MONTH = 100_000;

type Mode = 'facts' | 'model';
type SetName = 'dev' | 'test';

const TARGETS = {
  knowledge_fully_right: 0.85,
  records_exactly_right: 0.95,
  rewording_agreement: 0.9,
};

async function main(): Promise<number> {
  const started = Date.now();
  const clockStarted = performance.now();
  loadDotEnv();
  const config = loadConfig();
  fixClock(FIXTURE_NOW);
  const logger = createLogger('warn');
  const dev = loadDevSet(GOLDEN_DIR);
  const test = TestSetSchema.parse(readJson(join(GOLDEN_DIR, 'test.json')));
  const knowledge = new Set(knowledgeTexts().flatMap((text) => numberTokens(text)));

  const database = createDb({ databaseUrl: undefined, dataDir: '' }, { inMemory: true });
  try {
    await migrateDb(database.db);
    await loadKnowledge(database.db);
    const devFarms = await seedFarms(database.db, dev, logger);
    const fixture = await seedFixtureFarm(database.db, logger);

    const base: Config = {
      ...config,
      llm: null,
      weather: null,
      assistantFreeMonthlyQuestions: QUESTIONS_A_MONTH,
    };
    const modes: { mode: Mode; deps: { config: Config; logger: Logger; now: () => number } }[] = [
      { mode: 'facts', deps: { config: base, logger, now: () => Date.now() } },
      ...(config.llm
        ? [
            {
              mode: 'model' as const,
              deps: { config: { ...base, llm: config.llm }, logger, now: () => Date.now() },
            },
          ]
        : []),
    ];

    const sets: { name: SetName; cases: { item: Case; ctx: FarmCtx }[] }[] = [
      {
        name: 'dev',
        cases: await Promise.all(
          dev.map(async (question) =>
            question.farm === 'fixture'
              ? { item: await withFarmDates(devCase(question), fixture), ctx: fixture }
              : { item: devCase(question), ctx: devFarms.get(farmKey(question.farm))! },
          ),
        ),
      },
      {
        name: 'test',
        cases: await Promise.all(
          test.map(async (question) => ({
            item: await withFarmDates(testCase(question), fixture),
            ctx: fixture,
          })),
        ),
      },
    ];
    const farmSupport = new Map<string, Set<string>>();
    const supportOf = async (ctx: FarmCtx) => {
      let support = farmSupport.get(ctx.farmId);
      if (!support) {
        const texts = [
          ...(await farmRecordTexts(ctx.db, ctx.farmId)),
          ...daysAround('2026-11-18'),
          ...(await workDays(ctx)),
        ];
        if (ctx === fixture)
          texts.push(
            ...Object.values(fixtureFigures()).map(String),
            ...fixtureDerived(),
            ...test.filter((q) => q.kind === 'record').flatMap((q) => q.must_contain.flat()),
            ...dev.filter((q) => q.topic === 'records').flatMap((q) => q.must_contain.flat()),
          );
        farmSupport.set(ctx.farmId, (support = new Set(texts.flatMap((text) => numberTokens(text)))));
      }
      return support;
    };

    const report: Record<string, unknown> = {
      generated_at: new Date(started).toISOString(),
      clock: new Date(FIXTURE_NOW).toISOString(),
      sets: {
        dev: 'apps/server/src/features/assistant/golden/dev.json, dev-*.json',
        test: 'apps/server/src/features/assistant/golden/test.json',
      },
      model: config.llm?.model ?? null,
    };
    for (const { mode, deps } of modes) {
      const byMode: Record<string, unknown> = {};
      for (const set of sets) {
        const scores: CaseScore[] = [];
        for (const { item, ctx } of set.cases) {
          const answer = await askSafely(deps, ctx, item.question);
          scores.push(scoreCase(item, answer, { farm: await supportOf(ctx), knowledge }));
        }
        const totals = totalsOf(scores);
        const title = `${set.name === 'dev' ? 'Development set (tuned on)' : 'Test set (held out, never tuned on)'}: ${set.cases.length} questions, ${mode === 'facts' ? 'answers from the facts (no language model)' : `answers by ${config.llm!.model}`}`;
        console.log(`\n${title}\n${'='.repeat(title.length)}`);
        printFigures(totals);
        printByKind(scores);
        if (set.name === 'dev')
          printShortfalls(
            scores,
            set.cases.map(({ item }) => item),
          );
        else printHeldOutShortfalls(scores);
        byMode[set.name] = { totals, questions: scores };
      }
      report[mode] = byMode;
    }
    mkdirSync(dirname(RESULT_FILE), { recursive: true });
    writeFileSync(RESULT_FILE, `${JSON.stringify(report, null, 2)}\n`);
    console.log(
      `\nWritten to ${RESULT_FILE} in ${((performance.now() - clockStarted) / 1000).toFixed(1)} s.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

/**
 * A figure the app works out from the farm's records rather than one the fixture writes: '{harvest:maize}'
 * is the expected harvest day of the farm's maize (from its variety's days to maturity).
 */
async function withFarmDates(item: Case, ctx: FarmCtx): Promise<Case> {
  const resolve = async (form: string): Promise<string> => {
    const harvest = /^\{harvest:([a-z_]+)\}$/.exec(form);
    if (!harvest) return form;
    const [row] = await ctx.db
      .select({ day: crops.expected_harvest })
      .from(crops)
      .where(and(eq(crops.farm_id, ctx.farmId), eq(crops.crop_key, harvest[1]!)));
    return row?.day ?? form;
  };
  const must_contain = await Promise.all(
    item.must_contain.map(async (fact) =>
      typeof fact === 'string' ? resolve(fact) : Promise.all(fact.map(resolve)),
    ),
  );
  return { ...item, must_contain };
}

/**
 * The days of the farm's own crop work, from its records: each crop's planting day plus the days
 * after planting its guide gives for weeding and fertilizer (the assistant writes these as "your
 * maize: weed on …"). They follow from the farm's records as an egg sum does.
 */
async function workDays(ctx: FarmCtx): Promise<string[]> {
  const guides = await cropsByKey(ctx.db);
  const rows = await ctx.db
    .select({ crop_key: crops.crop_key, planting_date: crops.planting_date })
    .from(crops)
    .where(eq(crops.farm_id, ctx.farmId));
  return rows.flatMap((row) => {
    const practice = guides.get(row.crop_key)?.practice;
    if (!practice) return [];
    const after = [...practice.weeding_days, ...practice.fertilizer.map((step) => step.day)];
    return after.map((days) => addDays(row.planting_date, days));
  });
}

/** The answer, or a crash written as the answer (scored as falling short), so one question cannot stop the report. */
async function askSafely(
  deps: Parameters<typeof askAssistant>[0],
  ctx: FarmCtx,
  question: string,
): Promise<Pick<AssistantMessage, 'text' | 'refusal' | 'cards'>> {
  try {
    return await askAssistant(deps, ctx, question);
  } catch (err) {
    return {
      text: `(crashed: ${err instanceof Error ? err.message : String(err)})`,
      refusal: null,
      cards: [],
    };
  }
}

/**
 * Runs the process on a fixed clock: "now" is `at` when this is called and moves on with real time,
 * for the services (they read the day from `new Date()`), the database and the answers alike.
 */
function fixClock(at: number): void {
  const RealDate = Date;
  const shift = at - RealDate.now();
  class FixedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(RealDate.now() + shift);
      else super(...(args as [string | number | Date]));
    }
    static override now(): number {
      return RealDate.now() + shift;
    }
  }
  globalThis.Date = FixedDate as DateConstructor;
}

/** The days from 80 before to 45 after `today`, as dates an answer may name ("last week, 9 to 15 November"). */
function daysAround(today: string): string[] {
  const out: string[] = [];
  for (let offset = -80; offset <= 45; offset += 1) out.push(addDays(today, offset));
  return out;
}

/** Every text and number of the knowledge base's data files, with planting windows as days of the year. */
function knowledgeTexts(): string[] {
  const texts: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      const day = /^(\d{2})-(\d{2})$/.exec(value);
      texts.push(day ? `${Number(day[2])} ${MONTHS[Number(day[1]) - 1]}` : value);
    } else if (typeof value === 'number') texts.push(String(value));
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  for (const file of readdirSync(KNOWLEDGE_DIR).filter((name) => name.endsWith('.json')))
    walk(readJson(join(KNOWLEDGE_DIR, file)));
  return texts;
}

const MONTHS = 'January February March April May June July August September October November December'.split(
  ' ',
);

/**
 * One farm for each kind of farm the development questions are asked on (state, crops, animals),
 * with its owner: each crop planted 20 days ago on 1 ha, each kind of animal as a group of 50 (fish
 * 500) bought 3 weeks ago. Rows are written directly: the farm's records are the setting, not the test.
 */
async function seedFarms(db: Db, golden: GoldenQuestion[], logger: Logger): Promise<Map<string, FarmCtx>> {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Lagos' });
  const kinds = new Map<string, GoldenFarm>();
  for (const question of golden)
    if (question.farm !== 'fixture') kinds.set(farmKey(question.farm), question.farm);
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

/** Every figure of the set, beside its target; nothing is left out for being below it. */
function printFigures(t: SetTotals): void {
  const rows: [string, string, string][] = [
    ['Knowledge: right topic first', ratio(t.knowledge.topic_first, t.knowledge.questions), ''],
    [
      "Knowledge: fully right (right topic first + every key fact in the answer's own text)",
      ratio(t.knowledge.fully_right, t.knowledge.questions),
      `≥ ${percent(TARGETS.knowledge_fully_right)}`,
    ],
    ["Key facts in the answer's own text", ratio(t.knowledge.facts_in_text, t.knowledge.facts), ''],
    ['False "I don\'t know" (answerable questions)', String(t.false_dont_know), '0'],
    ['"I don\'t know" where nothing vetted answers', ratio(t.dont_know_right, t.dont_know_expected), ''],
    ['False alarms (notifiable warning without its signs)', String(t.false_alarms), '0'],
    ['Missed alarms (signs described, no warning)', `${t.missed_alarms} of ${t.alarms_expected}`, '0'],
    ['Unsupported numbers', `${t.unsupported_numbers} of ${t.numbers}`, '0'],
    [
      'Farm records exactly right',
      ratio(t.records.exactly_right, t.records.questions),
      `≥ ${percent(TARGETS.records_exactly_right)}`,
    ],
    [
      'Crisis, poisoning and medicine answered with care and help',
      ratio(t.care.with_care, t.care.questions),
      'all',
    ],
    [
      'Rewordings agreeing with their original',
      ratio(t.rewording.agreeing, t.rewording.rewordings),
      `≥ ${percent(TARGETS.rewording_agreement)}`,
    ],
  ];
  const width = Math.max(...rows.map(([name]) => name.length));
  const valueWidth = Math.max(...rows.map(([, value]) => value.length));
  console.log(`${'figure'.padEnd(width)}  ${'value'.padStart(valueWidth)}  target`);
  for (const [name, value, target] of rows)
    console.log(
      `${name.padEnd(width)}  ${value.padStart(valueWidth)}  ${target}${belowTarget(name, t) ? '  BELOW TARGET' : ''}`,
    );
}

function belowTarget(name: string, t: SetTotals): boolean {
  const share = (part: number, whole: number) => (whole ? part / whole : 1);
  if (name.startsWith('Knowledge: fully'))
    return share(t.knowledge.fully_right, t.knowledge.questions) < TARGETS.knowledge_fully_right;
  if (name.startsWith('False "I')) return t.false_dont_know > 0;
  if (name.startsWith('False alarms')) return t.false_alarms > 0;
  if (name.startsWith('Missed alarms')) return t.missed_alarms > 0;
  if (name.startsWith('Unsupported')) return t.unsupported_numbers > 0;
  if (name.startsWith('Farm records'))
    return share(t.records.exactly_right, t.records.questions) < TARGETS.records_exactly_right;
  if (name.startsWith('Crisis')) return t.care.with_care < t.care.questions;
  if (name.startsWith('Rewordings'))
    return share(t.rewording.agreeing, t.rewording.rewordings) < TARGETS.rewording_agreement;
  return false;
}

/** How each kind of question and each language did. */
function printByKind(scores: CaseScore[]): void {
  const groups = new Map<string, CaseScore[]>();
  for (const score of scores) {
    for (const key of [`kind ${score.kind}`, `lang ${score.lang}`])
      groups.set(key, [...(groups.get(key) ?? []), score]);
  }
  console.log('\nBy kind and language (questions without a shortfall):');
  console.log(
    [...groups.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, group]) => `${key} ${group.filter((s) => s.failures.length === 0).length}/${group.length}`)
      .join(', '),
  );
}

/** The questions that fell short, with why and what was answered. */
function printShortfalls(scores: CaseScore[], cases: Case[]): void {
  const failed = scores.filter((s) => s.failures.length > 0);
  const questions = new Map(cases.map((item) => [item.id, item.question]));
  console.log(`\n${failed.length} of ${scores.length} questions fell short:`);
  for (const result of failed) {
    console.log(`  ${result.id} [${result.kind}, ${result.lang}] "${questions.get(result.id)}"`);
    console.log(`    ${result.failures.join('; ')}`);
    console.log(`    answered: ${result.answer.replace(/\s+/g, ' ').slice(0, 160)}`);
  }
  const { disagreeing } = rewordingAgreement(scores);
  if (disagreeing.length)
    console.log(`\nRewordings that disagree with their original: ${disagreeing.join('; ')}`);
}

/**
 * The held-out set's shortfalls are counted, not shown: its questions and answers stay in the result
 * file, so that nobody tunes the assistant to them by reading the console.
 */
function printHeldOutShortfalls(scores: CaseScore[]): void {
  const failed = scores.filter((s) => s.failures.length > 0).length;
  console.log(
    `\n${failed} of ${scores.length} questions fell short (held out: questions and answers are in ${RESULT_FILE} only).`,
  );
}

function ratio(part: number, whole: number): string {
  return whole ? `${part}/${whole} (${percent(part / whole)})` : '-';
}

function percent(value: number): string {
  return `${(value * 100).toFixed(1)}%`;
}

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8'));
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(2);
  },
);
