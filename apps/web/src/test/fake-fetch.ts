import { vi } from 'vitest';
import type { Farm } from '@gona/shared';
import { aFarm, aMe } from './fixtures';

export type FakeRequest = { method: string; path: string; body: unknown };
export type FakeResponse = { status: number; body?: unknown };
type Handler = FakeResponse | ((request: FakeRequest) => FakeResponse);

/**
 * Replaces fetch at the network boundary with answers keyed by "METHOD /path" (query string
 * ignored unless the key has one). Unknown requests answer 404 so a missing route is visible.
 */
export function installFakeFetch(routes: Record<string, Handler>) {
  const requests: FakeRequest[] = [];
  vi.stubGlobal('fetch', (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init.method ?? 'GET').toUpperCase();
    // JSON as its value; a form (an upload) as its fields, files as File objects.
    const body: unknown =
      typeof init.body === 'string'
        ? JSON.parse(init.body)
        : init.body instanceof FormData
          ? Object.fromEntries(init.body)
          : null;
    const request = { method, path: url.pathname + url.search, body };
    requests.push(request);
    const handler = routes[`${method} ${url.pathname}${url.search}`] ?? routes[`${method} ${url.pathname}`];
    const answer =
      typeof handler === 'function'
        ? handler(request)
        : (handler ?? { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } });
    return Promise.resolve(
      new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  });
  return requests;
}

export const ME = aMe();

export function farm(id: string, name: string): Farm {
  return aFarm({ id, name });
}

/** A signed-in session with the given farms. */
export function signedInRoutes(farms: readonly Farm[]): Record<string, Handler> {
  return {
    'GET /api/auth/get-session': { status: 200, body: { session: { id: 's' }, user: { id: ME.id } } },
    'GET /api/me': { status: 200, body: ME },
    'GET /api/farms': { status: 200, body: { items: farms } },
  };
}

export const signedOutRoutes: Record<string, Handler> = {
  'GET /api/auth/get-session': { status: 200, body: null },
};
