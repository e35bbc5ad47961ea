import type { FactCard } from '@gona/shared/assistant';
import type { ChatMessage, LanguageModel } from '../../integrations/llm';
import type { Logger } from '../../lib/logger';
import {
  FARM_TOOLS,
  contextSummary,
  contextTexts,
  isFarmTool,
  toolAnswer,
  type FarmContext,
} from './context';
import { CHECK_NOTE, checkNumbers } from './numbers';

/** An answer before it is stored. */
export type Answer = {
  text: string;
  cards: FactCard[];
  removed_numbers: number;
  answered_by: string;
};

/** The model may ask for farm records this many times before it must write. */
const TOOL_ROUNDS = 3;
/** Earlier questions and answers of the conversation the model sees. */
export const HISTORY_MESSAGES = 6;

/**
 * Phrasing by a language model, from the numbered cards and the farm's records only, then the
 * number check. Null when the model failed, timed out or wrote nothing (logged): the caller answers
 * from the facts instead.
 */
export async function phraseWithModel(
  model: LanguageModel,
  logger: Logger,
  input: {
    question: string;
    cards: FactCard[];
    /** Numbers the knowledge search read in each card, beside their text. */
    numbers: string[];
    context: FarmContext;
    history: { role: 'user' | 'assistant'; text: string }[];
    factsText: string;
    signal?: AbortSignal;
    onText?: (text: string) => void | Promise<void>;
  },
): Promise<Answer | null> {
  const signals = [AbortSignal.timeout(model.timeoutMs), ...(input.signal ? [input.signal] : [])];
  const signal = AbortSignal.any(signals);
  const messages: ChatMessage[] = [
    { role: 'system', content: systemPrompt(input.cards, input.context) },
    ...input.history.map((message) => ({ role: message.role, content: message.text })),
    { role: 'user', content: input.question },
  ];
  const tools = Object.entries(FARM_TOOLS).map(([name, description]) => ({
    name,
    description,
    parameters: { type: 'object', properties: {}, additionalProperties: false },
  }));
  let written: string | null = null;
  try {
    for (let round = 0; round <= TOOL_ROUNDS && written === null; round++) {
      const reply = await model.chat({
        messages,
        ...(round < TOOL_ROUNDS ? { tools } : {}),
        signal,
        ...(input.onText ? { onText: input.onText } : {}),
      });
      if (reply.toolCalls.length === 0) {
        written = reply.text;
        break;
      }
      messages.push({ role: 'assistant', content: reply.text, tool_calls: reply.toolCalls });
      for (const call of reply.toolCalls)
        messages.push({
          role: 'tool',
          tool_call_id: call.id,
          content: isFarmTool(call.name)
            ? toolAnswer(input.context, call.name)
            : `There is no tool ${call.name}.`,
        });
    }
  } catch (error) {
    logger.warn(`Assistant: the language model ${model.model} failed; answering from the facts`, {
      error: error instanceof Error ? error.message : String(error),
    });
    return null;
  }
  if (!written?.trim()) {
    logger.warn(`Assistant: the language model ${model.model} wrote nothing; answering from the facts`);
    return null;
  }
  const allowed = [
    input.question,
    ...input.cards.flatMap((card) => [
      card.title,
      card.text,
      card.source?.year ? String(card.source.year) : '',
    ]),
    ...input.numbers,
    ...contextTexts(input.context),
  ];
  const cited = withoutUnknownCitations(written, input.cards.length);
  const checked = checkNumbers(cited, allowed, { money: input.context.money });
  return {
    text: checked.empty ? `${input.factsText}\n\n${CHECK_NOTE}` : checked.text,
    cards: input.cards,
    removed_numbers: checked.removed,
    answered_by: model.model,
  };
}

/**
 * The model's instructions: its rules, the numbered facts (the answer's cards, so [n] is the n-th
 * card) and the farm in a few lines; the tools give the rest of the farm's records.
 */
export function systemPrompt(cards: FactCard[], context: FarmContext): string {
  const facts = cards.map((card, index) => {
    const source = card.source
      ? ` — source: ${card.source.organisation}${card.source.year ? `, ${card.source.year}` : ''}`
      : ' — source: the farm’s own records';
    return `[${index + 1}] ${card.title}: ${card.text}${source}`;
  });
  return [
    "You are Gona's farming assistant, helping a farmer in Nigeria with their own farm.",
    'Rules:',
    '- Answer only from the numbered facts below and the farm’s records (the tools give more of them). Use nothing else you know.',
    '- After each sentence, cite the fact it comes from, like [1].',
    '- Never write a number (a rate, dose, day, date, price or percentage) that is not written in the facts or the farm’s records. Where a fact gives no number, give none.',
    '- Never advise using a pesticide other than as its label says.',
    '- If the facts do not answer the question, say "I don\'t know this one" and suggest asking an extension officer.',
    '- Write plain, short English that a farmer reads easily on a phone: at most 5 sentences.',
    '',
    'Facts:',
    ...(facts.length ? facts : ['(none)']),
    '',
    'The farm:',
    contextSummary(context),
  ].join('\n');
}

/** Citations of facts that were not given are taken out ([9] of five facts). */
function withoutUnknownCitations(text: string, count: number): string {
  return text.replace(/\s?\[(\d+)\]/g, (match, n: string) =>
    Number(n) >= 1 && Number(n) <= count ? match : '',
  );
}
