/**
 * The pseudo-locale (?lng=pseudo in development and tests): every string about 40 % longer, its
 * letters accented, in brackets, so a screen that cuts or overflows a longer language shows it on a
 * 320 px phone. Placeholders ({{count}}) and tags (<1>…</1>) are kept as they are.
 */
const ACCENTED: Record<string, string> = {
  a: 'á',
  e: 'ḗ',
  i: 'í',
  o: 'ọ́',
  u: 'ū',
  c: 'ç',
  n: 'ñ',
  s: 'ṣ',
  y: 'ý',
  g: 'ǵ',
  A: 'Á',
  E: 'É',
  I: 'Í',
  O: 'Ọ',
  U: 'Ū',
  C: 'Ç',
  N: 'Ñ',
  S: 'Ṣ',
  Y: 'Ý',
  G: 'Ǵ',
};

const KEPT = /(\{\{[^}]*\}\}|<\/?\d+>|<\/?[a-z]+\s*\/?>)/;

export function pseudoString(text: string): string {
  const body = text
    .split(KEPT)
    .map((part, index) => (index % 2 === 1 ? part : [...part].map((char) => ACCENTED[char] ?? char).join('')))
    .join('');
  // The brackets and a space count towards the 40 %; dots make up the rest.
  const padding = Math.ceil(text.length * 0.4);
  return `[${body} ${'·'.repeat(Math.max(0, padding - 3))}]`;
}

export function pseudoLocalise<T>(words: T): T {
  if (typeof words === 'string') return pseudoString(words) as T;
  if (Array.isArray(words)) return words.map((word: unknown) => pseudoLocalise(word)) as T;
  if (words && typeof words === 'object')
    return Object.fromEntries(Object.entries(words).map(([key, value]) => [key, pseudoLocalise(value)])) as T;
  return words;
}
