import { DEFAULT_ERROR_MESSAGE, type ErrorCode } from '@gona/shared/error-codes';

/** An error answered by our API (or the auth endpoints), turned back into an object. */
export class ApiError extends Error {
  readonly status: number;
  /** A wire code (NOT_FOUND, VALIDATION, …), an auth code (EMAIL_NOT_VERIFIED, …) or NETWORK. */
  readonly code: ErrorCode | 'NETWORK' | (string & {});
  readonly fields: Record<string, string>;

  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export type ApiFetchInit = Omit<RequestInit, 'body'> & {
  /** Sent as JSON with a JSON content type. */
  json?: unknown;
  body?: BodyInit | null;
  /**
   * A 401 from our API means the session is gone and starts the session-expired flow; the
   * session check itself turns this off because "not signed in" is an expected answer there.
   */
  expireOn401?: boolean;
};

type SessionExpiredListener = () => void;
const sessionExpiredListeners = new Set<SessionExpiredListener>();

/** Subscribes to "the API says the session is gone"; returns the unsubscribe function. */
export function onSessionExpired(listener: SessionExpiredListener): () => void {
  sessionExpiredListeners.add(listener);
  return () => sessionExpiredListeners.delete(listener);
}

/** Calls our API: JSON in and out, same-origin cookies, errors thrown as ApiError. */
export async function apiFetch<T>(path: string, init: ApiFetchInit = {}): Promise<T> {
  const { json, expireOn401 = !path.startsWith('/api/auth/'), headers, ...rest } = init;
  const requestHeaders = new Headers(headers);
  requestHeaders.set('Accept', 'application/json');
  if (json !== undefined) requestHeaders.set('Content-Type', 'application/json');

  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...rest,
      headers: requestHeaders,
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Network request failed');
  }
  return readApiResponse<T>(response, expireOn401);
}

/**
 * An answer of our API read as apiFetch reads it: the JSON body, or the error thrown as ApiError.
 * For a request apiFetch cannot make itself (one whose answer may be a stream).
 */
export async function readApiResponse<T>(response: Response, expireOn401 = true): Promise<T> {
  const body: unknown = response.status === 204 ? null : await readJson(response);
  if (response.ok) return body as T;

  const error = toApiError(response.status, body);
  if (response.status === 401 && expireOn401) {
    for (const listener of sessionExpiredListeners) listener();
  }
  throw error;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Our API wraps errors in { error: {…} }; the auth endpoints answer { code, message } directly. */
function toApiError(status: number, body: unknown): ApiError {
  const payload = isRecord(body) && isRecord(body.error) ? body.error : isRecord(body) ? body : {};
  const code = typeof payload.code === 'string' ? payload.code : codeForStatus(status);
  const message =
    typeof payload.message === 'string' && payload.message
      ? payload.message
      : (DEFAULT_ERROR_MESSAGE[code as ErrorCode] ?? DEFAULT_ERROR_MESSAGE.INTERNAL);
  const fields = isRecord(payload.fields) ? (payload.fields as Record<string, string>) : {};
  return new ApiError(status, code, message, fields);
}

function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'VALIDATION';
    case 401:
      return 'UNAUTHENTICATED';
    case 402:
      return 'PLAN_LIMIT';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 429:
      return 'RATE_LIMITED';
    case 503:
      return 'UNAVAILABLE';
    default:
      return 'INTERNAL';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
