import { createRoute } from '@hono/zod-openapi';
import {
  CancelSubscriptionSchema,
  CheckoutSchema,
  ChooseActiveWorkersSchema,
  StartCheckoutSchema,
  SubscriptionSchema,
  VerifyCheckoutSchema,
} from '@gona/shared/billing';
import { ErrorBodySchema } from '@gona/shared';
import { requireFarm } from '../../lib/auth-guard';
import { farmCtxOf } from '../../lib/http-context';
import {
  ErrorResponses,
  createRouter,
  farmParams,
  farmParamsWith,
  jsonBody,
  jsonContent,
} from '../../lib/openapi';
import {
  cancelSubscription,
  chooseActiveWorkers,
  getSubscription,
  receiptPdf,
  startCheckout,
  verifyCheckout,
} from './billing.service';
import { adminSubscriptionsRoutes } from './admin-subscriptions.routes';

const Unavailable = {
  503: jsonContent(
    ErrorBodySchema,
    'UNAVAILABLE: payments are not available now, or Paystack did not answer',
  ),
} as const;

/** A farm's Gona Pro (docs/decisions/063): owners buy and cancel; managers read. */
export const billingRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/subscription',
      tags: ['Billing'],
      summary:
        "The farm's plan and subscription state, its use of each limit, past payments with receipts and any open checkout (owners and managers)",
      middleware: [requireFarm('billing.read')] as const,
      request: { params: farmParams },
      responses: { 200: jsonContent(SubscriptionSchema, 'The subscription'), ...ErrorResponses },
    }),
    async (c) => c.json(await getSubscription(farmCtxOf(c), c.var.deps), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/subscription/checkout',
      tags: ['Billing'],
      summary:
        "Open Paystack's checkout for a year of Pro, renewing by card or one year by card, bank transfer or USSD (owner). One per farm at a time: a repeat or a second owner gets the same one",
      middleware: [requireFarm('farm.billing')] as const,
      request: { params: farmParams, ...jsonBody(StartCheckoutSchema) },
      responses: {
        200: jsonContent(CheckoutSchema, 'Where to send the owner to pay'),
        ...ErrorResponses,
        ...Unavailable,
      },
    }),
    async (c) => c.json(await startCheckout(farmCtxOf(c), c.req.valid('json'), c.var.deps), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/subscription/verify',
      tags: ['Billing'],
      summary:
        'After the checkout sends the owner back: ask Paystack about the payment and apply it if paid (once, however often asked)',
      middleware: [requireFarm('farm.billing')] as const,
      request: { params: farmParams, ...jsonBody(VerifyCheckoutSchema) },
      responses: {
        200: jsonContent(SubscriptionSchema, 'The subscription as it stands'),
        ...ErrorResponses,
        ...Unavailable,
      },
    }),
    async (c) => c.json(await verifyCheckout(farmCtxOf(c), c.req.valid('json'), c.var.deps), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/subscription/cancel',
      tags: ['Billing'],
      summary:
        'Stop the card subscription renewing (owner): Pro stays until the end of the paid year; nothing is refunded',
      middleware: [requireFarm('farm.billing')] as const,
      request: { params: farmParams, ...jsonBody(CancelSubscriptionSchema) },
      responses: {
        200: jsonContent(SubscriptionSchema, 'The subscription, not renewing'),
        ...ErrorResponses,
        ...Unavailable,
      },
    }),
    async (c) => c.json(await cancelSubscription(farmCtxOf(c), c.req.valid('json'), c.var.deps), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/subscription/active-workers',
      tags: ['Billing'],
      summary:
        'On Free after Pro ended: choose the workers who stay active (at most 10); the others are kept, inactive (owner)',
      middleware: [requireFarm('farm.billing')] as const,
      request: { params: farmParams, ...jsonBody(ChooseActiveWorkersSchema) },
      responses: {
        200: jsonContent(SubscriptionSchema, 'The subscription and its workers'),
        ...ErrorResponses,
      },
    }),
    async (c) => c.json(await chooseActiveWorkers(farmCtxOf(c), c.req.valid('json'), c.var.deps), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/subscription/receipts/{paymentId}',
      tags: ['Billing'],
      summary: "A payment's receipt as a PDF (owners and managers)",
      middleware: [requireFarm('billing.read')] as const,
      request: { params: farmParamsWith('paymentId') },
      responses: {
        200: {
          description: 'The receipt, application/pdf, named after its number',
          content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
        },
        ...ErrorResponses,
      },
    }),
    async (c) => {
      const { bytes, filename } = await receiptPdf(farmCtxOf(c), c.req.valid('param').paymentId, c.var.deps);
      return new Response(new Uint8Array(bytes), {
        status: 200,
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': `inline; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
          'content-length': String(bytes.length),
          'cache-control': 'no-store',
        },
      });
    },
  );

/** Billing under /api: the farm's subscription and the back office's subscriptions. */
export const billingFeatureRoutes = createRouter()
  .route('/', billingRoutes)
  .route('/', adminSubscriptionsRoutes);
