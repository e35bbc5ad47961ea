import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for an OpenAI-compatible server (what Ollama, vLLM and llama.cpp speak): POST
 * /v1/chat/completions, streamed as server-sent `chat.completion.chunk`s ending in `[DONE]` (tool
 * calls in fragments keyed by index, as real servers send them) or answered whole, and GET
 * /v1/models. It does not think: what it writes depends on the scenario a test chooses.
 *
 * - faithful: repeats the first two numbered facts of the system prompt, each citing [n].
 * - invents_dose: the same, then a sentence with a dose no fact gives (INVENTED_DOSE).
 * - tool_call: first calls get_crops; once the tool's answer comes back, writes from it and the facts.
 * - slow: answers only after `slowMs` (longer than the assistant waits).
 * - failing: answers 500 with an error body.
 *
 * Tests start it on a free port and read `requests` (what the assistant sent it); developers run it
 * with `npm run llm:fake -w @gona/server -- <port> [scenario]` and point LLM_BASE_URL at it.
 */
export const FAKE_SCENARIOS = ['faithful', 'invents_dose', 'tool_call', 'slow', 'failing'] as const;
export type FakeScenario = (typeof FAKE_SCENARIOS)[number];

/** The sentence the invents_dose scenario adds: 17 is in no fact. */
export const INVENTED_DOSE = 'Apply 17 bags of NPK per hectare every week.';
export const FAKE_MODEL = 'gona-fake-model';

type WireMessage = {
  role: string;
  content?: string | null;
  tool_call_id?: string;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
};

/** A request body as the fake received it. */
export type FakeChatRequest = {
  model: string;
  stream?: boolean;
  messages: WireMessage[];
  tools?: { type: string; function: { name: string; description?: string; parameters?: unknown } }[];
};

export type FakeOpenAi = {
  /** The base URL to configure (LLM_BASE_URL), ending in /v1. */
  url: string;
  model: string;
  /** Every chat request received, oldest first. */
  requests: FakeChatRequest[];
  scenario: (next: FakeScenario) => void;
  close: () => Promise<void>;
};

export async function startFakeOpenAi(
  options: { port?: number; scenario?: FakeScenario; slowMs?: number } = {},
): Promise<FakeOpenAi> {
  let scenario: FakeScenario = options.scenario ?? 'faithful';
  const slowMs = options.slowMs ?? 5_000;
  const requests: FakeChatRequest[] = [];
  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) send(res, 500, { error: { message: String(err), type: 'server_error' } });
      else res.end();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && path === '/v1/models') {
      send(res, 200, { object: 'list', data: [{ id: FAKE_MODEL, object: 'model', owned_by: 'gona' }] });
      return;
    }
    if (req.method !== 'POST' || path !== '/v1/chat/completions') {
      send(res, 404, {
        error: { message: `Unknown route ${req.method} ${path}`, type: 'invalid_request_error' },
      });
      return;
    }
    let body: FakeChatRequest;
    try {
      body = JSON.parse(await readBody(req)) as FakeChatRequest;
    } catch {
      send(res, 400, { error: { message: 'The body is not JSON', type: 'invalid_request_error' } });
      return;
    }
    if (!Array.isArray(body.messages)) {
      send(res, 400, { error: { message: 'messages is required', type: 'invalid_request_error' } });
      return;
    }
    requests.push(body);
    const current = scenario;
    if (current === 'failing') {
      send(res, 500, { error: { message: 'The model could not be loaded', type: 'server_error' } });
      return;
    }
    if (current === 'slow') {
      const gaveUp = await waitOrClose(req, slowMs);
      if (gaveUp) return;
    }
    const reply = replyTo(current, body);
    if (body.stream) streamReply(res, body.model, reply);
    else send(res, 200, wholeReply(body.model, reply));
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    model: FAKE_MODEL,
    requests,
    scenario: (next) => void (scenario = next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Reply = { text: string } | { toolCall: { name: string; arguments: string } };

function replyTo(scenario: FakeScenario, body: FakeChatRequest): Reply {
  const system = body.messages.find((message) => message.role === 'system')?.content ?? '';
  const facts = numberedFacts(system);
  const toolAnswer = body.messages.findLast((message) => message.role === 'tool')?.content ?? null;
  if (scenario === 'tool_call' && toolAnswer === null) {
    const tool = body.tools?.find((candidate) => candidate.function.name === 'get_crops');
    if (tool) return { toolCall: { name: 'get_crops', arguments: '{}' } };
  }
  const sentences = facts.slice(0, 2).map((fact) => `${fact.text} [${fact.n}]`);
  if (toolAnswer !== null) sentences.unshift(`From your farm records: ${firstLine(toolAnswer)}.`);
  if (sentences.length === 0) sentences.push("I don't know this one. Ask an extension officer.");
  if (scenario === 'invents_dose') sentences.push(INVENTED_DOSE);
  return { text: sentences.join(' ') };
}

/** The lines "[n] …" of the system prompt, each without its closing "— source: …". */
function numberedFacts(system: string): { n: number; text: string }[] {
  const facts: { n: number; text: string }[] = [];
  for (const match of system.matchAll(/^\[(\d+)\] (.+)$/gm)) {
    const text = match[2]!.replace(/\s+— source: .*$/, '').trim();
    facts.push({ n: Number(match[1]), text: /[.!?]$/.test(text) ? text : `${text}.` });
  }
  return facts;
}

function firstLine(text: string): string {
  return (text.split('\n').find((line) => line.trim()) ?? '').trim().replace(/[.]+$/, '');
}

function streamReply(res: ServerResponse, model: string, reply: Reply): void {
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  const id = `chatcmpl-${randomBytes(6).toString('hex')}`;
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
    res.write(
      `data: ${JSON.stringify({
        id,
        object: 'chat.completion.chunk',
        created,
        model,
        choices: [{ index: 0, delta, finish_reason: finish }],
      })}\n\n`,
    );
  if ('toolCall' in reply) {
    const callId = `call_${randomBytes(6).toString('hex')}`;
    chunk({ role: 'assistant', content: null });
    chunk({
      tool_calls: [
        { index: 0, id: callId, type: 'function', function: { name: reply.toolCall.name, arguments: '' } },
      ],
    });
    // The arguments in pieces, as servers send them.
    for (const piece of reply.toolCall.arguments.match(/.{1,1}/gs) ?? [])
      chunk({ tool_calls: [{ index: 0, function: { arguments: piece } }] });
    chunk({}, 'tool_calls');
  } else {
    chunk({ role: 'assistant', content: '' });
    for (const piece of reply.text.match(/.{1,16}/gs) ?? []) chunk({ content: piece });
    chunk({}, 'stop');
  }
  res.end('data: [DONE]\n\n');
}

function wholeReply(model: string, reply: Reply) {
  const message =
    'toolCall' in reply
      ? {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: `call_${randomBytes(6).toString('hex')}`,
              type: 'function',
              function: reply.toolCall,
            },
          ],
        }
      : { role: 'assistant', content: reply.text };
  return {
    id: `chatcmpl-${randomBytes(6).toString('hex')}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message, finish_reason: 'toolCall' in reply ? 'tool_calls' : 'stop' }],
    usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
  };
}

/** Waits `ms`, or answers true as soon as the client hangs up. */
function waitOrClose(req: IncomingMessage, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    req.socket.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
