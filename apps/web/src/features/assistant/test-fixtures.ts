import {
  AskResultSchema,
  AssistantMessageSchema,
  ConversationDetailSchema,
  ConversationSchema,
  type AskResult,
  type AssistantMessage,
  type Conversation,
  type ConversationDetail,
  type FactCard,
} from '@gona/shared/assistant';
import { anId } from '@/test/fixtures';

export const CONVERSATION_ID = anId(0xc0);
const ASKED_AT = '2026-06-02T08:00:00.000Z';

/** A vetted fact with its source, and one from the farm's own records. */
export const MAIZE_CARD: FactCard = {
  kind: 'calendar',
  key: 'calendar:maize:northern_guinea',
  title: 'Maize planting window, Northern Guinea Savanna',
  text: 'Plant maize between 15 June and 5 July, once the rains are steady.',
  source: { title: 'Maize production guide', organisation: 'IAR Zaria', year: 2019, url: null },
};
export const FARM_CARD: FactCard = {
  kind: 'farm',
  key: `crop:${anId(0xa1)}`,
  title: 'Your plan: Plot A',
  text: 'You planned to plant maize on Plot A on 20 June.',
  source: null,
};

export function aQuestion(overrides: Partial<AssistantMessage> = {}): AssistantMessage {
  return AssistantMessageSchema.parse({
    id: anId(0xd1),
    conversation_id: CONVERSATION_ID,
    role: 'user',
    text: 'When should I plant maize?',
    cards: [],
    refusal: null,
    removed_numbers: 0,
    answered_by: null,
    feedback: null,
    created_at: ASKED_AT,
    ...overrides,
  });
}

export function anAnswer(overrides: Partial<AssistantMessage> = {}): AssistantMessage {
  return AssistantMessageSchema.parse({
    id: anId(0xd2),
    conversation_id: CONVERSATION_ID,
    role: 'assistant',
    text: 'Maize in your zone: plant between 15 June and 5 July; you planned Plot A for 20 June.',
    cards: [MAIZE_CARD, FARM_CARD],
    refusal: null,
    removed_numbers: 0,
    answered_by: 'facts',
    feedback: null,
    created_at: '2026-06-02T08:00:02.000Z',
    ...overrides,
  });
}

export function anAskResult(overrides: Partial<AskResult> = {}): AskResult {
  return AskResultSchema.parse({
    conversation_id: CONVERSATION_ID,
    question: aQuestion(),
    answer: anAnswer(),
    questions_left: 29,
    ...overrides,
  });
}

export function aConversation(overrides: Partial<Conversation> = {}): Conversation {
  return ConversationSchema.parse({
    id: CONVERSATION_ID,
    title: 'When should I plant maize?',
    created_at: ASKED_AT,
    updated_at: '2026-06-02T08:00:02.000Z',
    ...overrides,
  });
}

export function aConversationDetail(
  messages: AssistantMessage[] = [aQuestion(), anAnswer()],
  overrides: Partial<Conversation> = {},
): ConversationDetail {
  return ConversationDetailSchema.parse({ ...aConversation(overrides), messages });
}
