import { and, asc, count, desc, eq, gte, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AskInputSchema,
  AskResult,
  AssistantMessage,
  ConversationDetail,
  ConversationPage,
  FactCard,
  FeedbackInputSchema,
} from '@gona/shared/assistant';
import type { PageQuery } from '@gona/shared/pagination';
import { PLANS } from '@gona/shared/plans';
import type { Tx } from '../../db/client';
import {
  assistant_conversations,
  assistant_messages,
  assistant_questions,
  knowledge_advice,
  knowledge_sources,
} from '../../db/schema/index';
import { createLanguageModel, type LanguageModel } from '../../integrations/llm';
import type { Deps, FarmCtx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { dateIn } from '../../lib/farm-time';
import { newId } from '../../lib/ids';
import { keyset, newestFirst } from '../../lib/pagination';
import { cropsByKey, zoneOfState } from '../knowledge/knowledge.service';
import {
  CONFIDENT_RANK,
  normalizeQuestion,
  searchKnowledge,
  spelledFarmWords,
  type KnowledgeHit,
} from '../knowledge/search.service';
import { farmPlan } from '../plans/plans.service';
import { HISTORY_MESSAGES, phraseWithModel, type Answer } from './answer';
import {
  aboutTheSubject,
  composeAnswer,
  namesOtherSubject,
  preferAdvice,
  questionParts,
  troubleBeforeLookUp,
} from './compose';
import { ZONE_NAMES, loadFarmContext, longDate, type FarmContext } from './context';
import { detectIntent, lookUp, type Lookup, type Subjects } from './lookups';
import { MONEY } from './numbers';
import { farmWords, impliedSpecies, readQuestion, type Reading } from './reading';
import { answerRecord } from './records';
import {
  LANGUAGE_NOTE,
  bannedRefusal,
  isLocalLanguage,
  languageAnswer,
  notifiableRefusal,
  offLabelRefusal,
  unknownAnswer,
  type Refusal,
} from './refusals';
import { bannedProducts, careAnswer, careNeeded } from './safety';
import { notifiableAlarm } from './signs';

/**
 * The farming assistant: a question gets an answer from vetted, sourced facts and the farm's own
 * records (docs/decisions/048-assistant-answers.md). Conversations are the asker's own: only they
 * list, read, rate or delete them, and, like a read receipt, they write no audit rows (the farm's
 * Activity screen would otherwise show one person's questions to the others).
 */
type AssistantDeps = Pick<Deps, 'config' | 'logger' | 'now'>;
type AskInput = z.output<typeof AskInputSchema>;
type FeedbackInput = z.output<typeof FeedbackInputSchema>;

const CONVERSATION_NOT_FOUND = 'This conversation could not be found. Start a new one.';
const ANSWER_NOT_FOUND = 'Answer not found';
/** The Free plan's month is Lagos's calendar month (West Africa Time, UTC+1 all year). */
const QUOTA_TIME_ZONE = 'Africa/Lagos';
const TITLE_MAX = 80;
/** Cards an answer shows at most, besides the record it is about. */
const CARDS_MAX = 5;
const SEARCH_LIMIT = 8;

/** A question that passed its checks and was counted; `answer` writes and stores the answer. */
export type PendingAsk = {
  answer: (options?: { onText?: (text: string) => void | Promise<void> }) => Promise<AskResult>;
};

/**
 * Checks a question (the conversation is the asker's, the record asked about is this farm's) and
 * counts it against the Free plan's monthly quota (PLAN_LIMIT beyond). Everything that can refuse
 * the question refuses here, before an answer starts streaming.
 */
export async function startAsk(
  deps: AssistantDeps,
  ctx: FarmCtx,
  input: AskInput,
  options: { signal?: AbortSignal } = {},
): Promise<PendingAsk> {
  const history = input.conversation_id ? await historyOf(ctx, input.conversation_id) : [];
  const context = await loadFarmContext(ctx, deps.config.weather, input.about);
  const questionsLeft = await countQuestion(deps, ctx);
  return {
    answer: async ({ onText } = {}) => {
      let streamed = false;
      const answer = await answerQuestion(deps, ctx, {
        question: input.question,
        context,
        history,
        ...(options.signal ? { signal: options.signal } : {}),
        ...(onText
          ? {
              onText: (text: string) => {
                streamed = true;
                return onText(text);
              },
            }
          : {}),
      });
      // An answer no model wrote (facts, a refusal) is sent whole, as one piece.
      if (onText && !streamed) await onText(answer.text);
      return storeExchange(deps, ctx, input, answer, questionsLeft);
    },
  };
}

/** My conversations on this farm, the one last asked in first. */
export async function listConversations(ctx: FarmCtx, query: PageQuery): Promise<ConversationPage> {
  const rows = await ctx.db
    .select({
      id: assistant_conversations.id,
      title: assistant_conversations.title,
      started_at: assistant_conversations.created_at,
      // The pages are ordered by the last question: the cursor reads it as the row's created_at.
      created_at: assistant_conversations.updated_at,
    })
    .from(assistant_conversations)
    .where(
      and(
        eq(assistant_conversations.user_id, ctx.userId),
        eq(assistant_conversations.farm_id, ctx.farmId),
        conversationPages.after(query.cursor),
      ),
    )
    .orderBy(...conversationPages.orderBy)
    .limit(query.limit + 1);
  const page = conversationPages.page(rows, query.limit);
  return {
    items: page.items.map((row) => ({
      id: row.id,
      title: row.title,
      created_at: row.started_at.toISOString(),
      updated_at: row.created_at.toISOString(),
    })),
    next_cursor: page.next_cursor,
  };
}

const conversationPages = keyset({
  order: newestFirst({ created_at: assistant_conversations.updated_at, id: assistant_conversations.id }),
});

/** One of my conversations with its questions and answers, oldest first; 404 for anyone else's. */
export async function getConversation(ctx: FarmCtx, conversationId: string): Promise<ConversationDetail> {
  const conversation = await myConversation(ctx, conversationId);
  const messages = await ctx.db
    .select()
    .from(assistant_messages)
    .where(eq(assistant_messages.conversation_id, conversationId))
    .orderBy(asc(assistant_messages.created_at), asc(assistant_messages.id));
  return {
    id: conversation.id,
    title: conversation.title,
    created_at: conversation.created_at.toISOString(),
    updated_at: conversation.updated_at.toISOString(),
    messages: messages.map(toMessage),
  };
}

/** Deletes one of my conversations with its messages. The questions stay counted for the quota. */
export async function deleteConversation(ctx: FarmCtx, conversationId: string): Promise<void> {
  const [deleted] = await ctx.db
    .delete(assistant_conversations)
    .where(
      and(
        eq(assistant_conversations.id, conversationId),
        eq(assistant_conversations.user_id, ctx.userId),
        eq(assistant_conversations.farm_id, ctx.farmId),
      ),
    )
    .returning({ id: assistant_conversations.id });
  if (!deleted) throw new AppError('NOT_FOUND', CONVERSATION_NOT_FOUND);
}

/** Whether one of my answers helped, with a reason; given again, it replaces the first. */
export async function giveFeedback(
  deps: Pick<Deps, 'now'>,
  ctx: FarmCtx,
  messageId: string,
  input: FeedbackInput,
): Promise<AssistantMessage> {
  const mine = ctx.db
    .select({ id: assistant_conversations.id })
    .from(assistant_conversations)
    .where(
      and(eq(assistant_conversations.user_id, ctx.userId), eq(assistant_conversations.farm_id, ctx.farmId)),
    );
  const [row] = await ctx.db
    .update(assistant_messages)
    .set({
      helpful: input.helpful,
      feedback_reason: input.reason ? input.reason : null,
      feedback_at: new Date(deps.now()),
    })
    .where(
      and(
        eq(assistant_messages.id, messageId),
        eq(assistant_messages.role, 'assistant'),
        inArray(assistant_messages.conversation_id, mine),
      ),
    )
    .returning();
  if (!row) throw new AppError('NOT_FOUND', ANSWER_NOT_FOUND);
  return toMessage(row);
}

/**
 * The answer (docs/decisions/055-assistant-reads-the-question-and-cares-first.md). The question is read first
 * (reading.ts): a person in crisis, someone poisoned or medicine for people get care and nothing
 * else; the signs of a notifiable disease (never a card's flag, a name alone or a count) are
 * referred to the state veterinary office; a banned product or use outside a label is refused.
 * Then the farm's own records, a structured look-up, or the vetted facts that are about what was
 * asked answer it, phrased by the language model when one is configured (and checked number by
 * number), else given as they are. Nothing on the topic: "I don't know this one".
 */
async function answerQuestion(
  deps: AssistantDeps,
  ctx: FarmCtx,
  input: {
    question: string;
    context: FarmContext;
    history: { role: 'user' | 'assistant'; text: string }[];
    signal?: AbortSignal;
    onText?: (text: string) => void | Promise<void>;
  },
): Promise<Answer> {
  let { context } = input;
  const crops = await cropsByKey(ctx.db);
  let reading = readQuestion(input.question, crops.values(), context.farm.today);
  const subjects: Subjects = { crop: reading.crop, species: [...reading.species] };

  // A person first: never answered as a farming question, never phrased by a model.
  const care = careNeeded(reading.plain, Boolean(subjects.crop || subjects.species.length));
  if (care) {
    const answer = careAnswer(care, care === 'poisoning' ? await firstAidCard(ctx) : null);
    return { text: answer.text, cards: answer.cards, removed_numbers: 0, answered_by: 'facts' };
  }

  // A farm word misspelt ("gumbro vacine day") is read as that word (never before care is read).
  const spelt = await spelledFarmWords(ctx.db, input.question, farmWords(crops.values()));
  if (spelt !== input.question) {
    reading = readQuestion(spelt, crops.values(), context.farm.today);
    subjects.crop = reading.crop;
    subjects.species = [...reading.species];
  }

  // A follow-up ("And for maize?") asks what the question before it asked, or about what it named.
  let intent = reading.intent;
  const previous = input.history.findLast((message) => message.role === 'user');
  const before = previous ? readQuestion(previous.text, crops.values(), context.farm.today) : null;
  // "And the goats?", "Last month?": a short follow-up asks the same record again, of what it names.
  if (before?.record && !reading.record && !intent && reading.plain.split(' ').length <= FOLLOW_UP_WORDS) {
    reading = {
      ...reading,
      record: before.record,
      period: reading.period ?? before.period,
      crop: reading.crop ?? (reading.species.length ? null : before.crop),
      species: reading.species.length || reading.crop ? reading.species : before.species,
    };
  }
  if (before && !reading.record && (!intent || (!subjects.crop && subjects.species.length === 0))) {
    intent ??= before.intent;
    if (!subjects.crop && subjects.species.length === 0) {
      subjects.crop = before.crop;
      subjects.species = before.species;
    }
  }
  // "A sow", "pullets", "eggs": animals named by their role or product, when nothing else is named.
  if (!subjects.crop && subjects.species.length === 0) subjects.species = impliedSpecies(reading.plain);
  const about = context.about;
  if (!subjects.crop && about?.crop_key) subjects.crop = crops.get(about.crop_key) ?? null;
  if (subjects.species.length === 0 && about?.species) subjects.species = [about.species];

  // Alarms on signs: what the question describes, for the animals it names.
  // Unnamed ("they have fever and red patches"), they are the record asked about or the farm's animals.
  const alarm = notifiableAlarm(
    `${reading.plain} | ${reading.normalized}`,
    subjects.species.length || subjects.crop || PLANT_WORDS.test(reading.plain)
      ? subjects.species
      : context.animals.by_species.map((row) => row.species),
  );
  const understood = Boolean(subjects.crop || subjects.species.length || reading.record || intent);
  if (isLocalLanguage(reading.language) && !understood && !alarm) return refused(languageAnswer());

  const hits = (
    await searchKnowledge(ctx.db, about?.search ? `${spelt} ${about.search}` : spelt, {
      ...(subjects.crop ? { crops: [subjects.crop.key] } : {}),
      ...(subjects.species.length ? { species: subjects.species } : {}),
      limit: SEARCH_LIMIT,
    })
  )
    // Vetted notes about prices are money too: not for a worker.
    .filter((hit) => context.money || !MONEY.test(`${hit.title} ${hit.text}`));

  if (alarm) return refused(notifiableRefusal(alarm.disease, hits, context.farm.state));
  const banned = bannedProducts(reading.both);
  const refusal =
    (banned.length ? bannedRefusal(banned) : null) ?? offLabelRefusal(reading.both, subjects.crop);
  if (refusal) return refused(refusal);

  // The farm's own records, exactly. A crop the farm does not grow ("when is my rice ready?" on a
  // farm without rice) is asked about in general: the notes answer when a fact is sure of it.
  const notGrown =
    reading.record !== null &&
    CROP_RECORDS.has(reading.record) &&
    subjects.crop !== null &&
    !context.crops.some((crop) => crop.crop_key === subjects.crop!.key) &&
    hits.some((hit) => hit.rank >= CONFIDENT_RANK && aboutTheSubject(hit, reading, subjects));
  const record = reading.record && !notGrown ? await answerRecord(ctx, reading, context) : null;
  if (record) return withModel(deps, input, context, { text: record.text, cards: record.cards, numbers: [] });
  if (reading.record === 'low_stock') intent = 'low_stock';
  if (reading.record === 'crops') intent = 'farm_crops';

  // A state the question names ("maize in Kano") is the place asked about, not the farm's.
  if (reading.state && reading.state !== context.farm.state)
    context = await elsewhere(ctx, context, reading.state);
  // "Okro spacing" on a maize farm asks about okra: no crop's look-up falls back to the farm's only crop.
  if (!subjects.crop && namesOtherSubject(reading.plain) && intent && CROP_LOOKUPS.has(intent)) intent = null;
  const onTopic = preferAdvice(
    reading,
    hits.filter((hit) => hit.rank >= CONFIDENT_RANK / 2 && aboutTheSubject(hit, reading, subjects)),
  );
  const best = onTopic[0];
  // Trouble told ("yellow V on my maize leaves, what fertilizer?") is answered by the fact that explains it.
  if (
    intent &&
    CROP_LOOKUPS.has(intent) &&
    best &&
    best.rank >= CONFIDENT_RANK &&
    troubleBeforeLookUp(reading, intent, best)
  )
    intent = null;
  const lookup = withSecondPart(
    await lookUp(ctx, intent, subjects, context, reading.plain),
    await secondLookUp(ctx, reading, subjects, context),
  );
  if (!lookup && (!best || best.rank < CONFIDENT_RANK))
    return refused(isLocalLanguage(reading.language) ? languageAnswer() : unknownAnswer());

  const lookupCards = lookup?.cards ?? [];
  // The farm's own lists (what is low, its crops, its alerts) stand alone: no notes beside them.
  const farmLookup = lookup && FARM_LOOKUPS.has(lookup.intent);
  const facts = (farmLookup ? [] : onTopic)
    .filter((hit) => !lookupCards.some((card) => card.key === hit.key))
    .slice(0, Math.max(3, CARDS_MAX - lookupCards.length));
  const cards: FactCard[] = [...(about ? [about.card] : []), ...lookupCards, ...facts.map(toCard)].slice(
    0,
    CARDS_MAX + 1,
  );
  const language = isLocalLanguage(reading.language) ? ` ${LANGUAGE_NOTE}` : '';
  const factsText = (lookup ? withNote(lookup, facts[0]) : composeAnswer(reading, best!, facts)) + language;
  return withModel(deps, input, context, {
    text: factsText,
    cards,
    numbers: facts.flatMap((hit) => hit.numbers),
  });
}

/**
 * "When should I plant soybean, and how much seed per hectare?": the second part's look-up, when it
 * asks another one than the first part.
 */
async function secondLookUp(
  ctx: FarmCtx,
  reading: Reading,
  subjects: Subjects,
  context: FarmContext,
): Promise<Lookup | null> {
  const [first, second] = questionParts(reading.plain);
  if (!first || !second) return null;
  const asked = (part: string) => detectIntent(part) ?? detectIntent(normalizeQuestion(part));
  const intent = asked(second);
  if (!intent || intent === asked(first) || !CROP_LOOKUPS.has(intent)) return null;
  return lookUp(ctx, intent, subjects, context, second);
}

function withSecondPart(first: Lookup | null, second: Lookup | null): Lookup | null {
  if (!first || !second || second.intent === first.intent) return first;
  return {
    ...first,
    text: `${first.text} ${second.text}`,
    cards: [
      ...first.cards,
      ...second.cards.filter((card) => !first.cards.some((seen) => seen.key === card.key)),
    ],
  };
}

/**
 * A care schedule says when; the vetted note on the same step says how and why ("at the start and at
 * the end of the rains", "from about 4 months"), so it follows the schedule's line.
 */
function withNote(lookup: Lookup, note: KnowledgeHit | undefined): string {
  if (lookup.intent !== 'care' || !note || note.kind !== 'advice' || note.rank < CONFIDENT_RANK)
    return lookup.text;
  return `${lookup.text} ${note.title}: ${note.text}`;
}

/** A question this short after one about the farm's records is a follow-up to it. */
const FOLLOW_UP_WORDS = 6;

/** A question about plants: its signs are never an animal's. */
const PLANT_WORDS =
  /\b(leaf|leaves|plants?|crops?|stems?|roots?|fruits?|seeds?|seedlings?|vines?|tubers?|pods?|cobs?|grains?|flowers?|fields?)\b/;

const FARM_LOOKUPS = new Set<string>(['low_stock', 'farm_crops', 'alerts']);
/** Farm records about one crop's planting. */
const CROP_RECORDS = new Set<string>(['crop_stage', 'crop_next', 'harvest_date']);
const CROP_LOOKUPS = new Set<string>(['planting', 'seed_rate', 'fertilizer', 'weeding']);

/** The answer from the facts, or phrased by the model when one is configured (and checked). */
async function withModel(
  deps: AssistantDeps,
  input: {
    question: string;
    history: { role: 'user' | 'assistant'; text: string }[];
    signal?: AbortSignal;
    onText?: (text: string) => void | Promise<void>;
  },
  context: FarmContext,
  facts: { text: string; cards: FactCard[]; numbers: string[] },
): Promise<Answer> {
  const fromFacts: Answer = {
    text: facts.text,
    cards: facts.cards,
    removed_numbers: 0,
    answered_by: 'facts',
  };
  const model = languageModel(deps.config.llm);
  if (!model) return fromFacts;
  const phrased = await phraseWithModel(model, deps.logger, {
    question: input.question,
    cards: facts.cards,
    numbers: facts.numbers,
    context,
    history: input.history,
    factsText: facts.text,
    ...(input.signal ? { signal: input.signal } : {}),
    ...(input.onText ? { onText: input.onText } : {}),
  });
  return phrased ?? fromFacts;
}

/** The knowledge base's first-aid card for a poisoning, with its source, when it has one. */
async function firstAidCard(ctx: FarmCtx): Promise<FactCard | null> {
  const [row] = await ctx.db
    .select({
      title: knowledge_advice.title,
      text: knowledge_advice.text,
      source: {
        title: knowledge_sources.title,
        organisation: knowledge_sources.organisation,
        year: knowledge_sources.year,
        url: knowledge_sources.url,
      },
    })
    .from(knowledge_advice)
    .innerJoin(knowledge_sources, eq(knowledge_sources.key, knowledge_advice.source_key))
    .where(eq(knowledge_advice.key, FIRST_AID_KEY));
  return row ? { kind: 'advice', key: `advice:${FIRST_AID_KEY}`, ...row } : null;
}
const FIRST_AID_KEY = 'pesticide_poisoning';

/** The farm's context with the place asked about: its state and zone (the farm's own plantings are elsewhere). */
async function elsewhere(ctx: FarmCtx, context: FarmContext, state: string): Promise<FarmContext> {
  const zone = await zoneOfState(ctx.db, state);
  return {
    ...context,
    farm: { ...context.farm, state, zone, zone_name: zone ? ZONE_NAMES[zone] : null },
    crops: [],
  };
}

function refused(refusal: Refusal): Answer & { refusal: Refusal['refusal'] } {
  return {
    text: refusal.text,
    cards: refusal.cards,
    removed_numbers: 0,
    answered_by: 'facts',
    refusal: refusal.refusal,
  };
}

const models = new WeakMap<object, LanguageModel | null>();

/** One client per configuration (the app's config object lives as long as the app). */
function languageModel(config: Deps['config']['llm']): LanguageModel | null {
  if (!config) return null;
  let model = models.get(config);
  if (model === undefined) {
    model = createLanguageModel(config);
    models.set(config, model);
  }
  return model;
}

/**
 * Counts the question against the farm's plan, with the farm held (`farmPlan` with `lock`) so two
 * taps at the last question cannot both pass. Answers the questions left this month on Free, null
 * on a plan without a quota.
 */
async function countQuestion(deps: AssistantDeps, ctx: FarmCtx): Promise<number | null> {
  const now = new Date(deps.now());
  return ctx.db.transaction(async (tx) => {
    const plan = await farmPlan(tx, ctx.farmId, { lock: true });
    const limit = plan === 'free' ? deps.config.assistantFreeMonthlyQuestions : null;
    let asked = 0;
    if (limit !== null) {
      const month = dateIn(QUOTA_TIME_ZONE, now).slice(0, 7);
      const [row] = await tx
        .select({ asked: count() })
        .from(assistant_questions)
        .where(
          and(
            eq(assistant_questions.farm_id, ctx.farmId),
            gte(assistant_questions.asked_at, new Date(`${month}-01T00:00:00+01:00`)),
          ),
        );
      asked = row?.asked ?? 0;
      if (asked >= limit) throw new AppError('PLAN_LIMIT', quotaMessage(limit, month));
    }
    await tx.insert(assistant_questions).values({ farm_id: ctx.farmId, user_id: ctx.userId, asked_at: now });
    return limit === null ? null : limit - asked - 1;
  });
}

/** What a farm that asked all its questions this month is told: how many, and the ways on. */
function quotaMessage(limit: number, month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  const next =
    monthNumber === 12 ? `${year! + 1}-01-01` : `${year}-${String(monthNumber! + 1).padStart(2, '0')}-01`;
  return `The ${PLANS.free.name} plan includes ${limit} assistant questions a month for each farm, and this farm has asked them all. Upgrade to ${PLANS.pro.name} for unlimited questions, or ask again from ${longDate(next)}.`;
}

/** The question and its answer, in a new conversation or the one continued (still mine). */
async function storeExchange(
  deps: AssistantDeps,
  ctx: FarmCtx,
  input: AskInput,
  answer: Answer & { refusal?: Refusal['refusal'] },
  questionsLeft: number | null,
): Promise<AskResult> {
  const now = new Date(deps.now());
  return ctx.db.transaction(async (tx) => {
    const conversationId = input.conversation_id ?? newId();
    if (input.conversation_id) {
      const [continued] = await tx
        .update(assistant_conversations)
        .set({ updated_at: now })
        .where(mineWhere(ctx, input.conversation_id))
        .returning({ id: assistant_conversations.id });
      if (!continued) throw new AppError('NOT_FOUND', CONVERSATION_NOT_FOUND);
    } else {
      await tx.insert(assistant_conversations).values({
        id: conversationId,
        farm_id: ctx.farmId,
        user_id: ctx.userId,
        title: titleOf(input.question),
        created_at: now,
        updated_at: now,
      });
    }
    const [question, reply] = await insertMessages(tx, [
      {
        id: newId(),
        conversation_id: conversationId,
        role: 'user',
        text: input.question,
        about: input.about ? `${input.about.kind}:${input.about.id}` : null,
        created_at: now,
      },
      {
        id: newId(),
        conversation_id: conversationId,
        role: 'assistant',
        text: answer.text,
        cards: answer.cards,
        refusal: answer.refusal ?? null,
        removed_numbers: answer.removed_numbers,
        answered_by: answer.answered_by,
        created_at: now,
      },
    ]);
    return {
      conversation_id: conversationId,
      question: toMessage(question!),
      answer: toMessage(reply!),
      questions_left: questionsLeft,
    };
  });
}

async function insertMessages(tx: Tx, rows: (typeof assistant_messages.$inferInsert)[]) {
  const inserted = await tx.insert(assistant_messages).values(rows).returning();
  return [inserted.find((row) => row.role === 'user'), inserted.find((row) => row.role === 'assistant')];
}

function mineWhere(ctx: FarmCtx, conversationId: string) {
  return and(
    eq(assistant_conversations.id, conversationId),
    eq(assistant_conversations.user_id, ctx.userId),
    eq(assistant_conversations.farm_id, ctx.farmId),
  );
}

async function myConversation(ctx: FarmCtx, conversationId: string) {
  const [conversation] = await ctx.db
    .select()
    .from(assistant_conversations)
    .where(mineWhere(ctx, conversationId));
  if (!conversation) throw new AppError('NOT_FOUND', CONVERSATION_NOT_FOUND);
  return conversation;
}

/** The conversation's last questions and answers, oldest first, for a model to follow it. */
async function historyOf(
  ctx: FarmCtx,
  conversationId: string,
): Promise<{ role: 'user' | 'assistant'; text: string }[]> {
  await myConversation(ctx, conversationId);
  const rows = await ctx.db
    .select({ role: assistant_messages.role, text: assistant_messages.text })
    .from(assistant_messages)
    .where(eq(assistant_messages.conversation_id, conversationId))
    .orderBy(desc(assistant_messages.created_at), desc(assistant_messages.id))
    .limit(HISTORY_MESSAGES);
  return rows.reverse();
}

/** The first question, cut at a word near TITLE_MAX characters. */
function titleOf(question: string): string {
  const text = question.replace(/\s+/g, ' ').trim();
  if (text.length <= TITLE_MAX) return text;
  const cut = text.slice(0, TITLE_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > TITLE_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

function toCard({ kind, key, title, text, source }: KnowledgeHit): FactCard {
  return { kind, key, title, text, source };
}

function toMessage(row: typeof assistant_messages.$inferSelect): AssistantMessage {
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    role: row.role,
    text: row.text,
    cards: row.cards,
    refusal: row.refusal,
    removed_numbers: row.removed_numbers,
    answered_by: row.answered_by,
    feedback: row.helpful === null ? null : { helpful: row.helpful, reason: row.feedback_reason },
    created_at: row.created_at.toISOString(),
  };
}
