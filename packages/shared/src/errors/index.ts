import { z } from 'zod';

/** The generic error codes of the wire contract, with their HTTP statuses. */
export const ERROR_STATUS = {
  NOT_FOUND: 404,
  FORBIDDEN: 403,
  UNAUTHENTICATED: 401,
  VALIDATION: 400,
  CONFLICT: 409,
  PLAN_LIMIT: 402,
  RATE_LIMITED: 429,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Default messages; the spec fixes the first two word for word. */
export const DEFAULT_ERROR_MESSAGE: Record<ErrorCode, string> = {
  NOT_FOUND: 'Not found',
  FORBIDDEN: 'Insufficient permissions',
  UNAUTHENTICATED: 'Your session has expired. Please log in again.',
  VALIDATION: 'Some fields need attention',
  CONFLICT: 'This record was changed by someone else. Reload and try again.',
  PLAN_LIMIT: 'Your plan does not allow this. Upgrade to continue.',
  RATE_LIMITED: 'Too many attempts. Please wait a moment and try again.',
  INTERNAL: 'An unexpected error occurred',
};

export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** Turns a zod error into per-field messages keyed by dotted path ('' for the whole input). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.');
    fields[key] ??= issue.message;
  }
  return fields;
}
