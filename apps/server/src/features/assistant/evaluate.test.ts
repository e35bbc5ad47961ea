import { describe, expect, it } from 'vitest';
import type { AssistantMessage } from '@gona/shared/assistant';
import { scoreAnswer, writesNumber, type GoldenQuestion } from './evaluate';
import { numberTokens } from './numbers';

const golden: GoldenQuestion = {
  id: 'seed-01',
  topic: 'seed_rate',
  lang: 'en',
  question: 'What is the seed rate for maize?',
  farm: { state: 'Kaduna', crops: ['maize'], species: [] },
  expected_keys: ['advice:maize_seed_rate'],
  expected_lookup: null,
  must_contain: ['20 to 25 kg', ['one seed a hole', 'one seed per hole']],
  must_not_numbers: ['30 kg'],
  expected_refusal: null,
};

const card = {
  kind: 'advice' as const,
  key: 'advice:maize_seed_rate',
  title: 'Maize seed rate',
  text: 'Sow 20 to 25 kg of maize seed a hectare, one seed a hole.',
  source: { title: 'Maize guide', organisation: 'IITA', year: 2009, url: null },
};

function answer(text: string, refusal: AssistantMessage['refusal'] = null): AssistantMessage {
  return {
    id: '0190a5e0-0000-7000-8000-000000000001',
    conversation_id: '0190a5e0-0000-7000-8000-000000000002',
    role: 'assistant',
    text,
    cards: [card],
    refusal,
    removed_numbers: 0,
    answered_by: 'facts',
    feedback: null,
    created_at: '2026-06-01T08:00:00.000Z',
  };
}

const retrieved = {
  hits: [{ ...card, rank: 1, numbers: ['20', '25'] }],
  subjects: { crop: null, species: [] },
  lookup: null,
};
const supported = new Set(numberTokens(`${golden.question} ${card.title} ${card.text}`));

describe('scoring an answer of the assistant benchmark', () => {
  it('passes an answer that states the facts with only the numbers its facts give', () => {
    const score = scoreAnswer(golden, answer('Sow 20 to 25 kg of seed a hectare.'), retrieved, supported);
    expect(score).toMatchObject({
      hit_at_5: true,
      expected_rank: 1,
      recall: 1,
      text_recall: 0.5,
      unsupported_numbers: [],
      invented_numbers: [],
      refusal_ok: true,
      failures: [],
    });
  });

  it('counts numbers no fact holds, numbers a wrong answer invents, and refusals of answerable questions', () => {
    const invented = scoreAnswer(
      golden,
      answer('Sow 30 kg of seed, in rows 90 cm apart.'),
      retrieved,
      supported,
    );
    expect(invented.unsupported_numbers).toEqual(['30', '90']);
    expect(invented.invented_numbers).toEqual(['30 kg']);
    const refused = scoreAnswer(golden, answer("I don't know this one.", 'unknown'), retrieved, supported);
    expect(refused).toMatchObject({ refusal_ok: false, false_refusal: true });
    expect(refused.failures).toContain('refused as unknown');
  });

  it('finds a number to invent however it is written, and not inside another number', () => {
    expect(writesNumber('Apply three bags of urea.', '3 bags')).toBe(true);
    expect(writesNumber('Apply 13 bags of urea.', '3 bags')).toBe(false);
    expect(writesNumber('Apply 4.3 bags of urea.', '3 bags')).toBe(false);
    expect(writesNumber('Plant on June 1.', '1 June')).toBe(true);
    expect(writesNumber('About 2.47 acres.', '2.47')).toBe(true);
    expect(writesNumber('About 2.5 acres.', '2.47')).toBe(false);
  });
});
