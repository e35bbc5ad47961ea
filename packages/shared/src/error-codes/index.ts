/**
 * The error codes, statuses, default messages and field errors of the wire contract, without zod,
 * so that the web client's HTTP layer and forms can use them without loading the schema library
 * up front (@gona/shared/errors re-exports them).
 */
export const ERROR_STATUS = {
  NOT_FOUND: 404,
  FORBIDDEN: 403,
  UNAUTHENTICATED: 401,
  VALIDATION: 400,
  PAYLOAD_TOO_LARGE: 413,
  CONFLICT: 409,
  PLAN_LIMIT: 402,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Default messages; the spec fixes the first two word for word. */
export const DEFAULT_ERROR_MESSAGE: Record<ErrorCode, string> = {
  NOT_FOUND: 'Not found',
  FORBIDDEN: 'Insufficient permissions',
  UNAUTHENTICATED: 'Your session has expired. Please log in again.',
  VALIDATION: 'Some fields need attention',
  PAYLOAD_TOO_LARGE: 'The request is too large (at most 1 MB).',
  CONFLICT: 'This record was changed by someone else. Reload and try again.',
  PLAN_LIMIT: 'Your plan does not allow this. Upgrade to continue.',
  RATE_LIMITED: 'Too many attempts. Please wait a moment and try again.',
  INTERNAL: 'An unexpected error occurred',
  UNAVAILABLE: 'Gona cannot reach its database. Try again in a moment.',
};

/**
 * Turns a validation error (a zod error, or a form check with the same shape) into per-field
 * messages keyed by dotted path ('' for the whole input).
 */
export function fieldErrors(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.');
    fields[key] ??= issue.message;
  }
  return fields;
}

/** RATE_LIMITED when the wait is known: "Too many attempts. Please wait 4 seconds and try again." */
export function rateLimitedMessage(seconds: number): string {
  const wait = seconds < 60 ? plural(seconds, 'second') : plural(Math.ceil(seconds / 60), 'minute');
  return `Too many attempts. Please wait ${wait} and try again.`;
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}
