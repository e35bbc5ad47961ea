import { regexes } from 'zod/v4/core';
import type { FormCheck } from '@/lib/use-schema-form';

type Credentials = { email: string; password: string };

/**
 * The shared SignInInputSchema's rules and words, checked without zod so that /login loads
 * without the schema library (the budget in docs/architecture.md). Its test holds the two together.
 */
export const SignInCheck: FormCheck<Credentials> = {
  safeParse(input) {
    const values = input as Credentials;
    const email = values.email.trim().toLowerCase();
    const issues = [];
    if (!regexes.email.test(email)) {
      issues.push({ path: ['email'], message: 'Enter a valid email address, like ada@example.com' });
    }
    if (values.password.length === 0) issues.push({ path: ['password'], message: 'Enter your password' });
    if (issues.length > 0) return { success: false, error: { issues } };
    return { success: true, data: { email, password: values.password } };
  },
};
