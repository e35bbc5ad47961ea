import type { z } from 'zod';

/**
 * Plain words for every check that has no message of its own, so a person never reads zod's
 * ("Too big: expected number to be <=2147483647"). Limits are said as they are ("at most 1,000,000").
 */
export function plainMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'This is required' : 'Enter a valid value';
    case 'too_big':
      return issue.origin === 'string'
        ? `Use at most ${count(issue.maximum)} characters`
        : issue.origin === 'array' || issue.origin === 'set'
          ? `Choose at most ${count(issue.maximum)}`
          : `Enter at most ${count(issue.maximum)}`;
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? 'This is required'
          : `Use at least ${count(issue.minimum)} characters`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `Choose at least ${count(issue.minimum)}`;
      return issue.inclusive === false
        ? `Enter more than ${count(issue.minimum)}`
        : `Enter at least ${count(issue.minimum)}`;
    case 'invalid_format':
      return issue.format === 'email' ? 'Enter a valid email address' : 'Enter a valid value';
    case 'invalid_value':
      return 'Choose one of the options';
    case 'not_multiple_of':
      return 'Enter a whole number';
    case 'unrecognized_keys':
      return 'Remove the fields this form does not have';
    default:
      return 'Check this value';
  }
}

function count(value: number | bigint): string {
  return Number(value).toLocaleString('en-NG');
}
