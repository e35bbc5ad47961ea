import { ErrorBodySchema } from '@gona/shared';

const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorBodySchema } },
});

/** The error answers every route may give, for the OpenAPI document. */
export const ErrorResponses = {
  400: error('VALIDATION: some fields need attention (see error.fields)'),
  401: error('UNAUTHENTICATED: no valid session'),
  403: error('FORBIDDEN: Insufficient permissions'),
  404: error('NOT_FOUND: Not found'),
  409: error('CONFLICT: changed by someone else'),
  500: error('INTERNAL: An unexpected error occurred'),
} as const;
