import { createRoute, z } from '@hono/zod-openapi';
import { FileQuerySchema } from '@gona/shared/files';
import { PageQuerySchema } from '@gona/shared/pagination';
import {
  AdminSupportPageSchema,
  AdminSupportQuerySchema,
  AdminSupportReplyInputSchema,
  AdminSupportRequestSchema,
  AdminSupportUpdateInputSchema,
  CreateSupportRequestInputSchema,
  SavedReplyInputSchema,
  SavedReplyListSchema,
  SavedReplySchema,
  SupportReplyInputSchema,
  SupportRequestPageSchema,
  SupportRequestSchema,
} from '@gona/shared/support';
import { requireAdmin, requireSession } from '../../lib/auth-guard';
import { fileResponse } from '../../lib/file-http';
import { ctxOf } from '../../lib/http-context';
import { ErrorResponses, createRouter, jsonBody, jsonContent } from '../../lib/openapi';
import {
  createSavedReply,
  deleteSavedReply,
  getSupportRequestForAdmin,
  listSavedReplies,
  listSupportQueue,
  openSupportFileAsAdmin,
  replyAsSupport,
  updateSupportRequest,
} from './admin-support.service';
import {
  createSupportRequest,
  getMySupportRequest,
  listMySupportRequests,
  openMySupportFile,
  replyToSupportRequest,
} from './support.service';

const RequestParams = z.object({ requestId: z.uuid('Request not found') });
const FileParams = RequestParams.extend({ fileId: z.uuid('File not found') });
const SavedReplyParams = z.object({ replyId: z.uuid('Saved reply not found') });

/** An attachment is kept by the reader's browser only; it never changes at its address. */
const FILE_CACHE = `private, max-age=${7 * 24 * 60 * 60}, immutable`;
const fileResponses = {
  200: { description: 'The file’s bytes (a WebP photo or a PDF)' },
  304: { description: 'Not modified: the copy the caller has is current' },
  ...ErrorResponses,
};

/**
 * Support requests (docs/decisions/065): a person's own at /api/support (signed in, any role),
 * Gona's staff at /api/admin/support.
 */
export const supportRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/support/requests',
      tags: ['Support'],
      summary: 'My support requests, newest first',
      middleware: [requireSession] as const,
      request: { query: PageQuerySchema },
      responses: { 200: jsonContent(SupportRequestPageSchema, 'A page of my requests'), ...ErrorResponses },
    }),
    async (c) => c.json(await listMySupportRequests(ctxOf(c), c.req.valid('query'), c.var.deps), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/support/requests',
      tags: ['Support'],
      summary:
        'Ask Gona for help: a topic, the farm and order or listing it is about, a description and photos uploaded to the farm (kind support); a Pro farm’s request is priority',
      middleware: [requireSession] as const,
      request: jsonBody(CreateSupportRequestInputSchema),
      responses: {
        201: jsonContent(SupportRequestSchema, 'The new request'),
        200: jsonContent(SupportRequestSchema, 'The same request, sent again'),
        ...ErrorResponses,
      },
    }),
    async (c) => {
      const { request, replayed } = await createSupportRequest(ctxOf(c), c.req.valid('json'), c.var.deps);
      return replayed ? c.json(request, 200) : c.json(request, 201);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/support/requests/{requestId}',
      tags: ['Support'],
      summary: 'One of my requests with its thread (support’s internal notes are never here)',
      middleware: [requireSession] as const,
      request: { params: RequestParams },
      responses: { 200: jsonContent(SupportRequestSchema, 'The request'), ...ErrorResponses },
    }),
    async (c) => c.json(await getMySupportRequest(ctxOf(c), c.req.valid('param').requestId, c.var.deps), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/support/requests/{requestId}/messages',
      tags: ['Support'],
      summary:
        'Reply in my request (kept once per id); a solved request reopens within 7 days, a closed one asks for a new request',
      middleware: [requireSession] as const,
      request: { params: RequestParams, ...jsonBody(SupportReplyInputSchema) },
      responses: { 200: jsonContent(SupportRequestSchema, 'The request with the reply'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(
        await replyToSupportRequest(
          ctxOf(c),
          c.req.valid('param').requestId,
          c.req.valid('json'),
          c.var.deps,
        ),
        200,
      ),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/support/requests/{requestId}/files/{fileId}',
      tags: ['Support'],
      summary: 'A photo or document of my request',
      middleware: [requireSession] as const,
      request: { params: FileParams, query: FileQuerySchema },
      responses: fileResponses,
    }),
    async (c) => {
      const { requestId, fileId } = c.req.valid('param');
      const file = await openMySupportFile(
        ctxOf(c),
        requestId,
        { fileId, ...c.req.valid('query'), ifNoneMatch: c.req.header('if-none-match') },
        c.var.deps,
      );
      return fileResponse(file, FILE_CACHE);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/support/requests',
      tags: ['Admin'],
      summary:
        'The support queue: priority first, then the oldest; by topic, state, waiting for support, assigned to me, and a search of the subject, the person, their email and farm',
      middleware: [requireAdmin] as const,
      request: { query: AdminSupportQuerySchema },
      responses: { 200: jsonContent(AdminSupportPageSchema, 'A page of requests'), ...ErrorResponses },
    }),
    async (c) => c.json(await listSupportQueue(ctxOf(c), c.req.valid('query'), c.var.deps), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/support/requests/{requestId}',
      tags: ['Admin'],
      summary:
        'One request with its thread and internal notes, the person’s farm, plan, recent orders and disputes',
      middleware: [requireAdmin] as const,
      request: { params: RequestParams },
      responses: { 200: jsonContent(AdminSupportRequestSchema, 'The request'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(await getSupportRequestForAdmin(ctxOf(c), c.req.valid('param').requestId, c.var.deps), 200),
  )
  .openapi(
    createRoute({
      method: 'patch',
      path: '/admin/support/requests/{requestId}',
      tags: ['Admin'],
      summary: 'Assign a request (or nobody) and set its state, at the version read',
      middleware: [requireAdmin] as const,
      request: { params: RequestParams, ...jsonBody(AdminSupportUpdateInputSchema) },
      responses: { 200: jsonContent(AdminSupportRequestSchema, 'The request'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(
        await updateSupportRequest(ctxOf(c), c.req.valid('param').requestId, c.req.valid('json'), c.var.deps),
        200,
      ),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/support/requests/{requestId}/messages',
      tags: ['Admin'],
      summary:
        'Answer the person (they are told once, in the app, by push and mail) or write an internal note they never see',
      middleware: [requireAdmin] as const,
      request: { params: RequestParams, ...jsonBody(AdminSupportReplyInputSchema) },
      responses: { 200: jsonContent(AdminSupportRequestSchema, 'The request'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(
        await replyAsSupport(ctxOf(c), c.req.valid('param').requestId, c.req.valid('json'), c.var.deps),
        200,
      ),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/support/requests/{requestId}/files/{fileId}',
      tags: ['Admin'],
      summary: 'A photo or document of a request: the only files of a farm support reads',
      middleware: [requireAdmin] as const,
      request: { params: FileParams, query: FileQuerySchema },
      responses: fileResponses,
    }),
    async (c) => {
      const { requestId, fileId } = c.req.valid('param');
      const file = await openSupportFileAsAdmin(
        ctxOf(c),
        requestId,
        { fileId, ...c.req.valid('query'), ifNoneMatch: c.req.header('if-none-match') },
        c.var.deps,
      );
      return fileResponse(file, FILE_CACHE);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/support/saved-replies',
      tags: ['Admin'],
      summary: 'Support’s saved replies, by name',
      middleware: [requireAdmin] as const,
      responses: { 200: jsonContent(SavedReplyListSchema, 'The saved replies'), ...ErrorResponses },
    }),
    async (c) => c.json(await listSavedReplies(ctxOf(c)), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/support/saved-replies',
      tags: ['Admin'],
      summary: 'Save a reply for later',
      middleware: [requireAdmin] as const,
      request: jsonBody(SavedReplyInputSchema),
      responses: { 201: jsonContent(SavedReplySchema, 'The saved reply'), ...ErrorResponses },
    }),
    async (c) => c.json(await createSavedReply(ctxOf(c), c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/admin/support/saved-replies/{replyId}',
      tags: ['Admin'],
      summary: 'Remove a saved reply',
      middleware: [requireAdmin] as const,
      request: { params: SavedReplyParams },
      responses: { 204: { description: 'Removed' }, ...ErrorResponses },
    }),
    async (c) => {
      await deleteSavedReply(ctxOf(c), c.req.valid('param').replyId);
      return c.body(null, 204);
    },
  );
