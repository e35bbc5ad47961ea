import type { AskInput, AskResult } from '@gona/shared/assistant';
import { DEFAULT_ERROR_MESSAGE } from '@gona/shared/error-codes';
import { ApiError, readApiResponse } from '@/lib/http';
import { assistantApiPath } from './keys';

type AskOptions = {
  /** Each piece of the answer as the model writes it (a preview: the final answer replaces it). */
  onDelta?: (text: string) => void;
  signal?: AbortSignal;
};

/**
 * Asks a question. With a language model the server streams the answer (server-sent events: delta
 * pieces, then `done` with the checked answer, or `error`); without one it answers JSON at once.
 * Errors come back as ApiError, as from apiFetch.
 */
export async function askAssistant(
  farmId: string,
  input: AskInput,
  { onDelta, signal }: AskOptions = {},
): Promise<AskResult> {
  let response: Response;
  try {
    response = await fetch(`${assistantApiPath(farmId)}/ask`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'text/event-stream', 'Content-Type': 'application/json' },
      body: JSON.stringify(input),
      ...(signal ? { signal } : {}),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Network request failed');
  }
  const streamed = response.headers.get('Content-Type')?.startsWith('text/event-stream');
  if (!response.ok || !streamed || !response.body) return readApiResponse<AskResult>(response);
  return readEvents(response.body, onDelta);
}

type ServerEvent = { event: string; data: string };

async function readEvents(
  body: ReadableStream<Uint8Array>,
  onDelta?: (text: string) => void,
): Promise<AskResult> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      throw new ApiError(0, 'NETWORK', 'The answer was cut off');
    }
    // Line ends may be \r\n or \r; a \r at the very end may be the first half of a \r\n.
    buffer = (buffer + decoder.decode(chunk.value, { stream: !chunk.done })).replace(/\r\n|\r(?!$)/g, '\n');
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const event = parseEvent(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      if (event.event === 'delta') onDelta?.(readDelta(event.data));
      if (event.event === 'done') {
        void reader.cancel().catch(() => undefined);
        const result = parseJson(event.data);
        if (!isRecord(result)) throw new ApiError(500, 'INTERNAL', DEFAULT_ERROR_MESSAGE.INTERNAL);
        return result as AskResult;
      }
      if (event.event === 'error') throw new ApiError(500, 'INTERNAL', readMessage(event.data));
    }
    if (chunk.done) throw new ApiError(0, 'NETWORK', 'The answer was cut off');
  }
}

/** One event's lines: `event:` names it, `data:` lines join with new lines, comments are skipped. */
function parseEvent(block: string): ServerEvent {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    const colon = line.indexOf(':');
    if (colon === 0) continue;
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    if (field === 'data') data.push(value);
  }
  return { event, data: data.join('\n') };
}

function readDelta(data: string): string {
  const value = parseJson(data);
  return isRecord(value) && typeof value.text === 'string' ? value.text : '';
}

function readMessage(data: string): string {
  const value = parseJson(data);
  return isRecord(value) && typeof value.message === 'string' && value.message
    ? value.message
    : DEFAULT_ERROR_MESSAGE.INTERNAL;
}

function parseJson(data: string): unknown {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
