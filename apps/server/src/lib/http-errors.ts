import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { z } from 'zod';
import { fieldErrors } from '@gona/shared';
import { AppError, databaseError, errorBody } from './errors';
import type { AppEnv } from './http-context';

/** The app's onError: everything thrown leaves in the wire shape; the unexpected is logged with its stack, never sent. */
export function handleError(err: unknown, c: Context<AppEnv>): Response {
  const known = toAppError(err);
  if (known) {
    if (known.code === 'UNAVAILABLE')
      c.var.deps.logger.warn(`${c.req.method} ${c.req.path}: database unreachable`);
    return errorResponse(c, known);
  }
  c.var.deps.logger.error(`${c.req.method} ${c.req.path} failed`, err);
  return c.json(errorBody('INTERNAL'), 500);
}

/** VALIDATION 400 with a message per field, for input a schema refused. */
export function validationResponse(c: Context, error: z.ZodError) {
  return c.json(errorBody('VALIDATION', undefined, fieldErrors(error)), 400);
}

function errorResponse(c: Context, error: AppError): Response {
  return c.json(errorBody(error.code, error.message, error.fields), error.status);
}

/** What a thrown value means on the wire, or null when it is unexpected. */
function toAppError(err: unknown): AppError | null {
  if (err instanceof AppError) return err;
  if (err instanceof z.ZodError) return new AppError('VALIDATION', undefined, fieldErrors(err));
  const fromDatabase = databaseError(err);
  if (fromDatabase) return fromDatabase;
  if (err instanceof HTTPException) {
    if (err.status === 401) return new AppError('UNAUTHENTICATED');
    if (err.status === 403) return new AppError('FORBIDDEN');
    if (err.status === 404) return new AppError('NOT_FOUND');
    if (err.status === 429) return new AppError('RATE_LIMITED');
    if (err.status === 413) return new AppError('PAYLOAD_TOO_LARGE');
    // The validator's own words ("Malformed FormData request…") are the library's, not ours.
    if (err.status === 400) return new AppError('VALIDATION', 'The request body could not be read.');
    if (err.status === 415) {
      return new AppError('VALIDATION', 'The request body is not of the type this address takes.');
    }
  }
  if (err instanceof SyntaxError && err.message.includes('JSON')) {
    return new AppError('VALIDATION', 'The request body is not valid JSON.');
  }
  return null;
}
