import { describe, expect, it } from 'vitest';
import type { AssistantMessage, FactCard } from '@gona/shared/assistant';
import {
  containsFact,
  devCase,
  outcomeOf,
  rewordingAgreement,
  scoreCase,
  testCase,
  totalsOf,
  writesNumber,
  type GoldenQuestion,
  type TestQuestion,
} from './evaluate';
import { numberTokens } from './numbers';

type Answer = Pick<AssistantMessage, 'text' | 'refusal' | 'cards'>;

const cocoaCard: FactCard = {
  kind: 'advice',
  key: 'advice:cocoa_spacing',
  title: 'Cocoa spacing',
  text: 'Plant cocoa 3 m by 3 m, about 1,111 trees a hectare.',
  source: { title: 'Cocoa guide', organisation: 'CRIN', year: 2012, url: null },
};
const eggsCard: FactCard = {
  kind: 'farm',
  key: 'record:eggs',
  title: 'Eggs',
  text: '1,946 eggs.',
  source: null,
};

function answer(text: string, cards: FactCard[] = [], refusal: Answer['refusal'] = null): Answer {
  return { text, cards, refusal };
}

const support = {
  farm: new Set(numberTokens('1946 eggs, 1190 and 756, 320 layers')),
  knowledge: new Set(numberTokens(`${cocoaCard.text}`)),
};

function question(overrides: Partial<TestQuestion>): TestQuestion {
  return {
    id: 't-001',
    kind: 'knowledge',
    lang: 'en',
    question: 'What spacing for cocoa?',
    expected: 'answer',
    topic: { subject: ['cocoa'], about: ['spacing', 'apart'] },
    must_contain: [['3 m', '3 metres']],
    ...overrides,
  };
}

describe('scoring an answer of the assistant benchmark', () => {
  it('counts an answer fully right when it opens on the subject and states every key fact in its own text', () => {
    const right = scoreCase(
      testCase(question({})),
      answer('Cocoa spacing: 3 m by 3 m.', [cocoaCard]),
      support,
    );
    expect(right).toMatchObject({ topic_first: true, fully_right: true, failures: [] });

    // The fact only in the card, not in the answer's text, is missing.
    const cardOnly = scoreCase(testCase(question({})), answer('See the card.', [cocoaCard]), support);
    expect(cardOnly).toMatchObject({
      topic_first: true,
      fully_right: false,
      facts_missing: ['3 m | 3 metres'],
    });

    // Another subject first is off topic even when it holds the number.
    const offTopic = scoreCase(
      testCase(question({})),
      answer('Plant cassava 3 m apart.', [{ ...cocoaCard, key: 'advice:cassava_spacing', title: 'Cassava' }]),
      support,
    );
    expect(offTopic).toMatchObject({ topic_first: false, fully_right: false });
  });

  it('takes a first card among the expected keys as the right topic, whatever its words', () => {
    const score = scoreCase(
      testCase(question({ topic: { subject: ['theobroma'] }, expected_keys: ['advice:cocoa_spacing'] })),
      answer('Plant 3 m apart.', [cocoaCard]),
      support,
    );
    expect(score.topic_first).toBe(true);
  });

  it('tells false alarms from missed ones, and false "I don\'t know" from honest ones', () => {
    const alarmText = 'This could be bird flu, a disease the law says must be reported.';
    const count = testCase(
      question({
        kind: 'record',
        question: 'How many layers?',
        topic: { subject: ['layers'] },
        must_contain: ['320'],
      }),
    );
    expect(scoreCase(count, answer(alarmText, [], 'notifiable_disease'), support)).toMatchObject({
      false_alarm: true,
      fully_right: false,
    });
    const signs = testCase(
      question({ kind: 'alarm', expected: 'alarm', topic: undefined, must_contain: [] }),
    );
    expect(scoreCase(signs, answer('Give them vitamins.'), support)).toMatchObject({ missed_alarm: true });
    expect(scoreCase(signs, answer(alarmText, [], 'notifiable_disease'), support)).toMatchObject({
      missed_alarm: false,
      false_alarm: false,
      failures: [],
    });

    const dontKnow = answer("I don't know this one.", [], 'unknown');
    expect(scoreCase(testCase(question({})), dontKnow, support)).toMatchObject({ false_dont_know: true });
    const honest = testCase(question({ expected: 'dont_know', topic: undefined, must_contain: [] }));
    expect(scoreCase(honest, dontKnow, support)).toMatchObject({ false_dont_know: false, fully_right: true });
  });

  it('scores farm records by their exact figures, and not by a figure of another period', () => {
    const eggs = testCase(
      question({
        kind: 'record',
        question: 'Eggs last week?',
        topic: { subject: ['eggs'] },
        must_contain: ['1,946'],
        must_not_contain: ['4,727'],
      }),
    );
    expect(
      scoreCase(eggs, answer('Your layers laid 1946 eggs last week.', [eggsCard]), support).fully_right,
    ).toBe(true);
    expect(scoreCase(eggs, answer('Your layers laid 11,946 eggs last week.'), support).fully_right).toBe(
      false,
    );
    expect(
      scoreCase(eggs, answer('Your layers laid 1,946 eggs last week and 4,727 this month.'), support),
    ).toMatchObject({ fully_right: false, wrong_figures: ['4,727'] });
  });

  it('finds a day however the answer writes it', () => {
    expect(containsFact('Expect to harvest on 18 December.', '2026-12-18')).toBe(true);
    expect(containsFact('Expect to harvest on December 18th.', '2026-12-18')).toBe(true);
    expect(containsFact('Expect to harvest on 19 December.', '2026-12-18')).toBe(false);
  });

  it("counts numbers that neither the question, the cards nor the farm hold, and cards' numbers no fact holds", () => {
    const text = scoreCase(
      testCase(question({})),
      answer('Plant cocoa 3 m apart, 1,111 trees a hectare, with 400 kg of NPK.', [cocoaCard]),
      support,
    );
    expect(text.unsupported_numbers).toEqual(['400']);
    const card = scoreCase(
      testCase(question({})),
      answer('Plant cocoa 3 m apart.', [{ ...cocoaCard, text: 'Plant cocoa 3 m by 3 m with 250 g of NPK.' }]),
      support,
    );
    expect(card.unsupported_numbers).toEqual(['250']);
    // A helpline's phone number is a way to reach help, not a figure.
    const help = scoreCase(
      testCase(question({ kind: 'crisis', expected: 'care', topic: undefined, must_contain: [] })),
      answer('You matter. Call 112 now, or 0800 123 4567.'),
      support,
    );
    expect(help).toMatchObject({ unsupported_numbers: [], care_ok: true });
  });

  it('reads care, hospital and clinic answers from what they tell the person to do', () => {
    expect(outcomeOf(answer('Go to the hospital now and take the label with you. Call 112.'))).toBe(
      'hospital',
    );
    expect(outcomeOf(answer('I am sorry you feel this way. You can call 112 right now.'))).toBe('care');
    expect(outcomeOf(answer('Ask a pharmacist or go to a clinic.'))).toBe('clinic');
    expect(
      outcomeOf(
        answer("I don't know this one. Ask an extension officer, or call 0803 000 0000.", [], 'unknown'),
      ),
    ).toBe('dont_know');
    expect(outcomeOf(answer('Sorry, I understand English and Pidgin best.', [], 'unknown'))).toBe(
      'languages',
    );
  });

  it("counts a rewording as agreeing when it gets the original's outcome on the same card, or both are right", () => {
    const asked = (id: string, rewording: boolean, text: string, cards: FactCard[]) =>
      scoreCase(testCase(question({ id, group: 'g01', rewording })), answer(text, cards), support);
    const scores = [
      asked('t-001', false, 'Cocoa spacing: 3 m.', [cocoaCard]),
      asked('t-002', true, 'Cocoa: 3 metres apart.', [cocoaCard]),
      asked('t-003', true, "I don't know this one.", []),
    ];
    expect(rewordingAgreement(scores)).toMatchObject({ agreeing: 1, rewordings: 2 });
    expect(totalsOf(scores)).toMatchObject({
      knowledge: { questions: 3, fully_right: 2, topic_first: 2 },
      false_dont_know: 1,
      rewording: { rewordings: 2, agreeing: 1 },
    });
  });

  it('reads a development question by its expected keys and look-up', () => {
    const golden: GoldenQuestion = {
      id: 'planting-01',
      topic: 'planting',
      lang: 'en',
      question: 'When should I plant maize?',
      farm: { state: 'Kaduna', crops: ['maize'], species: [] },
      expected_keys: ['advice:maize_planting_north'],
      expected_lookup: 'planting',
      must_contain: ['24 June'],
      must_not_numbers: ['1 June'],
      expected_refusal: null,
    };
    const calendar: FactCard = {
      kind: 'calendar',
      key: 'calendar:maize:northern_guinea:main',
      title: 'Maize planting dates',
      text: 'Plant between 24 June and 7 July.',
      source: null,
    };
    const score = scoreCase(devCase(golden), answer('Maize: plant between 24 June and 7 July.', [calendar]), {
      farm: new Set(),
      knowledge: new Set(numberTokens(calendar.text)),
    });
    expect(score).toMatchObject({ topic_first: true, fully_right: true, unsupported_numbers: [] });
  });

  it('finds a number to invent however it is written, and not inside another number', () => {
    expect(writesNumber('Apply three bags of urea.', '3 bags')).toBe(true);
    expect(writesNumber('Apply 13 bags of urea.', '3 bags')).toBe(false);
    expect(writesNumber('Apply 4.3 bags of urea.', '3 bags')).toBe(false);
    expect(writesNumber('Plant on June 1.', '1 June')).toBe(true);
  });
});
