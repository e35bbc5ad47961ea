/**
 * What the first screen of a visit waits for, asked for while the app's code is still being run
 * instead of after its first render: who is signed in, their farms (app.html preloads both, so these
 * read the preloaded answers) and the saved query cache in IndexedDB (about 100 ms to open on a cheap
 * phone). `startFirstLoad` runs once, from the app's entry; each reader takes its answer once with
 * `firstOr`, and every later read (a refresh, another sign-in) asks afresh.
 */
import { MAX_PAGE_SIZE } from '@gona/shared/page-size';

/** What is started at load, by name. */
export const FIRST_LOAD = {
  session: 'session',
  me: 'me',
  farms: 'farms',
  savedCache: 'saved-cache',
  /** /dashboard's cards, asked for as soon as the farms say which farm opens. */
  dashboard: 'dashboard',
} as const;

/** The answers app.html preloads: the same addresses, so the browser hands over what it has. */
export const FIRST_LOAD_URLS = {
  session: '/api/auth/get-session',
  me: '/api/me',
  farms: `/api/farms?limit=${MAX_PAGE_SIZE}`,
} as const;

const started = new Map<string, Promise<unknown>>();

/** Starts each load now; its answer (or failure) waits for its reader. */
export function startFirstLoad(loads: Record<string, () => Promise<unknown>>): void {
  for (const [key, load] of Object.entries(loads)) {
    const answer = load();
    // Read or not, a failure here is not the app's: its reader asks again.
    answer.catch(() => undefined);
    started.set(key, answer);
  }
}

/**
 * The answer started for `key`, taken once; when none was started, it was taken already, or it
 * failed, `load()` asks afresh (so a failure is the reader's own, with its own handling).
 */
export function firstOr<T>(key: string, load: () => Promise<T>): Promise<T> {
  const answer = started.get(key) as Promise<T> | undefined;
  if (!answer) return load();
  started.delete(key);
  return answer.catch(() => load());
}

/** Forgets what was started and not yet read (signing out: the next person's answers are their own). */
export function forgetFirstLoad(): void {
  started.clear();
}
