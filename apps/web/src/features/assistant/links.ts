import type { AssistantAboutKind } from '@gona/shared/assistant';
import { paths } from '@/lib/paths';

/** What a question is about: "Ask about this" on a crop, an animal, a weather warning or a supply. */
export type About = { kind: AssistantAboutKind; id: string };

// The contract's kinds, kept here as a literal list so that links do not carry the schemas.
const KINDS: readonly AssistantAboutKind[] = ['crop', 'animal', 'alert', 'supply'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The assistant, asked about a record and/or with a question written in. */
export function assistantPath(ask: { about?: About | null; q?: string } = {}): string {
  const parts = [
    // A kind and a UUID need no escaping: the link reads as about=crop:<id>.
    ...(ask.about ? [`about=${ask.about.kind}:${encodeURIComponent(ask.about.id)}`] : []),
    ...(ask.q ? [`q=${encodeURIComponent(ask.q)}`] : []),
  ];
  return parts.length ? `${paths.assistant}?${parts.join('&')}` : paths.assistant;
}

/** `?about=crop:<id>` read back; anything else (a kind we do not know, a broken id) is nothing. */
export function parseAbout(value: string | null): About | null {
  if (!value) return null;
  const at = value.indexOf(':');
  const kind = value.slice(0, at) as AssistantAboutKind;
  const id = value.slice(at + 1);
  return at > 0 && KINDS.includes(kind) && UUID.test(id) ? { kind, id } : null;
}
