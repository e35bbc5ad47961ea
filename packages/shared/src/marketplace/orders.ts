import { z } from 'zod';
import { SALE_UNITS } from '../finance/constants';
import { pageSchema } from '../pagination/index';
import { normalizeNigerianPhone, PHONE_ADVICE } from '../phone/index';
import { koboForQuantity, milliOf, type Quantity } from '../units/quantity';
import { positiveQuantitySchema, quantityTextSchema } from '../units/quantity-schema';
import { DELIVERY_CODE_LENGTH, DELIVERY_OPTIONS, ORDER_STATUSES, REFUND_STATUSES } from './constants';
import { DisputeSchema } from './disputes';
import { PAYOUT_STATUSES } from './payouts';
import { MyRatingSchema, RatingBriefSchema } from './ratings';

/**
 * Orders of the marketplace: what a buyer sends to order a listing, and what buyers and sellers
 * read back. Amounts are whole kobo; quantities are in the listing's unit (up to 3 decimals), decimal
 * strings both ways (docs/decisions/058, 064).
 */

/** The most one order may ask for, in the listing's unit. */
export const ORDER_QUANTITY_MAX = '1000000000';
/**
 * The refund when less was delivered than ordered: the price of what was short, in whole kobo half
 * up (koboForQuantity); 0 when all came. Quantities are decimal strings, as stored and as read back:
 * the server and the seller's screen work it out the same way.
 */
export function shortRefundKobo(order: {
  unit_price_kobo: number;
  quantity: Quantity;
  delivered_quantity: Quantity | null;
}): number {
  if (order.delivered_quantity === null) return 0;
  const short = milliOf(order.quantity) - milliOf(order.delivered_quantity);
  return short > 0 ? koboForQuantity(order.unit_price_kobo, short) : 0;
}

export const ORDER_NOTE_MAX = 500;
export const ORDER_ADDRESS_MAX = 300;

const text = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} can be at most ${max} characters`)
    .transform((v) => (v === '' ? null : v));

export const PlaceOrderInputSchema = z
  .object({
    /**
     * Made by the device when the buyer first taps "Order and pay" and sent again on a retry or a
     * second tap: the order's id, so one tap never places two orders.
     */
    id: z.uuid({ error: 'Send a new order id' }),
    listing_id: z.uuid({ error: 'Choose a listing' }),
    /** In the listing's unit, a decimal string ("2.5"); a JSON number is still read, exactly (decision 058). */
    quantity: positiveQuantitySchema({
      required: 'Enter a quantity',
      invalid: 'Enter a quantity',
      max: { quantity: ORDER_QUANTITY_MAX, message: 'Enter a smaller quantity' },
    }),
    delivery: z.enum(DELIVERY_OPTIONS, { error: 'Choose pickup or delivery' }),
    buyer_phone: z.string({ error: PHONE_ADVICE }).transform((v, ctx) => {
      const phone = normalizeNigerianPhone(v);
      if (!phone) {
        ctx.addIssue({ code: 'custom', message: PHONE_ADVICE });
        return z.NEVER;
      }
      return phone;
    }),
    delivery_address: text(ORDER_ADDRESS_MAX, 'The address').nullish(),
    note: text(ORDER_NOTE_MAX, 'The note').nullish(),
  })
  .strict();
export type PlaceOrderInput = z.input<typeof PlaceOrderInputSchema>;
export type PlaceOrder = z.output<typeof PlaceOrderInputSchema>;

/** Accepting or declining a paid order, with the version the seller saw. */
export const DecideOrderInputSchema = z
  .object({ version: z.number({ error: 'Send the version you saw' }).int().min(1) })
  .strict();
export type DecideOrderInput = z.infer<typeof DecideOrderInputSchema>;

/**
 * The seller marks an accepted order dispatched: for pickup, the day it is ready; for delivery, the
 * driver (name and phone), the vehicle and the day it should arrive.
 */
export const DispatchOrderInputSchema = z
  .object({
    version: z.number({ error: 'Send the version you saw' }).int().min(1),
    expected_on: z.iso.date({ error: 'Choose the day' }),
    driver_name: text(120, "The driver's name").nullish(),
    driver_phone: z
      .string()
      .nullish()
      .transform((v, ctx) => {
        if (v == null || v.trim() === '') return null;
        const phone = normalizeNigerianPhone(v);
        if (!phone) {
          ctx.addIssue({ code: 'custom', message: PHONE_ADVICE });
          return z.NEVER;
        }
        return phone;
      }),
    vehicle: text(60, 'The vehicle').nullish(),
  })
  .strict();
export type DispatchOrderInput = z.input<typeof DispatchOrderInputSchema>;

/**
 * The seller records the delivery with the code the buyer gave the driver, and the quantity
 * delivered (weighing may show less than ordered: the buyer is refunded the difference).
 */
export const DeliverOrderInputSchema = z
  .object({
    version: z.number({ error: 'Send the version you saw' }).int().min(1),
    code: z
      .string({ error: 'Enter the delivery code' })
      .transform((v) => v.replace(/\s/g, ''))
      .pipe(
        z
          .string()
          .regex(
            new RegExp(`^\\d{${DELIVERY_CODE_LENGTH}}$`),
            `Enter the ${DELIVERY_CODE_LENGTH}-digit code from the buyer`,
          ),
      ),
    delivered_quantity: positiveQuantitySchema({
      required: 'Enter the quantity delivered',
      invalid: 'Enter the quantity delivered',
      max: { quantity: ORDER_QUANTITY_MAX, message: 'Enter a smaller quantity' },
    }),
  })
  .strict();
export type DeliverOrderInput = z.input<typeof DeliverOrderInputSchema>;
export type DeliverOrder = z.output<typeof DeliverOrderInputSchema>;

/** The buyer confirms they have the produce, with the version they saw. */
export const ReceiveOrderInputSchema = z
  .object({ version: z.number({ error: 'Send the version you saw' }).int().min(1) })
  .strict();
export type ReceiveOrderInput = z.infer<typeof ReceiveOrderInputSchema>;

/** How the order travels once dispatched. */
export const OrderDispatchSchema = z.object({
  expected_on: z.string(),
  driver_name: z.string().nullable(),
  driver_phone: z.string().nullable(),
  vehicle: z.string().nullable(),
  dispatched_at: z.string(),
});

export const OrderRefundSchema = z.object({
  status: z.enum(REFUND_STATUSES),
  amount_kobo: z.number().int(),
  reason: z.string(),
});

/**
 * A payment of the order that paid nothing and is given back (docs/decisions/054): a second
 * payment of an order already paid (`second`), or one that did not match it (`mismatch`: short,
 * another currency). `refunded_at` once the gateway says it is done.
 */
export const EXTRA_PAYMENT_REASONS = ['second', 'mismatch'] as const;
export const OrderExtraPaymentSchema = z.object({
  amount_kobo: z.number().int(),
  reason: z.enum(EXTRA_PAYMENT_REASONS),
  /** pending: being refunded; processed: refunded; failed: Gona's staff are refunding it. */
  refund_status: z.enum(REFUND_STATUSES).nullable(),
  paid_at: z.string(),
  refunded_at: z.string().nullable(),
});
export type OrderExtraPayment = z.infer<typeof OrderExtraPaymentSchema>;

export const OrderSchema = z.object({
  id: z.uuid(),
  /** Null once the listing, farm or buyer is removed; the order keeps the title and names. */
  listing_id: z.uuid().nullable(),
  listing_title: z.string(),
  farm_id: z.uuid().nullable(),
  farm_name: z.string(),
  buyer_id: z.uuid().nullable(),
  /** The buyer's name, for the seller. */
  buyer_name: z.string(),
  status: z.enum(ORDER_STATUSES),
  quantity: quantityTextSchema,
  unit: z.enum(SALE_UNITS),
  unit_price_kobo: z.number().int(),
  subtotal_kobo: z.number().int(),
  delivery: z.enum(DELIVERY_OPTIONS),
  delivery_fee_kobo: z.number().int(),
  total_kobo: z.number().int(),
  /** The buyer's phone: always to the buyer, to the seller only once paid. */
  buyer_phone: z.string().nullable(),
  /** The seller's phone (the farm owner's): to the buyer only once paid. */
  seller_phone: z.string().nullable(),
  delivery_address: z.string().nullable(),
  note: z.string().nullable(),
  reference: z.string(),
  expires_at: z.string(),
  accept_by: z.string().nullable(),
  paid_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  /** The refund of a cancelled or declined order, or of what was short on delivery. */
  refund: OrderRefundSchema.nullable(),
  /** Payments of this order that paid nothing and are refunded (to the buyer; [] for the seller). */
  extra_payments: z.array(OrderExtraPaymentSchema),
  /** The day the seller must dispatch an accepted order by. */
  dispatch_by: z.string().nullable(),
  dispatch: OrderDispatchSchema.nullable(),
  /** Only to the buyer, once dispatched and until delivered: what they give the driver. */
  delivery_code: z.string().nullable(),
  /** What was delivered (less than `quantity` when weighing showed less), once delivered. */
  delivered_quantity: quantityTextSchema.nullable(),
  delivered_at: z.string().nullable(),
  /** The order completes by itself then, unless the buyer raises a problem. */
  complete_by: z.string().nullable(),
  completed_at: z.string().nullable(),
  /** What the farm receives for a completed order: the delivered value less Gona's commission. */
  seller_amount_kobo: z.number().int().nullable(),
  /** The transfer of `seller_amount_kobo` to the farm, for the seller; null before completion and for the buyer. */
  payout: z
    .object({
      status: z.enum(PAYOUT_STATUSES),
      paid_at: z.string().nullable(),
      failure: z.string().nullable(),
    })
    .nullable(),
  /** The viewer's rating of the other side (the buyer's of the seller, the farm's of the buyer), or null. */
  my_rating: MyRatingSchema.nullable(),
  /** The buyer's ratings from sellers (count and average), for the seller; null for the buyer. */
  buyer_rating: RatingBriefSchema.nullable(),
  /** The problem the buyer reported, once there is one: both sides' words and Gona's decision. */
  dispute: DisputeSchema.nullable(),
  created_at: z.string(),
  version: z.number().int(),
});
export type Order = z.infer<typeof OrderSchema>;

/** A dispute as Gona's staff see it: the order beside both sides' words. */
export const AdminDisputeSchema = z.object({ order: OrderSchema, dispute: DisputeSchema });
export type AdminDispute = z.infer<typeof AdminDisputeSchema>;

export const OrderPageSchema = pageSchema(OrderSchema);
export type OrderPage = z.infer<typeof OrderPageSchema>;

/** What POST /marketplace/orders/{id}/pay answers: the checkout page to send the browser to. */
export const OrderPaymentSchema = z.object({ authorization_url: z.url(), reference: z.string() });
export type OrderPayment = z.infer<typeof OrderPaymentSchema>;
