import { DEFAULT_ERROR_MESSAGE, ERROR_STATUS, type ErrorBody, type ErrorCode } from '@gona/shared';

/** The one error services throw. The code picks the HTTP status; the message is shown to people. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields?: Record<string, string>;

  constructor(code: ErrorCode, message?: string, fields?: Record<string, string>) {
    super(message ?? DEFAULT_ERROR_MESSAGE[code]);
    this.name = 'AppError';
    this.code = code;
    if (fields) this.fields = fields;
  }

  get status(): (typeof ERROR_STATUS)[ErrorCode] {
    return ERROR_STATUS[this.code];
  }
}

export function errorBody(code: ErrorCode, message?: string, fields?: Record<string, string>): ErrorBody {
  return { error: { code, message: message ?? DEFAULT_ERROR_MESSAGE[code], ...(fields ? { fields } : {}) } };
}

/** What a database error means for the caller (CONFLICT, VALIDATION, UNAVAILABLE), or null when it means nothing to them. */
export function databaseError(err: unknown): AppError | null {
  if (isDatabaseUnreachable(err)) return new AppError('UNAVAILABLE');
  const pgCode = postgresCode(err);
  return (pgCode && PG_ERRORS[pgCode]) || null;
}

/** Socket errors from node-postgres when the server is down or restarting. */
const UNREACHABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown, restart, cannot connect now). */
const UNREACHABLE_SQLSTATE = /^(08|57P0[1-4])/;
const UNREACHABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
];

/**
 * True when the database could not be reached (down, restarting, failing over), as opposed to a
 * query it refused: those requests get 503 and can simply be tried again.
 */
export function isDatabaseUnreachable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = 'code' in e && typeof e.code === 'string' ? e.code : undefined;
    if (code && (UNREACHABLE_SOCKET_CODES.has(code) || UNREACHABLE_SQLSTATE.test(code))) return true;
    const message = 'message' in e && typeof e.message === 'string' ? e.message : '';
    if (UNREACHABLE_MESSAGES.some((m) => message.includes(m))) return true;
    e = 'cause' in e ? e.cause : undefined;
  }
  return false;
}

/** Postgres SQLSTATE codes we can explain to a person; anything else is INTERNAL. */
const PG_ERRORS: Record<string, AppError> = {
  '23505': new AppError('CONFLICT', 'This already exists.'),
  '23503': new AppError('VALIDATION', 'This refers to something that does not exist.'),
  '23502': new AppError('VALIDATION'),
  '23514': new AppError('VALIDATION'),
  '22P02': new AppError('VALIDATION'),
  // Values the schemas should already refuse; a safety net so they are never a 500.
  '22003': new AppError('VALIDATION', 'A number is too large.'),
  '22008': new AppError('VALIDATION', 'A date is out of range.'),
  '22007': new AppError('VALIDATION', 'A date is not valid.'),
  '22021': new AppError('VALIDATION', 'Some text has characters that cannot be stored.'),
  '22P05': new AppError('VALIDATION', 'Some text has characters that cannot be stored.'),
  '54000': new AppError('VALIDATION', 'Some text is too long.'),
  '40001': new AppError('CONFLICT', 'Someone else changed this at the same time. Try again.'),
  '40P01': new AppError('CONFLICT', 'Someone else changed this at the same time. Try again.'),
};

/** drizzle wraps driver errors (cause); node-postgres and PGlite both carry the SQLSTATE in `code`. */
function postgresCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    if (typeof e === 'object' && 'code' in e && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      return e.code;
    }
    e = typeof e === 'object' && 'cause' in e ? e.cause : undefined;
  }
  return undefined;
}
