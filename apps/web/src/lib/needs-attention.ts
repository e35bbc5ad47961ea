import { useSyncExternalStore } from 'react';
import { readAuthEntry, readText, STORAGE_KEYS, writeText } from './storage';

/** A queued change the server refused when it was finally sent: what it was, and why it was refused. */
export type AttentionItem = {
  id: string;
  mutationKey: readonly unknown[];
  variables: unknown;
  /** The HTTP status of the refusal (409 stale or short of stock, 400 invalid, 404 gone, 403 not allowed). */
  status: number;
  /** The server's own words. */
  message: string;
};

type Stored = { user_id: string; items: AttentionItem[] };

const NONE: AttentionItem[] = [];
const listeners = new Set<() => void>();
let cached: { raw: string | null; items: AttentionItem[] } = { raw: null, items: NONE };

/** The signed-in person's refused changes, oldest first; kept in local storage, cleared on sign-out. */
export function useAttentionItems(): AttentionItem[] {
  return useSyncExternalStore(subscribe, readItems, () => NONE);
}

export function addAttentionItem(item: Omit<AttentionItem, 'id'>): void {
  const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  writeItems([...readItems(), { ...item, id }]);
}

export function removeAttentionItem(id: string): void {
  writeItems(readItems().filter((item) => item.id !== id));
}

function readItems(): AttentionItem[] {
  const raw = readText(STORAGE_KEYS.needsAttention);
  if (raw !== cached.raw) cached = { raw, items: parse(raw) };
  return cached.items;
}

function parse(raw: string | null): AttentionItem[] {
  if (raw === null) return NONE;
  try {
    const stored = JSON.parse(raw) as Stored;
    // Another person's refusals (a sign-out that could not clear them) are not this person's to see.
    return stored.user_id === readAuthEntry()?.user_id && Array.isArray(stored.items) ? stored.items : NONE;
  } catch {
    return NONE;
  }
}

function writeItems(items: AttentionItem[]): void {
  const userId = readAuthEntry()?.user_id;
  writeText(
    STORAGE_KEYS.needsAttention,
    userId && items.length > 0 ? JSON.stringify({ user_id: userId, items } satisfies Stored) : null,
  );
  for (const listener of listeners) listener();
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}
