import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ASSISTANT_QUESTION_MAX } from '@gona/shared/assistant';
import { dayMonth } from '../context';
import { GOLDEN_TOPICS, loadDevSet, plain, writesNumber, type GoldenQuestion } from '../evaluate';

const here = dirname(fileURLToPath(import.meta.url));
const golden: GoldenQuestion[] = loadDevSet(here);

type Row = Record<string, unknown> & { key: string };
const data = (name: string) =>
  (readJson(join(here, `../../knowledge/data/${name}.json`)) as { rows: Row[] }).rows;
const pests = data('pests');
const advice = data('advice');
const crops = data('crops') as (Row & { calendars: { plant_from: string; plant_to: string }[] })[];

/** Every text of a row, nested ones too. */
function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(textsOf);
  return [];
}

const facts = new Map<string, string>([
  ...pests.map((row) => [`pest:${row.key}`, textsOf(row).join('\n')] as const),
  ...advice.map((row) => [`advice:${row.key}`, textsOf(row).join('\n')] as const),
]);
/** All the knowledge base says, with the crops' planting windows written as the answers write them. */
const knowledge = plain(
  [
    ...facts.values(),
    ...crops.flatMap((crop) => [
      ...textsOf(crop),
      ...crop.calendars.flatMap((calendar) => [dayMonth(calendar.plant_from), dayMonth(calendar.plant_to)]),
    ]),
    ...data('livestock-care').flatMap(textsOf),
  ].join('\n'),
);

const REFUSAL_OF_TOPIC = { notifiable: 'notifiable_disease', off_label: 'off_label', unknown: 'unknown' };

describe('the development questions of the assistant benchmark', () => {
  it('are at least 120, with unique ids, at least a quarter in Pidgin, over every topic', () => {
    expect(golden.length).toBeGreaterThanOrEqual(120);
    expect(new Set(golden.map((question) => question.id)).size).toBe(golden.length);
    expect(
      golden.filter((question) => question.lang === 'pcm').length / golden.length,
    ).toBeGreaterThanOrEqual(0.25);
    for (const topic of GOLDEN_TOPICS)
      expect(golden.filter((question) => question.topic === topic).length, topic).toBeGreaterThanOrEqual(5);
    expect(golden.filter((question) => question.question.length > ASSISTANT_QUESTION_MAX)).toEqual([]);
  });

  it('rest on knowledge keys and crops that exist in the data files', () => {
    const cropKeys = new Set(crops.map((crop) => crop.key));
    const unknownKeys = golden.flatMap((question) => question.expected_keys.filter((key) => !facts.has(key)));
    expect(unknownKeys).toEqual([]);
    expect(
      golden.flatMap((question) =>
        question.farm === 'fixture' ? [] : question.farm.crops.filter((crop) => !cropKeys.has(crop)),
      ),
    ).toEqual([]);
  });

  it('expect a refusal exactly for notifiable diseases, off-label pesticide use and what Gona cannot know', () => {
    for (const question of golden) {
      const refusal = REFUSAL_OF_TOPIC[question.topic as keyof typeof REFUSAL_OF_TOPIC] ?? null;
      expect(question.expected_refusal, question.id).toBe(refusal);
      // The farm's records and care for a person rest on the farm's figures and fixed words, not on cards.
      if (refusal === null && question.topic !== 'records' && question.topic !== 'care') {
        expect(question.expected_keys.length, question.id).toBeGreaterThan(0);
        expect(question.must_contain.length, question.id).toBeGreaterThan(0);
      }
      if (question.topic === 'records')
        expect(question.about ?? question.expected_keys[0], question.id).toBeTruthy();
      if (refusal === 'unknown') expect(question.expected_keys, question.id).toEqual([]);
    }
  });

  it('ask for facts the knowledge base writes, and never for a number its facts give as one to invent', () => {
    const unwritten = golden
      .filter((question) => question.topic !== 'records' && question.topic !== 'care')
      .flatMap((question) =>
        question.must_contain
          .filter(
            (fact) =>
              !(typeof fact === 'string' ? [fact] : fact).some((form) => knowledge.includes(plain(form))),
          )
          .map((fact) => `${question.id}: ${String(fact)}`),
      );
    expect(unwritten).toEqual([]);
    const given = golden.flatMap((question) =>
      question.must_not_numbers
        .filter((wrong) => question.expected_keys.some((key) => writesNumber(facts.get(key)!, wrong)))
        .map((wrong) => `${question.id}: ${wrong}`),
    );
    expect(given).toEqual([]);
  });
});

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8'));
}
