import type { FarmSummary } from '@gona/shared/farms';

/** The local storage keys of the spec, plus the product's auth entry. */
export const STORAGE_KEYS = {
  selectedFarmId: 'selected_farm_id',
  userFarms: 'user_farms',
  /** Who is signed in (no secret: the session itself is an httpOnly cookie), for the offline shell. */
  auth: 'gona.auth',
  sidebarCollapsed: 'gona.sidebar_collapsed',
  /** Queued changes the server refused, kept until the person fixes or discards them. */
  needsAttention: 'gona.needs_attention',
} as const;

export type AuthEntry = {
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
};

export function readSelectedFarmId(): string | null {
  return safeGet(STORAGE_KEYS.selectedFarmId);
}

export function writeSelectedFarmId(id: string | null): void {
  if (id === null) safeRemove(STORAGE_KEYS.selectedFarmId);
  else safeSet(STORAGE_KEYS.selectedFarmId, id);
}

/** The farm list cache holds full farms or the fallback list's summaries: read as summaries. */
export function readCachedFarms(): FarmSummary[] | null {
  const value = readJson(STORAGE_KEYS.userFarms);
  return Array.isArray(value) ? (value as FarmSummary[]) : null;
}

export function writeCachedFarms(farms: readonly FarmSummary[] | null): void {
  if (farms === null) safeRemove(STORAGE_KEYS.userFarms);
  else safeSet(STORAGE_KEYS.userFarms, JSON.stringify(farms));
}

export function readAuthEntry(): AuthEntry | null {
  const value = readJson(STORAGE_KEYS.auth);
  return typeof value === 'object' && value !== null && 'user_id' in value ? (value as AuthEntry) : null;
}

export function writeAuthEntry(entry: AuthEntry | null): void {
  if (entry === null) safeRemove(STORAGE_KEYS.auth);
  else safeSet(STORAGE_KEYS.auth, JSON.stringify(entry));
}

/**
 * What sign-out and an expired session clear: the selection, the farm cache, the auth entry and
 * the refused changes.
 */
export function clearSessionStorage(): void {
  safeRemove(STORAGE_KEYS.selectedFarmId);
  safeRemove(STORAGE_KEYS.userFarms);
  safeRemove(STORAGE_KEYS.auth);
  safeRemove(STORAGE_KEYS.needsAttention);
}

/** The raw stored text of a key, for stores that parse and compare it themselves. */
export function readText(key: string): string | null {
  return safeGet(key);
}

export function writeText(key: string, value: string | null): void {
  if (value === null) safeRemove(key);
  else safeSet(key, value);
}

export function readFlag(key: string): boolean {
  return safeGet(key) === 'true';
}

export function writeFlag(key: string, value: boolean): void {
  safeSet(key, String(value));
}

function readJson(key: string): unknown {
  const raw = safeGet(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

// Storage can throw (private mode, quota); the app must keep working without it.
function safeGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function safeSet(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the value simply is not remembered.
  }
}

function safeRemove(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Same as above.
  }
}
