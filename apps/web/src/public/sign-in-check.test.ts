import { describe, expect, it } from 'vitest';
import { SignInInputSchema } from '@gona/shared/auth';
import { fieldErrors } from '@gona/shared/errors';
import type { FormCheck } from '@/lib/use-schema-form';
import { SignInCheck } from './sign-in-check';

const INPUTS = [
  { email: 'ada@example.com', password: 'correct horse battery' },
  { email: '  Ada.Obi@Example.COM ', password: ' ' },
  { email: '', password: '' },
  { email: '   ', password: 'x' },
  { email: 'ada', password: 'x' },
  { email: 'ada@', password: 'x' },
  { email: 'ada@example', password: 'x' },
  { email: 'ada@example.c', password: 'x' },
  { email: '.ada@example.com', password: 'x' },
  { email: 'ada..obi@example.com', password: 'x' },
  { email: "o'brien+farm@example.com.ng", password: 'x' },
  { email: 'ada@-example.com', password: 'x' },
  { email: 'adé@example.com', password: 'x' },
  { email: 'ada @example.com', password: 'x' },
  { email: 'ada@example.com', password: '' },
];

/** What a form does with a check's answer: the data it sends, or the messages on its fields. */
function outcome(check: FormCheck<unknown>, input: unknown) {
  const result = check.safeParse(input);
  return result.success ? { data: result.data } : { errors: fieldErrors(result.error) };
}

describe('the sign-in check on /login', () => {
  it.each(INPUTS)('agrees with the shared SignInInputSchema on %o', (input) => {
    expect(outcome(SignInCheck, input)).toEqual(outcome(SignInInputSchema, input));
  });
});
