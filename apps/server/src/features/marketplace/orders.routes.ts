import { createRoute, z } from '@hono/zod-openapi';
import {
  DecideOrderInputSchema,
  DeliverOrderInputSchema,
  DispatchOrderInputSchema,
  OrderPageSchema,
  OrderPaymentSchema,
  OrderSchema,
  PlaceOrderInputSchema,
  ReceiveOrderInputSchema,
} from '@gona/shared/marketplace';
import { PageQuerySchema } from '@gona/shared/pagination';
import { requireFarm, requireSession } from '../../lib/auth-guard';
import { ctxOf, farmCtxOf } from '../../lib/http-context';
import {
  ErrorResponses,
  createRouter,
  farmParams,
  farmParamsWith,
  jsonBody,
  jsonContent,
} from '../../lib/openapi';
import {
  cancelMyOrder,
  getMyOrder,
  listMyOrders,
  placeOrder,
  receiveOrder,
  releaseMyOrder,
} from './buyer-orders.service';
import {
  decideOrder,
  deliverOrder,
  dispatchOrder,
  getFarmOrder,
  listFarmOrders,
} from './seller-orders.service';
import { payOrder } from './order-payments.service';

const OrderParams = z.object({ orderId: z.uuid() });
const FarmOrderParams = farmParamsWith('orderId');

/**
 * Marketplace orders: a buyer's own under /api/marketplace/orders (anyone signed in, with or
 * without a farm: they pay, cancel, and confirm receipt), and a selling farm's under
 * /api/farms/{farmId}/orders (owners, managers and viewers read; owners and managers accept or
 * decline, dispatch, and record the delivery with the buyer's code).
 */
export const ordersRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/marketplace/orders',
      tags: ['Marketplace'],
      summary:
        'Order a listing: the quantity is reserved for 30 minutes while it is paid; the same id again answers the same order',
      middleware: [requireSession] as const,
      request: jsonBody(PlaceOrderInputSchema),
      responses: {
        200: jsonContent(OrderSchema, 'The order this id placed before'),
        201: jsonContent(OrderSchema, 'The order, waiting for payment'),
        ...ErrorResponses,
      },
    }),
    async (c) => {
      const { order, created } = await placeOrder(ctxOf(c), c.req.valid('json'), c.var.deps);
      return created ? c.json(order, 201) : c.json(order, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/marketplace/orders',
      tags: ['Marketplace'],
      summary: 'The orders I placed, newest first',
      middleware: [requireSession] as const,
      request: { query: PageQuerySchema },
      responses: { 200: jsonContent(OrderPageSchema, 'A page of my orders'), ...ErrorResponses },
    }),
    async (c) => c.json(await listMyOrders(ctxOf(c), c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/marketplace/orders/{orderId}',
      tags: ['Marketplace'],
      summary: 'One of my orders, with where it stands (the payment return page reads this)',
      middleware: [requireSession] as const,
      request: { params: OrderParams },
      responses: { 200: jsonContent(OrderSchema, 'The order'), ...ErrorResponses },
    }),
    async (c) => c.json(await getMyOrder(ctxOf(c), c.req.valid('param').orderId), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/marketplace/orders/{orderId}/pay',
      tags: ['Marketplace'],
      summary:
        'Start paying a placed order: answers the checkout page to send the browser to (paid only when the payment event is verified)',
      middleware: [requireSession] as const,
      request: { params: OrderParams },
      responses: { 200: jsonContent(OrderPaymentSchema, 'Where to pay'), ...ErrorResponses },
    }),
    async (c) => c.json(await payOrder(ctxOf(c), c.req.valid('param').orderId, c.var.deps), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/marketplace/orders/{orderId}/cancel',
      tags: ['Marketplace'],
      summary:
        'Cancel my order: unpaid frees its quantity; paid and not yet accepted, or accepted and not dispatched by its dispatch_by, is refunded in full',
      middleware: [requireSession] as const,
      request: { params: OrderParams },
      responses: { 200: jsonContent(OrderSchema, 'The cancelled order'), ...ErrorResponses },
    }),
    async (c) => c.json(await cancelMyOrder(ctxOf(c), c.req.valid('param').orderId, c.var.deps), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/marketplace/orders/{orderId}/received',
      tags: ['Marketplace'],
      summary:
        'I have received my dispatched order (with the version I saw): delivered in full; it completes by itself after the window for problems',
      middleware: [requireSession] as const,
      request: { params: OrderParams, ...jsonBody(ReceiveOrderInputSchema) },
      responses: { 200: jsonContent(OrderSchema, 'The delivered order'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(
        await receiveOrder(
          ctxOf(c),
          c.req.valid('param').orderId,
          { version: c.req.valid('json').version },
          c.var.deps,
        ),
        200,
      ),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/marketplace/orders/{orderId}/complete',
      tags: ['Marketplace'],
      summary:
        'All is well with my delivered order (with the version I saw): it completes now and the farm is paid, instead of after the window for problems; I can no longer report a problem with it',
      middleware: [requireSession] as const,
      request: { params: OrderParams, ...jsonBody(ReceiveOrderInputSchema) },
      responses: { 200: jsonContent(OrderSchema, 'The completed order'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(
        await releaseMyOrder(
          ctxOf(c),
          c.req.valid('param').orderId,
          { version: c.req.valid('json').version },
          c.var.deps,
        ),
        200,
      ),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/orders',
      tags: ['Marketplace'],
      summary: "The farm's marketplace orders, newest first (the buyer's phone once paid)",
      middleware: [requireFarm('money.read')] as const,
      request: { params: farmParams, query: PageQuerySchema },
      responses: { 200: jsonContent(OrderPageSchema, 'A page of orders'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(await listFarmOrders(farmCtxOf(c), c.req.valid('query'), new Date(c.var.deps.now())), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/orders/{orderId}',
      tags: ['Marketplace'],
      summary: "One of the farm's marketplace orders",
      middleware: [requireFarm('money.read')] as const,
      request: { params: FarmOrderParams },
      responses: { 200: jsonContent(OrderSchema, 'The order'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(await getFarmOrder(farmCtxOf(c), c.req.valid('param').orderId, new Date(c.var.deps.now())), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/orders/{orderId}/accept',
      tags: ['Marketplace'],
      summary: 'Accept a paid order (send the version you saw; stale gets 409); Gona keeps the money held',
      middleware: [requireFarm('marketplace.sell')] as const,
      request: { params: FarmOrderParams, ...jsonBody(DecideOrderInputSchema) },
      responses: { 200: jsonContent(OrderSchema, 'The accepted order'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(
        await decideOrder(
          farmCtxOf(c),
          c.req.valid('param').orderId,
          { decision: 'accepted', version: c.req.valid('json').version },
          c.var.deps,
        ),
        200,
      ),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/orders/{orderId}/decline',
      tags: ['Marketplace'],
      summary:
        'Decline a paid order (with the version you saw): the buyer is refunded in full and the quantity goes back on the listing',
      middleware: [requireFarm('marketplace.sell')] as const,
      request: { params: FarmOrderParams, ...jsonBody(DecideOrderInputSchema) },
      responses: { 200: jsonContent(OrderSchema, 'The declined order'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(
        await decideOrder(
          farmCtxOf(c),
          c.req.valid('param').orderId,
          { decision: 'declined', version: c.req.valid('json').version },
          c.var.deps,
        ),
        200,
      ),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/orders/{orderId}/dispatch',
      tags: ['Marketplace'],
      summary:
        "Dispatch an accepted order (with the version you saw): ready for pickup on a day, or on its way with the driver's name and phone; the buyer gets a delivery code",
      middleware: [requireFarm('marketplace.sell')] as const,
      request: { params: FarmOrderParams, ...jsonBody(DispatchOrderInputSchema) },
      responses: { 200: jsonContent(OrderSchema, 'The dispatched order'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(
        await dispatchOrder(farmCtxOf(c), c.req.valid('param').orderId, c.req.valid('json'), c.var.deps),
        200,
      ),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/orders/{orderId}/deliver',
      tags: ['Marketplace'],
      summary:
        "Record the delivery of a dispatched order with the buyer's code and the quantity delivered (less than ordered refunds the buyer the difference); 5 wrong codes refuse codes for 15 minutes (429)",
      middleware: [requireFarm('marketplace.sell')] as const,
      request: { params: FarmOrderParams, ...jsonBody(DeliverOrderInputSchema) },
      responses: { 200: jsonContent(OrderSchema, 'The delivered order'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(
        await deliverOrder(farmCtxOf(c), c.req.valid('param').orderId, c.req.valid('json'), c.var.deps),
        200,
      ),
  );
