import { describe, expect, it } from 'vitest';
import { questionParts } from './compose';
import { plainText } from './reading';
import { notifiableAlarm } from './signs';

const alarm = (question: string, species: Parameters<typeof notifiableAlarm>[1]) =>
  notifiableAlarm(plainText(question), species)?.disease ?? null;

describe('signs told in farmers’ words', () => {
  it('reads a colour said after the place it shows, a nose that runs, a bent neck and animals that cannot stand', () => {
    expect(alarm('the skin of my pigs don turn wine colour and one don die', ['pig'])).toBe(
      'African swine fever',
    );
    expect(alarm('goat nose dey run, sores for im mouth and e dey purge', ['goat'])).toBe(
      'peste des petits ruminants (PPR)',
    );
    expect(alarm('my turkeys bend their heads backwards, cannot get up and plenty don die', ['turkey'])).toBe(
      'bird flu (avian influenza) or Newcastle disease',
    );
  });

  it('raises nothing on one sign alone, or on signs that point to no notifiable disease', () => {
    expect(alarm('my pig ears are red after a day in the sun', ['pig'])).toBeNull();
    expect(alarm('my goat nose dey run and e dey cough', ['goat'])).toBeNull();
    expect(alarm('one of my hens has a bent neck', ['chicken_layer'])).toBeNull();
    expect(alarm('how many turkeys died this month', ['turkey'])).toBeNull();
  });
});

describe('questions that ask two things', () => {
  it('are split where the second question starts', () => {
    expect(questionParts('when should i plant soybean, and how much seed per hectare')).toEqual([
      'when should i plant soybean',
      'how much seed per hectare',
    ]);
    expect(questionParts('what is striga? how do i stop it?')).toEqual([
      'what is striga',
      'how do i stop it',
    ]);
    expect(questionParts('my goats and sheep are coughing')).toEqual(['my goats and sheep are coughing']);
  });
});
