/**
 * The number check (docs/decisions/048-assistant-answers.md): every number a language model writes
 * (rates, doses, days, dates, prices, percentages) must be written in the facts it was given or the
 * farm's records; a sentence holding one that is not is taken out, and the answer ends by sending
 * the farmer to an extension officer. Both sides are read by the same tokenizer, so "four bags"
 * matches a fact's "4 bags" and "24th of June" a fact's "June 24".
 */

export const CHECK_NOTE = 'Check this with an extension officer before you act.';

export type CheckedText = {
  text: string;
  /** Unsupported numbers taken out (with their sentences). */
  removed: number;
  /** Nothing of the model's words was left. */
  empty: boolean;
};

/**
 * The model's text without the sentences that hold a number no `allowed` text holds, and (for a
 * person who may not see money) without sentences about money; the note appended when anything
 * was taken out. Citations [n] and list numbers are not numbers.
 */
export function checkNumbers(
  answer: string,
  allowed: Iterable<string>,
  options: { money: boolean } = { money: true },
): CheckedText {
  const supported = new Set<string>();
  for (const text of allowed) for (const token of numberTokens(text)) supported.add(token);
  let removed = 0;
  let droppedAny = false;
  const kept: string[] = [];
  for (const sentence of splitSentences(answer)) {
    const unsupported = numberTokens(sentence).filter((token) => !supported.has(token));
    const aboutMoney = !options.money && MONEY.test(sentence);
    if (unsupported.length > 0 || aboutMoney) {
      removed += unsupported.length;
      droppedAny = true;
      // A dropped sentence keeps its line break, so the lists around it stay lists.
      const breaks = sentence.match(/\n+$/)?.[0];
      if (breaks) kept.push(breaks);
      continue;
    }
    kept.push(sentence);
  }
  const text = kept
    .join('')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const empty = !/[a-z]/i.test(text.replace(/\[\d+\]/g, ''));
  if (!droppedAny) return { text, removed, empty };
  return { text: empty ? CHECK_NOTE : `${text}\n\n${CHECK_NOTE}`, removed, empty };
}

/** Words for money: naira and kobo amounts are not for workers. */
export const MONEY = /₦|\bnaira\b|\bngn\b|\bkobo\b/i;

const MONTHS: Record<string, string> = {
  january: '01',
  jan: '01',
  february: '02',
  feb: '02',
  march: '03',
  mar: '03',
  april: '04',
  apr: '04',
  may: '05',
  june: '06',
  jun: '06',
  july: '07',
  jul: '07',
  august: '08',
  aug: '08',
  september: '09',
  sept: '09',
  sep: '09',
  october: '10',
  oct: '10',
  november: '11',
  nov: '11',
  december: '12',
  dec: '12',
};
const MONTH = `(${Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|')})`;
const DAY = '(\\d{1,2})(?:st|nd|rd|th)?';

const UNITS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  dozen: 12,
  hundred: 100,
  thousand: 1000,
};
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const ONES = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

/**
 * The numbers of a text as comparable tokens: "d:06-24" for a day of the year however it is
 * written, and each other number in its plain form ("53,000" → "53000", "4.50" → "4.5"). A range
 * is its two ends; a percentage its number. "one" is left alone (it is mostly not a quantity).
 */
export function numberTokens(input: string): string[] {
  const tokens: string[] = [];
  let text = ` ${input.toLowerCase()} `
    // Citations and list numbers.
    .replace(/\[\s*\d+(?:\s*[,–-]\s*\d+)*\s*\]/g, ' ')
    .replace(/(^|\n)\s*\d{1,2}[.)]\s+/g, '$1 ');
  const day = (month: string, dayOfMonth: string) => {
    const d = Number(dayOfMonth);
    if (d < 1 || d > 31) return null;
    return `d:${month}-${String(d).padStart(2, '0')}`;
  };
  const take = (pattern: RegExp, read: (match: RegExpMatchArray) => string[] | null) => {
    let rest = '';
    let last = 0;
    for (const match of text.matchAll(pattern)) {
      const found = read(match);
      if (!found) continue;
      tokens.push(...found);
      rest += `${text.slice(last, match.index)} `;
      last = match.index + match[0].length;
    }
    text = rest + text.slice(last);
  };
  take(/(\d{4})-(\d{2})-(\d{2})/g, ([, year, month, d]) => {
    const date = day(month!, d!);
    return date && Number(month) >= 1 && Number(month) <= 12 ? [date, plain(year!)] : null;
  });
  take(/\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/g, ([, d, month, year]) => {
    const date = day(String(Number(month)).padStart(2, '0'), d!);
    return date && Number(month) >= 1 && Number(month) <= 12 ? [date, plain(year!)] : null;
  });
  take(new RegExp(`\\b${DAY}(?:\\s+of)?\\s+${MONTH}\\b\\.?`, 'g'), ([, d, month]) => {
    const date = day(MONTHS[month!]!, d!);
    return date ? [date] : null;
  });
  take(new RegExp(`\\b${MONTH}\\.?\\s+${DAY}\\b`, 'g'), ([, month, d]) => {
    const date = day(MONTHS[month!]!, d!);
    return date ? [date] : null;
  });
  take(/\d+(?:,\d{3})+(?:\.\d+)?|\d*\.\d+|\d+/g, ([number]) => [plain(number)]);
  take(
    new RegExp(`\\b(${Object.keys(TENS).join('|')})(?:[\\s-](${ONES.join('|')}))?\\b`, 'g'),
    ([, tens, unit]) => [String(TENS[tens!]! + (unit ? ONES.indexOf(unit) + 1 : 0))],
  );
  take(new RegExp(`\\b(${Object.keys(UNITS).join('|')})\\b`, 'g'), ([word]) => [String(UNITS[word]!)]);
  return tokens;
}

function plain(number: string): string {
  const value = Number(number.replace(/,/g, ''));
  return Number.isFinite(value) ? String(value) : number;
}

/**
 * Sentences with what follows each (its spaces and line breaks), so that joining them gives the
 * text back. A sentence ends at . ! or ? before a space or the end ("4.5" goes on), or at a line break.
 */
export function splitSentences(text: string): string[] {
  const parts: string[] = [];
  let last = 0;
  for (const match of text.matchAll(/[.!?]+(?=\s|$)[ \t]*\n*|\n+/g)) {
    const end = match.index + match[0].length;
    if (end > last) parts.push(text.slice(last, end));
    last = end;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
