import { createRoute, z } from '@hono/zod-openapi';
import {
  AdminDisputeSchema,
  AnswerDisputeInputSchema,
  DecideDisputeInputSchema,
  DisputePageSchema,
  OpenDisputeInputSchema,
  OrderSchema,
} from '@gona/shared/marketplace';
import { PageQuerySchema } from '@gona/shared/pagination';
import { ErrorBodySchema } from '@gona/shared';
import { FileQuerySchema, FileSchema, UploadFileFormSchema } from '@gona/shared/files';
import { requireFarm, requireSession } from '../../lib/auth-guard';
import { ctxOf, farmCtxOf } from '../../lib/http-context';
import { ErrorResponses, createRouter, farmParamsWith, jsonBody, jsonContent } from '../../lib/openapi';
import { requireAdmin } from './admin-guard';
import { fileResponse, limitUpload } from '../../lib/file-http';
import { openAdminDisputePhoto, openBuyerDisputePhoto, uploadDisputePhoto } from './dispute-photos.service';
import { answerDispute, decideDispute, getDispute, listDisputes, openDispute } from './disputes.service';

const OrderParams = z.object({ orderId: z.uuid() });
const DisputeParams = z.object({ disputeId: z.uuid() });
const OrderPhotoParams = z.object({ orderId: z.uuid(), fileId: z.uuid() });
const DisputePhotoParams = z.object({ disputeId: z.uuid(), fileId: z.uuid() });
const DisputePhotoFormSchema = UploadFileFormSchema.pick({ file: true, id: true });

/** The buyer's dispute photo upload, which sets its own body limit instead of the app's 1 MB (app.ts). */
export const DISPUTE_PHOTO_UPLOAD_PATH = '/api/marketplace/orders/:orderId/dispute/photos';

/** A dispute's photo is kept by the reader's browser only; it never changes at its address. */
const PHOTO_CACHE = `private, max-age=${7 * 24 * 60 * 60}, immutable`;

const photoResponses = {
  200: { description: 'The photo’s bytes (image/webp)' },
  304: { description: 'Not modified: the copy the caller has is current' },
  ...ErrorResponses,
};

/**
 * Disputes: the buyer reports a problem (/api/marketplace/orders/{id}/dispute), the selling farm
 * answers (/api/farms/{farmId}/orders/{id}/dispute/answer, owners and managers), and Gona's staff
 * read the queue and decide (/api/admin/disputes).
 */
export const disputesRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/marketplace/orders/{orderId}/dispute',
      tags: ['Marketplace'],
      summary:
        'Report a problem with my dispatched or delivered order before it completes: the money stays held until Gona decides; the seller has 48 hours to answer',
      middleware: [requireSession] as const,
      request: { params: OrderParams, ...jsonBody(OpenDisputeInputSchema) },
      responses: { 200: jsonContent(OrderSchema, 'The disputed order'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(await openDispute(ctxOf(c), c.req.valid('param').orderId, c.req.valid('json'), c.var.deps), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/marketplace/orders/{orderId}/dispute/photos',
      tags: ['Marketplace'],
      summary:
        'Add a photo to the problem I am reporting with my dispatched or delivered order (JPEG, PNG, WebP; stored as WebP, metadata removed). Send its id with the report.',
      middleware: [requireSession, limitUpload] as const,
      request: {
        params: OrderParams,
        body: { content: { 'multipart/form-data': { schema: DisputePhotoFormSchema } }, required: true },
      },
      responses: {
        201: jsonContent(FileSchema, 'The stored photo (the first one again when its id was sent before)'),
        413: jsonContent(ErrorBodySchema, 'PAYLOAD_TOO_LARGE: the photo is over UPLOAD_MAX_BYTES'),
        ...ErrorResponses,
      },
    }),
    async (c) =>
      c.json(
        await uploadDisputePhoto(ctxOf(c), c.req.valid('param').orderId, c.req.valid('form'), c.var.deps),
        201,
      ),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/marketplace/orders/{orderId}/dispute/photos/{fileId}',
      tags: ['Marketplace'],
      summary:
        'A photo of the problem reported with my order, mine or the farm’s (?size=thumb for its thumbnail)',
      middleware: [requireSession] as const,
      request: { params: OrderPhotoParams, query: FileQuerySchema },
      responses: photoResponses,
    }),
    async (c) => {
      const { orderId, fileId } = c.req.valid('param');
      const file = await openBuyerDisputePhoto(
        ctxOf(c),
        orderId,
        { fileId, ...c.req.valid('query'), ifNoneMatch: c.req.header('if-none-match') },
        c.var.deps,
      );
      return fileResponse(file, PHOTO_CACHE);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/orders/{orderId}/dispute/answer',
      tags: ['Marketplace'],
      summary: "Answer the buyer's problem with an order (once, within 48 hours)",
      middleware: [requireFarm('marketplace.sell')] as const,
      request: { params: farmParamsWith('orderId'), ...jsonBody(AnswerDisputeInputSchema) },
      responses: { 200: jsonContent(OrderSchema, 'The order with the answer'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(
        await answerDispute(farmCtxOf(c), c.req.valid('param').orderId, c.req.valid('json'), c.var.deps),
        200,
      ),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/disputes',
      tags: ['Admin'],
      summary: 'Disputes to decide (open and answered first, oldest first), then decided ones',
      middleware: [requireAdmin] as const,
      request: { query: PageQuerySchema },
      responses: { 200: jsonContent(DisputePageSchema, 'A page of disputes'), ...ErrorResponses },
    }),
    async (c) => c.json(await listDisputes(ctxOf(c), c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/disputes/{disputeId}',
      tags: ['Admin'],
      summary: "A dispute: the order and both sides' words",
      middleware: [requireAdmin] as const,
      request: { params: DisputeParams },
      responses: { 200: jsonContent(AdminDisputeSchema, 'The dispute'), ...ErrorResponses },
    }),
    async (c) => c.json(await getDispute(ctxOf(c), c.req.valid('param').disputeId, c.var.deps.now()), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/disputes/{disputeId}/photos/{fileId}',
      tags: ['Admin'],
      summary: 'A photo of a dispute, from either side (?size=thumb for its thumbnail)',
      middleware: [requireAdmin] as const,
      request: { params: DisputePhotoParams, query: FileQuerySchema },
      responses: photoResponses,
    }),
    async (c) => {
      const { disputeId, fileId } = c.req.valid('param');
      const file = await openAdminDisputePhoto(c.var.deps, disputeId, fileId, {
        ...c.req.valid('query'),
        ifNoneMatch: c.req.header('if-none-match'),
      });
      return fileResponse(file, PHOTO_CACHE);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/disputes/{disputeId}/decide',
      tags: ['Admin'],
      summary:
        'Decide a dispute: release the money to the farm, refund part of it (the order completes for the rest), or refund all of it (the order is cancelled)',
      middleware: [requireAdmin] as const,
      request: { params: DisputeParams, ...jsonBody(DecideDisputeInputSchema) },
      responses: { 200: jsonContent(AdminDisputeSchema, 'The decided dispute'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(
        await decideDispute(ctxOf(c), c.req.valid('param').disputeId, c.req.valid('json'), c.var.deps),
        200,
      ),
  );
