import { beforeAll, describe, expect, it } from 'vitest';
import type { Supply } from '@gona/shared/inventory';
import { addDays, dateIn } from '../../lib/farm-time';
import { newId } from '../../lib/ids';
import { createTestContext, type TestContext } from '../../test/context';
import { seedFarmTeam, type FarmTeam } from '../../test/farm-team';
import { ask } from './assistant.test-setup';
import { dayMonth } from './context';

/**
 * The farm's records answered in farmers' words (records.ts, record-reading.ts), over real HTTP
 * on a farm whose records are written through the API: a group named is counted alone, a period
 * read from "since", feed used on the day it was given, a mortality rate, the last record, spending
 * marked for a crop, and no money for a worker.
 */
let t: TestContext;
let farm: FarmTeam;
let today: string;
let penA: string;
let penB: string;
let mash: Supply;

beforeAll(async () => {
  t = await createTestContext();
  farm = await seedFarmTeam(t);
  today = dateIn('Africa/Lagos', new Date());
  penA = (await post<{ id: string }>('livestock', group('Pen A layers', 200))).id;
  penB = (await post<{ id: string }>('livestock', group('Pen B layers', 120))).id;
  mash = await post<Supply>('supplies', {
    category: 'animal_feed',
    name: 'Layer mash',
    unit: 'kg',
    quantity: '500',
    low_threshold: '100',
  });
  // Eggs and feed for the last 10 days, recorded today: Pen A 170 eggs and 20 kg a day, Pen B 100 and 10 kg.
  for (let back = 1; back <= 10; back += 1) {
    const date = addDays(today, -back);
    await post(`livestock/${penA}/production`, {
      id: newId(),
      date,
      eggs_collected: 170,
      feed_supply_id: mash.id,
      feed_quantity: '20',
    });
    await post(`livestock/${penB}/production`, {
      id: newId(),
      date,
      eggs_collected: 100,
      feed_supply_id: mash.id,
      feed_quantity: '10',
    });
  }
  await post(`livestock/${penB}/events`, {
    id: newId(),
    date: addDays(today, -3),
    kind: 'mortality',
    count: 6,
  });
});

function group(name: string, head_count: number) {
  return {
    kind: 'group',
    acquisition: 'bought',
    acquired_on: '2025-05-01',
    species: 'chicken_layer',
    name,
    head_count,
  };
}

async function post<T = unknown>(path: string, body: object): Promise<T> {
  const res = await t.request<T>('POST', `${farm.base}/${path}`, { cookie: farm.cookies.owner, body });
  if (res.status !== 201) throw new Error(`${path} failed: ${res.status} ${res.text}`);
  return res.body;
}

async function answer(question: string, who: 'owner' | 'worker' = 'owner'): Promise<string> {
  const res = await ask(t, farm, who, { question });
  expect(res.status, question).toBe(200);
  expect(res.body.answer.refusal, question).toBeNull();
  return res.body.answer.text;
}

describe('the farm’s records in farmers’ words', () => {
  it('counts a group named alone, and every bird of the kind otherwise', async () => {
    expect(await answer('how many hens are in pen b')).toBe('Pen B layers has 114 now, by your records.');
    expect(await answer('layers remaining on the farm')).toBe('You have 314 layers now, by your records.');
  });

  it('sums since a day, and a day’s average when asked', async () => {
    const from = addDays(today, -4);
    const text = await answer(
      `How many eggs have we collected since ${Number(from.slice(8))} ${monthName(from)}?`,
    );
    // 4 days recorded since then (today has no record yet): 4 × 270.
    expect(text).toContain('laid 1080 eggs since');
    const average = await answer('what is our average number of eggs per day in the last 10 days');
    // The last 10 days end today, which has no record yet: 9 days recorded.
    expect(average).toMatch(
      /^Your layers laid 270 eggs a day on average in the last 10 days \(.*\): 2430 eggs over 9 days recorded\./,
    );
  });

  it('counts feed on the day it was given, from the feed records and from the store alike', async () => {
    const from = addDays(today, -2);
    expect(await answer('feed consumption for pen a in the last 3 days')).toContain('40 kg of feed');
    expect(
      await answer(`what did we use from the store since ${Number(from.slice(8))} ${monthName(from)}`),
    ).toMatch(/^You used 60 kg of Layer mash since /);
  });

  it('gives a mortality rate of those there were, and the last record with its day', async () => {
    expect(await answer('what is the mortality rate of pen b')).toContain(
      'That is 5% of the 120 there were.',
    );
    expect(await answer('when did we last record eggs')).toContain(
      `Your last record of eggs is from ${dayMonth(addDays(today, -1))}`,
    );
  });

  it('says no spending is marked for a crop the money records do not name, and gives a worker no money', async () => {
    expect(await answer('what did we spend on the cassava this month')).toMatch(
      /^No spending this month \(.*\) is marked for cassava\./,
    );
    expect(await answer('how much did we spend this month', 'worker')).toMatch(
      /^Your role on this farm does not show its money/,
    );
  });
});

function monthName(date: string): string {
  return dayMonth(date).split(' ')[1]!;
}
