import { percentToBasisPoints, type Allocation } from '@gona/shared/finance';
import { enterpriseIds } from './api';
import { koboInput, nairaText, numberInput } from './format';

/** A split as the form holds it: each share's enterprise key ('' is the whole farm) and typed value. */
export type SplitShare = { key: string; value: string };
export type SplitMode = 'amounts' | 'percent';
export type SplitValue = { mode: SplitMode; shares: SplitShare[] };

/** What the "Which crop or animals?" choice holds when the expense is split over several. */
export const SPLIT_CHOICE = 'split';

export const emptySplit = (): SplitValue => ({
  mode: 'amounts',
  shares: [
    { key: '', value: '' },
    { key: '', value: '' },
  ],
});

/**
 * The shares as the shared schema reads them: kobo or percentages; text that is not a number (or
 * nothing) is passed on as it is, for the schema to refuse beside that share.
 */
export function splitAllocations(split: SplitValue) {
  return split.shares.map((share) => ({
    ...enterpriseIds(share.key),
    ...(split.mode === 'amounts'
      ? { amount_kobo: koboInput(share.value) ?? share.value }
      : { percent: numberInput(share.value) ?? share.value }),
  }));
}

/**
 * What is left to share out: kobo of `amount` not yet given to a share, or hundredths of a percent
 * of 100 % (negative when the shares give out more). Null while the amount is not a number.
 */
export function splitLeft(amount: number | string | undefined, split: SplitValue): number | null {
  if (split.mode === 'percent')
    return (
      10_000 -
      split.shares.reduce((sum, share) => {
        const percent = numberInput(share.value);
        return sum + (typeof percent === 'number' ? percentToBasisPoints(percent) : 0);
      }, 0)
    );
  if (typeof amount !== 'number') return null;
  return split.shares.reduce((left, share) => {
    const kobo = koboInput(share.value);
    return left - (typeof kobo === 'number' ? kobo : 0);
  }, amount);
}

/** A saved expense's shares as the form starts them: by amounts. */
export function splitOf(allocations: readonly Allocation[]): SplitValue {
  return {
    mode: 'amounts',
    shares: allocations.map((a) => ({
      key: a.crop_id ? `crop:${a.crop_id}` : a.animal_id ? `animal:${a.animal_id}` : '',
      value: nairaText(a.amount_kobo),
    })),
  };
}
