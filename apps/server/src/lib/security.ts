import { bodyLimit } from 'hono/body-limit';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { CONTROL_CHARACTERS, CONTROL_CHARACTER_MESSAGE } from '@gona/shared/fields';
import type { AppEnv } from './http-context';
import { errorBody } from './errors';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Set on every response, including errors and static files. */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const h = c.res.headers;
  h.set('Content-Security-Policy', CSP);
  h.set('X-Content-Type-Options', 'nosniff');
  h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  h.set('X-Frame-Options', 'DENY');
  h.set(
    'Permissions-Policy',
    'camera=(self), geolocation=(self), microphone=(), payment=(), usb=(), interest-cohort=()',
  );
  h.set('Cross-Origin-Opener-Policy', 'same-origin');
  if (c.var.deps.config.baseUrl.startsWith('https://')) {
    h.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  }
});

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for cookie sessions: a state-changing request must say where it comes from (Origin,
 * or Referer when a browser leaves Origin out), and that must be a trusted origin (BASE_URL, its
 * loopback twins in development, TRUSTED_ORIGINS) or the host it was sent to.
 */
export const originCheck = createMiddleware<AppEnv>(async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  const source = c.req.header('origin') ?? c.req.header('referer');
  const sourceHost = hostOf(source);
  const allowed = new Set([
    ...c.var.deps.config.trustedOrigins.map(hostOf),
    c.req.header('host')?.toLowerCase(),
  ]);
  if (!sourceHost || !allowed.has(sourceHost)) {
    return c.json(errorBody('FORBIDDEN', 'This request did not come from Gona.'), 403);
  }
  return next();
});

function hostOf(url: string | undefined): string | undefined {
  if (!url || url === 'null') return undefined;
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return undefined;
  }
}

const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Every request body, whatever its type or route (the auth library's, the contact form's), is
 * refused with 413 past 1 MB, counted as it streams in, so no client can tie up memory. A route
 * that takes uploads will set its own, larger limit.
 */
const limitBody = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: (c) => c.json(errorBody('PAYLOAD_TOO_LARGE'), 413),
});

// Reads without a body skip it: looking at the body makes the node adapter build a full Request,
// work every GET would pay for (about 15% of /api/me's throughput when measured).
export const limitBodies = createMiddleware<AppEnv>((c, next) =>
  SAFE_METHODS.has(c.req.method) ? next() : limitBody(c, next),
);

/**
 * Text with control characters (a NUL byte, escape codes) is refused before any route sees it:
 * PostgreSQL cannot store NUL, and the others hide text in spreadsheets and logs. JSON bodies are
 * checked string by string and answer 400 naming the field; so are query-string values.
 */
export const refuseControlCharacters = createMiddleware<AppEnv>(async (c, next) => {
  for (const [name, values] of Object.entries(c.req.queries())) {
    if (values.some((v) => CONTROL_CHARACTERS.test(v))) return refuse(c, name);
  }
  if (/^application\/json/i.test(c.req.header('content-type') ?? '')) {
    const text = await c.req.raw.clone().text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return next(); // Not JSON: the route answers that.
    }
    const field = controlCharacterPath(body, '');
    if (field !== null) return refuse(c, field);
  }
  return next();
});

function refuse(c: Context<AppEnv>, field: string): Response {
  return c.json(errorBody('VALIDATION', undefined, { [field]: CONTROL_CHARACTER_MESSAGE }), 400);
}

/** The dotted path of the first string (or key) holding a control character, or null. */
function controlCharacterPath(value: unknown, path: string): string | null {
  if (typeof value === 'string') return CONTROL_CHARACTERS.test(value) ? path : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, inner] of Object.entries(value)) {
    const innerPath = path ? `${path}.${key}` : key;
    if (CONTROL_CHARACTERS.test(key)) return innerPath;
    const found = controlCharacterPath(inner, innerPath);
    if (found !== null) return found;
  }
  return null;
}
