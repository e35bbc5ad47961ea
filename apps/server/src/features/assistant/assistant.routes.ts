import { createRoute, z } from '@hono/zod-openapi';
import { streamSSE } from 'hono/streaming';
import {
  AskInputSchema,
  AskResultSchema,
  AssistantMessageSchema,
  ConversationDetailSchema,
  ConversationPageSchema,
  FeedbackInputSchema,
} from '@gona/shared/assistant';
import { DEFAULT_ERROR_MESSAGE } from '@gona/shared';
import { PageQuerySchema } from '@gona/shared/pagination';
import { requireFarm } from '../../lib/auth-guard';
import { AppError } from '../../lib/errors';
import { farmCtxOf } from '../../lib/http-context';
import {
  ErrorResponses,
  PlanLimitResponse,
  createRouter,
  farmParams,
  farmParamsWith,
  jsonBody,
  jsonContent,
} from '../../lib/openapi';
import {
  deleteConversation,
  getConversation,
  giveFeedback,
  listConversations,
  startAsk,
} from './assistant.service';

const ConversationParams = farmParamsWith('conversationId');
const MessageParams = farmParamsWith('messageId');

/**
 * The farming assistant under /api/farms/{farmId}/assistant. Any member may ask (a worker's answers
 * hold no money); each person's conversations are their own. With `Accept: text/event-stream` the
 * answer streams as server-sent events: `delta` {text} while it is written (a preview), then `done`
 * with the AskResult, whose checked text is the answer; `error` {message} if it fails after starting.
 */
export const assistantRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/assistant/ask',
      tags: ['Assistant'],
      summary:
        'Ask the farming assistant; counted against the Free plan’s monthly questions. Streams with Accept: text/event-stream',
      middleware: [requireFarm('records.read')] as const,
      request: { params: farmParams, ...jsonBody(AskInputSchema) },
      responses: {
        200: {
          description:
            'The question and its answer; or, streamed, events delta {text}, then done (the AskResult) or error {message}',
          content: {
            'application/json': { schema: AskResultSchema },
            'text/event-stream': { schema: z.string() },
          },
        },
        ...ErrorResponses,
        ...PlanLimitResponse,
      },
    }),
    async (c) => {
      const { deps } = c.var;
      const asking = await startAsk(deps, farmCtxOf(c), c.req.valid('json'), { signal: c.req.raw.signal });
      if (!wantsStream(c.req.header('accept'))) return c.json(await asking.answer(), 200);
      return streamSSE(c, async (stream) => {
        try {
          const result = await asking.answer({
            onText: (text) => stream.writeSSE({ event: 'delta', data: JSON.stringify({ text }) }),
          });
          await stream.writeSSE({ event: 'done', data: JSON.stringify(result) });
        } catch (error) {
          if (!(error instanceof AppError)) deps.logger.error('Assistant: the answer failed', error);
          const message = error instanceof AppError ? error.message : DEFAULT_ERROR_MESSAGE.INTERNAL;
          await stream.writeSSE({ event: 'error', data: JSON.stringify({ message }) });
        }
      });
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/assistant/conversations',
      tags: ['Assistant'],
      summary: 'My conversations with the assistant on this farm, the one last asked in first',
      middleware: [requireFarm('records.read')] as const,
      request: { params: farmParams, query: PageQuerySchema },
      responses: { 200: jsonContent(ConversationPageSchema, 'A page of conversations'), ...ErrorResponses },
    }),
    async (c) => c.json(await listConversations(farmCtxOf(c), c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/assistant/conversations/{conversationId}',
      tags: ['Assistant'],
      summary: 'One of my conversations with its questions and answers',
      middleware: [requireFarm('records.read')] as const,
      request: { params: ConversationParams },
      responses: { 200: jsonContent(ConversationDetailSchema, 'The conversation'), ...ErrorResponses },
    }),
    async (c) => c.json(await getConversation(farmCtxOf(c), c.req.valid('param').conversationId), 200),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/farms/{farmId}/assistant/conversations/{conversationId}',
      tags: ['Assistant'],
      summary: 'Delete one of my conversations (its questions stay counted for the month)',
      middleware: [requireFarm('records.read')] as const,
      request: { params: ConversationParams },
      responses: { 204: { description: 'Deleted' }, ...ErrorResponses },
    }),
    async (c) => {
      await deleteConversation(farmCtxOf(c), c.req.valid('param').conversationId);
      return c.body(null, 204);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/assistant/messages/{messageId}/feedback',
      tags: ['Assistant'],
      summary: 'Say whether one of my answers helped, with a reason',
      middleware: [requireFarm('records.read')] as const,
      request: { params: MessageParams, ...jsonBody(FeedbackInputSchema) },
      responses: {
        200: jsonContent(AssistantMessageSchema, 'The answer with its feedback'),
        ...ErrorResponses,
      },
    }),
    async (c) =>
      c.json(
        await giveFeedback(c.var.deps, farmCtxOf(c), c.req.valid('param').messageId, c.req.valid('json')),
        200,
      ),
  );

function wantsStream(accept: string | undefined): boolean {
  return accept?.split(',').some((part) => part.trim().startsWith('text/event-stream')) ?? false;
}
