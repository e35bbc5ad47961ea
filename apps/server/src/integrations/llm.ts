import OpenAI from 'openai';
import type { LlmConfig } from '../config';

/**
 * A language model behind any OpenAI-compatible chat completions API (Ollama, vLLM, llama.cpp's
 * server, a hosted one; the repository's fake in tests and offline development). The assistant
 * gives it the retrieved facts and lets it phrase them; it may ask for farm records with tools.
 */
export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string; tool_calls?: ToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export type ToolCall = { id: string; name: string; arguments: string };

/** A tool the model may call: a name, what it does, and its arguments as JSON Schema. */
export type ToolDefinition = { name: string; description: string; parameters: Record<string, unknown> };

export type ChatRequest = {
  messages: ChatMessage[];
  tools?: ToolDefinition[];
  signal?: AbortSignal;
  /** Each piece of text as the model writes it. */
  onText?: (text: string) => void | Promise<void>;
};

/** What the model wrote, or the tools it wants answered before it writes. */
export type ChatAnswer = { text: string; toolCalls: ToolCall[] };

export interface LanguageModel {
  /** The model's name, as answers record who phrased them. */
  readonly model: string;
  readonly timeoutMs: number;
  chat(request: ChatRequest): Promise<ChatAnswer>;
}

/** The model LLM_* configures, or null: the assistant answers from its facts alone. */
export function createLanguageModel(config: LlmConfig | null): LanguageModel | null {
  if (!config) return null;
  const client = new OpenAI({
    baseURL: config.baseUrl,
    // Local servers ignore the key, but the client insists on one.
    apiKey: config.apiKey ?? 'none',
    organization: null,
    project: null,
    // The assistant falls back to its facts at once; a retry would only keep the farmer waiting.
    maxRetries: 0,
    timeout: config.timeoutMs,
  });
  return {
    model: config.model,
    timeoutMs: config.timeoutMs,
    async chat({ messages, tools, signal, onText }) {
      const stream = await client.chat.completions.create(
        {
          model: config.model,
          stream: true,
          temperature: 0.2,
          messages: messages.map(toWire),
          ...(tools?.length
            ? {
                tools: tools.map((tool) => ({
                  type: 'function' as const,
                  function: { name: tool.name, description: tool.description, parameters: tool.parameters },
                })),
              }
            : {}),
        },
        { signal },
      );
      // The raw chunks, not the client's .stream() helper: that one refuses servers that leave out
      // `role`, which several compatible servers do. Tool calls arrive in pieces keyed by index.
      let text = '';
      const calls = new Map<number, ToolCall>();
      for await (const chunk of stream) {
        const delta = chunk.choices[0]?.delta;
        if (!delta) continue;
        if (delta.content) {
          text += delta.content;
          await onText?.(delta.content);
        }
        for (const piece of delta.tool_calls ?? []) {
          const call = calls.get(piece.index) ?? { id: '', name: '', arguments: '' };
          if (piece.id) call.id = piece.id;
          if (piece.function?.name) call.name += piece.function.name;
          if (piece.function?.arguments) call.arguments += piece.function.arguments;
          calls.set(piece.index, call);
        }
      }
      const toolCalls = [...calls.entries()]
        .sort(([a], [b]) => a - b)
        .map(([index, call]) => ({ ...call, id: call.id || `call_${index}` }))
        .filter((call) => call.name);
      return { text, toolCalls };
    },
  };
}

function toWire(message: ChatMessage): OpenAI.Chat.Completions.ChatCompletionMessageParam {
  if (message.role === 'assistant' && message.tool_calls?.length)
    return {
      role: 'assistant',
      content: message.content || null,
      tool_calls: message.tool_calls.map((call) => ({
        id: call.id,
        type: 'function',
        function: { name: call.name, arguments: call.arguments },
      })),
    };
  if (message.role === 'tool')
    return { role: 'tool', tool_call_id: message.tool_call_id, content: message.content };
  return { role: message.role, content: message.content };
}
