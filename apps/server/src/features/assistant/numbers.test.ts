import { describe, expect, it } from 'vitest';
import { CHECK_NOTE, checkNumbers, numberTokens, splitSentences } from './numbers';

describe('numberTokens', () => {
  it('reads numbers, ranges, percentages and thousands in their plain form', () => {
    expect(numberTokens('Sow 20 to 25 kg (about 53,000 plants); 35% protein, 4.50 t/ha, 2–3 sprays')).toEqual(
      ['20', '25', '53000', '35', '4.5', '2', '3'],
    );
  });

  it('reads a day of the year however it is written, and no bare day from it', () => {
    expect(numberTokens('24 June')).toEqual(['d:06-24']);
    expect(numberTokens('the 24th of June')).toEqual(['d:06-24']);
    expect(numberTokens('June 24')).toEqual(['d:06-24']);
    expect(numberTokens('2026-06-24')).toEqual(['d:06-24', '2026']);
    expect(numberTokens('24/06/2026')).toEqual(['d:06-24', '2026']);
    expect(numberTokens('plant in June, 7 bags')).toEqual(['7']);
  });

  it('reads written numbers but not "one", and skips citations and list numbers', () => {
    expect(numberTokens('four bags, twenty-five days, one seed [1] [2, 3]')).toEqual(['25', '4']);
    expect(numberTokens('1. Weed early\n2. Apply urea')).toEqual([]);
  });
});

describe('checkNumbers', () => {
  const facts = ['Maize: sow 20 to 25 kg of seed a hectare. Plant between 24 June and 7 July.'];

  it('keeps an answer whose numbers are all in the facts', () => {
    const answer = 'Sow 20 to 25 kg of seed a hectare [1]. Plant from June 24 to July 7 [1].';
    expect(checkNumbers(answer, facts)).toEqual({ text: answer, removed: 0, empty: false });
  });

  it('takes out the sentence with an invented number and sends the farmer to an extension officer', () => {
    const checked = checkNumbers('Sow 20 to 25 kg [1]. Apply 7 bags of NPK per hectare. Weed early.', facts);
    expect(checked.removed).toBe(1);
    expect(checked.text).toBe(`Sow 20 to 25 kg [1]. Weed early.\n\n${CHECK_NOTE}`);
  });

  it('does not take a day of the month as a quantity ("7 July" does not allow "7 bags")', () => {
    expect(checkNumbers('Apply 7 bags.', facts).removed).toBe(1);
  });

  it('takes out money for a person who may not see it', () => {
    const checked = checkNumbers('Maize sells well. It costs ₦20 a kg.', ['₦20'], { money: false });
    expect(checked.text).toBe(`Maize sells well.\n\n${CHECK_NOTE}`);
  });

  it('says when nothing of the answer is left', () => {
    expect(checkNumbers('Apply 9 bags.', facts)).toEqual({ text: CHECK_NOTE, removed: 1, empty: true });
  });

  it('splits sentences without breaking decimals', () => {
    expect(splitSentences('Yield is 4.5 t. Good!\nNext line')).toEqual([
      'Yield is 4.5 t. ',
      'Good!\n',
      'Next line',
    ]);
  });
});
