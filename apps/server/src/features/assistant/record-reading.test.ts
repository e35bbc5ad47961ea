import { describe, expect, it } from 'vitest';
import { plainText } from './reading';
import { nearest, periodOf, recordAsked, recordWords } from './record-reading';

/**
 * The farm-record reader on wordings the development set does not hold: each kind of record in
 * English, Pidgin, misspelt and bare, the same question reworded read the same, and questions
 * about what is usual, about trouble or about a person never read as a record.
 */
const asked = (question: string) => recordAsked(plainText(question));
const TODAY = '2026-11-18'; // a Wednesday

describe('what a question asks of the farm’s records', () => {
  it('reads each kind of record however it is worded', () => {
    const cases: [string, string][] = [
      ['how many eggs came from the layers on saturday', 'eggs'],
      ['egg count last 2 weeks', 'eggs'],
      ['abeg wetin be my laying percentage dis week', 'eggs'],
      ['how many egss did pen a produce in novembar', 'eggs'],
      ['when did we last record eggs', 'eggs'],
      ['how many turkeys we get', 'head_count'],
      ['number of pigs remaining', 'head_count'],
      ['how many broilers left for batch 3', 'head_count'],
      ['any goat die this month?', 'deaths'],
      ['mortality for pen a since october', 'deaths'],
      ['how many fowl we loose last month', 'deaths'],
      ['wetin my broilers weigh now', 'weight'],
      ['the last weighing of the catfish', 'weight'],
      ['feed intake of the broilers yesterday', 'feed_used'],
      ['how much layer mash the birds chop this week', 'feed_used'],
      ['litres of milk since monday', 'milk'],
      ['how much tilapia we comot last month', 'fish_harvest'],
      ['how many bags of maize seed remain for store', 'supply'],
      ['is the fish feed enough', 'supply'],
      ['wetin don finish for my shop', 'low_stock'],
      ['which things should we restock', 'low_stock'],
      ['how much herbicide did we use since october', 'supply_used'],
      ['how much i don spend on diesel this month', 'spent'],
      ['total expences for the cassava last month', 'spent'],
      ['how much money the eggs bring this week', 'earned'],
      ['did the farm make money in october', 'profit'],
      ['who still dey owe me', 'owed'],
      ['which crops dey my farm now', 'crops'],
      ['how far is my cassava', 'crop_stage'],
      ['when my tomato go ready', 'harvest_date'],
      ['what is next for the maize', 'crop_next'],
      ['which jobs are still pending', 'tasks_late'],
      ['what is bola supposed to do', 'tasks_person'],
      ['what work is coming up tomorrow', 'tasks_today'],
      ['which day did the cows give the least milk this week', 'milk'],
      ['how much do we pay our workers', 'spent'],
      ['how much fertilizer we use this month', 'supply_used'],
      ['wetin emeka dey do', 'tasks_person'],
      ['how many kids were born to the goats', 'births'],
      ['how many goats died since we bought them', 'deaths'],
      ['what were our sales and costs last month', 'profit'],
      ['what did ngozi not finish', 'tasks_late'],
    ];
    expect(cases.filter(([question, ask]) => asked(question) !== ask).map(([q]) => [q, asked(q)])).toEqual(
      [],
    );
  });

  it('reads a question and its rewordings alike', () => {
    const groups: string[][] = [
      [
        'How many eggs did we get last week?',
        'eggs last wk',
        'wetin be the egg count for last week',
        'egss collected last week',
      ],
      [
        'How much did we spend on feed in October?',
        'feed expenses for oct',
        'how much i spend for feed for october',
      ],
      ['How many goats do we have?', 'goats remaining', 'how many goat i get', 'number of goats on the farm'],
      ['What is low in the store?', 'wetin don almost finish for store', 'which supplies are running out'],
    ];
    for (const group of groups) expect(group.map(asked), group[0]).toEqual(group.map(() => asked(group[0]!)));
  });

  it('leaves what is usual, trouble told and care to the guides', () => {
    for (const question of [
      'How many eggs should a layer lay a day?',
      'how much feed does a broiler eat per day',
      'how many catfish can I stock in a 10 by 10 pond',
      'my birds are dying, what do I do',
      'the eggs we collected yesterday are soft and small',
      'at how many weeks do I sell broilers',
      'what percent of body weight do i feed catfish',
      'can I sell my eggs on Gona',
      'which chemical i go use for the worms',
      'how many days to dry cocoa beans',
      'Can I apply urea just before a heavy rain?',
      'my wife dey do as if she wan die',
      'at what age do i sell off my old layers',
      'what temperature do day old chicks need',
      'buyer never pay for the order, wetin go happen?',
    ])
      expect(asked(question), question).toBeNull();
  });
});

describe('the words of a question, in the records’ words', () => {
  it('reads misspellings as the record word they are, and never a real word as another', () => {
    expect(
      ['layres', 'broliers', 'octobar', 'spnd', 'vetinary', 'feeed', 'finsher', 'chikens', 'loose'].map(
        nearest,
      ),
    ).toEqual([
      'layers',
      'broilers',
      'october',
      'spend',
      'veterinary',
      'feed',
      'finisher',
      'chickens',
      'lose',
    ]);
    for (const word of [
      'need',
      'seed',
      'weed',
      'seeds',
      'doing',
      'drying',
      'stored',
      'suppliers',
      'money',
      'more',
    ])
      expect(nearest(word), word).toBeNull();
    expect(recordWords('how much feed pen a chop for shop')).toBe('how much feed pen a eat for store');
  });
});

describe('the period a question speaks of', () => {
  it('reads days, weeks, months and since, in the farm’s days, said back in words', () => {
    const period = (question: string) => periodOf(plainText(question), TODAY);
    expect(period('eggs since 10 november')).toEqual({
      from: '2026-11-10',
      to: TODAY,
      words: 'since 10 November (10–18 November)',
    });
    expect(period('spent since september')?.from).toBe('2026-09-01');
    expect(period('milk on monday')).toMatchObject({ from: '2026-11-16', to: '2026-11-16' });
    expect(period('feed in the past two weeks')).toMatchObject({ from: '2026-11-05', to: TODAY });
    expect(period('eggs for the last 3 days')?.words).toBe('in the last 3 days (16–18 November)');
    expect(period('total for the first week of november')).toMatchObject({
      from: '2026-11-01',
      to: '2026-11-07',
    });
    expect(period('eggs in octobar')?.words).toBe('in October (1–31 October)');
    expect(period('deaths last month')).toMatchObject({ from: '2026-10-01', to: '2026-10-31' });
    expect(period('eggs on the 10th')).toMatchObject({ from: '2026-11-10', to: '2026-11-10' });
    expect(period('milk on the 25th')).toMatchObject({ from: '2026-10-25', to: '2026-10-25' });
    expect(period('eggs 2 days ago')).toMatchObject({ from: '2026-11-16', words: 'on 16 November' });
    expect(period('eggs since monday')).toMatchObject({ from: '2026-11-16', to: TODAY });
    expect(period('feed used since the 1st')).toMatchObject({ from: '2026-11-01', to: TODAY });
    expect(period('deaths since we bought them')).toBeNull();
    expect(period('eggs between 9 and 15 november')).toMatchObject({ from: '2026-11-09', to: '2026-11-15' });
    expect(period('deaths from 1 october to 31 october')).toMatchObject({
      from: '2026-10-01',
      to: '2026-10-31',
    });
    expect(period('how many goats do we have')).toBeNull();
  });
});
