import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './context';
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

const MAX_FORM_BYTES = 1024 * 1024;
const limitForms = bodyLimit({
  maxSize: MAX_FORM_BYTES,
  onError: (c) => c.json(errorBody('VALIDATION', 'The request is too large (at most 1 MB).'), 400),
});

/**
 * JSON and form bodies are small by nature; refusing big ones early keeps a client from tying up
 * memory. Uploads (multipart) set their own limit on their route.
 */
export const limitBodies = createMiddleware<AppEnv>(async (c, next) => {
  const type = c.req.header('content-type') ?? '';
  if (/^(application\/json|application\/x-www-form-urlencoded|text\/)/i.test(type))
    return limitForms(c, next);
  return next();
});
