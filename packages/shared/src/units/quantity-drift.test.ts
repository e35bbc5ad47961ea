import { describe, expect, it } from 'vitest';
import { OrderSchema, PlaceOrderInputSchema, shortRefundKobo } from '../marketplace/orders';
import { PublicListingSchema } from '../marketplace/listings';
import { CreateSaleInputSchema, SaleSchema } from '../finance/schemas';
import {
  fromMilli,
  groupQuantity,
  koboForQuantity,
  koboPerUnit,
  milliOf,
  normalizeQuantity,
  toMilli,
} from './quantity';
import { positiveQuantitySchema, quantitySchema, quantityTextSchema } from './quantity-schema';

/**
 * Property tests over random decimals, deterministic (a seeded generator, no library): a quantity or
 * a kobo amount never drifts between the form (the text typed), the API (the JSON sent), the
 * database (numeric(14,3) text, or milli-units), the answer (the JSON read back, a decimal string),
 * the screen (what it shows and works out) and the ledger (kobo worked out of a price and a
 * quantity). Each run sees the same cases; a failure names the case.
 */

const CASES = 20_000;

/** mulberry32: a small seeded generator, so every run checks the same decimals. */
function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (below: number) => Math.floor(next() * below);
  return { next, int };
}

type Decimal = { text: string; milli: bigint };

/**
 * A random quantity as a person might type it: 0 to 11 whole digits (weighted to the small numbers
 * a farm sells), 0 to 3 decimals, sometimes with trailing zeros ("2.50") or a thousands comma.
 */
function randomDecimal(random: ReturnType<typeof seeded>): Decimal & { typed: string } {
  const wholeDigits = [0, 1, 1, 2, 2, 3, 3, 4, 5, 6, 8, 11][random.int(12)]!;
  let whole = '';
  for (let i = 0; i < wholeDigits; i++) whole += String(i === 0 ? 1 + random.int(9) : random.int(10));
  if (whole === '') whole = '0';
  const decimals = random.int(4);
  let fraction = '';
  for (let i = 0; i < decimals; i++) fraction += String(random.int(10));
  if (whole === '0' && /^0*$/.test(fraction)) fraction = fraction.slice(0, -1) + '1';
  if (fraction === '') fraction = decimals === 0 ? '' : '1';
  const text = fraction ? `${whole}.${fraction}` : whole;
  const milli = BigInt(whole) * 1000n + BigInt((fraction || '0').padEnd(3, '0'));
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const typed =
    random.int(4) === 0
      ? `${grouped}${fraction ? `.${fraction}` : ''}`
      : random.int(4) === 0 && fraction.length > 0 && fraction.length < 3
        ? `${text}0`
        : text;
  return { text, milli, typed };
}

/** The canonical decimal of milli-units, worked out on strings and BigInt only (no helper under test). */
function canonical(milli: bigint): string {
  const whole = milli / 1000n;
  const fraction = (milli % 1000n).toString().padStart(3, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

/** price × quantity, half up to the kobo, as an exact rational: the reference for koboForQuantity. */
function referenceKobo(priceKobo: bigint, milli: bigint): bigint {
  const thousandths = priceKobo * milli;
  const kobo = thousandths / 1000n;
  return thousandths % 1000n >= 500n ? kobo + 1n : kobo;
}

/** JSON on the wire, both ways. */
const overTheWire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const QuantityInput = quantitySchema({ required: 'Enter a quantity', invalid: 'Enter a quantity' });

describe('quantities never drift between the form, the API, the database and the ledger', () => {
  it('a typed quantity reaches the database as the same decimal, and reads back as it', () => {
    const random = seeded(0x9a11);
    for (let i = 0; i < CASES; i++) {
      const { text, milli, typed } = randomDecimal(random);
      const expected = canonical(milli);
      // Form → API: the web sends the typed text (commas and spaces taken out) as a JSON string.
      const sent = overTheWire({ quantity: typed.replace(/[,\s]/g, '') });
      const parsed = QuantityInput.safeParse(sent.quantity);
      expect(parsed.success ? parsed.data : parsed.error.issues, `typed ${typed}`).toBe(expected);
      // API → database: milli-units and numeric(14,3)'s text ("12.500") give the same decimal back.
      const stored = fromMilli(Number(milli));
      expect(toMilli(expected), text).toBe(Number(milli));
      const columnText = `${milli / 1000n}.${(milli % 1000n).toString().padStart(3, '0')}`;
      expect(normalizeQuantity(columnText), columnText).toBe(expected);
      expect(stored).toBe(expected);
      // Database → answer: the column's canonical decimal string, through JSON and the answer schema.
      const read = quantityTextSchema.parse(
        overTheWire({ quantity: normalizeQuantity(columnText) }).quantity,
      );
      expect(read, columnText).toBe(expected);
      // Answer → screen: shown with its digits grouped, the same digits; worked on in milli-units.
      expect(groupQuantity(read).replace(/,/g, ''), read).toBe(expected);
      expect(milliOf(read)).toBe(Number(milli));
      // Screen → form: a record opened to change puts the answer in the field as it is; sent again,
      // it is the same decimal.
      expect(QuantityInput.parse(overTheWire({ quantity: read }).quantity)).toBe(expected);
    }
  });

  it('a JSON number from an older phone is read as exactly the decimal it was typed as, or refused', () => {
    const random = seeded(0x01d);
    for (let i = 0; i < CASES; i++) {
      const { text, milli } = randomDecimal(random);
      // The old forms sent Number(text); the queued write replays that number.
      const legacy = overTheWire({ quantity: Number(text) });
      const parsed = QuantityInput.safeParse(legacy.quantity);
      expect(parsed.success ? parsed.data : parsed.error.issues, text).toBe(canonical(milli));
    }
    // Finer than a gram is refused, never rounded (toFixed would have made 2.0000001 into 2).
    for (const finer of [2.0000001, 1.0005, 0.30000000000000004, 1e-7, 12.3456])
      expect(QuantityInput.safeParse(finer).success, String(finer)).toBe(false);
  });

  it('price × quantity is worked out to the kobo half up, exactly, by the one helper', () => {
    const random = seeded(0xc0b0);
    for (let i = 0; i < CASES; i++) {
      const { milli } = randomDecimal(random);
      // Prices from ₦0.01 to ₦10,000,000 a unit.
      const price = BigInt(1 + random.int(1_000_000_000));
      const expected = referenceKobo(price, milli);
      const worked = koboForQuantity(Number(price), Number(milli));
      if (expected > BigInt(Number.MAX_SAFE_INTEGER)) expect(worked).toBe(Number.POSITIVE_INFINITY);
      else expect(worked, `${price} × ${canonical(milli)}`).toBe(Number(expected));
    }
    // The rule at its edges: half a kobo goes up, less than half goes down.
    expect(koboForQuantity(1, 500)).toBe(1);
    expect(koboForQuantity(1, 499)).toBe(0);
    expect(koboForQuantity(100, 4)).toBe(0);
    expect(koboForQuantity(333, 1_500)).toBe(500);
    expect(() => koboForQuantity(1.5, 1)).toThrow(RangeError);
  });

  it('an order and its short delivery: the ledger amounts are the helper’s, from any JSON shape', () => {
    const random = seeded(0x0de7);
    for (let i = 0; i < 2_000; i++) {
      const ordered = randomDecimal(random);
      if (ordered.milli > 1_000_000_000_000n || ordered.milli === 0n) continue;
      const deliveredMilli = BigInt(random.int(Number(ordered.milli) + 1));
      const price = 1 + random.int(10_000_000);
      const body = overTheWire({
        id: '01900000-0000-7000-8000-000000000001',
        listing_id: '01900000-0000-7000-8000-000000000002',
        quantity: ordered.typed.replace(/,/g, ''),
        delivery: 'pickup',
        buyer_phone: '08031234567',
      });
      const placed = PlaceOrderInputSchema.parse(body);
      expect(placed.quantity).toBe(canonical(ordered.milli));
      const subtotal = koboForQuantity(price, milliOf(placed.quantity));
      expect(subtotal).toBe(Number(referenceKobo(BigInt(price), ordered.milli)));
      const delivered = canonical(deliveredMilli);
      const refund = shortRefundKobo({
        unit_price_kobo: price,
        quantity: placed.quantity,
        delivered_quantity: deliveredMilli === 0n ? null : delivered,
      });
      const expectedRefund =
        deliveredMilli === 0n ? 0n : referenceKobo(BigInt(price), ordered.milli - deliveredMilli);
      expect(refund, `${price} × (${placed.quantity} − ${delivered})`).toBe(Number(expectedRefund));
      // Database → answer → the seller's screen: the order is read back from numeric(14,3) text
      // ("2.500") as decimal strings, and the screen's refund is the server's.
      const column = (milli: bigint) => `${milli / 1000n}.${(milli % 1000n).toString().padStart(3, '0')}`;
      const asRead = OrderSchema.pick({
        unit_price_kobo: true,
        quantity: true,
        delivered_quantity: true,
      }).parse(
        overTheWire({
          unit_price_kobo: price,
          quantity: normalizeQuantity(column(ordered.milli)),
          delivered_quantity: deliveredMilli === 0n ? null : normalizeQuantity(column(deliveredMilli)),
        }),
      );
      expect(asRead.quantity).toBe(placed.quantity);
      expect(shortRefundKobo(asRead)).toBe(refund);
    }
  });

  it('a sale keeps its quantity exact, and the kg it takes from store with it', () => {
    const random = seeded(0x5a1e);
    for (let i = 0; i < 2_000; i++) {
      const { milli, typed } = randomDecimal(random);
      if (milli === 0n || milli > 1_000_000_000_000n) continue;
      const parsed = CreateSaleInputSchema.safeParse(
        overTheWire({
          date: '2026-09-01',
          product: 'Maize grain',
          quantity: typed.replace(/,/g, ''),
          unit: 'bag_50kg',
          amount_kobo: 100,
          stock_kind: 'harvest',
          stock_crop_key: 'maize',
        }),
      );
      expect(parsed.success, typed).toBe(true);
      if (!parsed.success) continue;
      expect(parsed.data.quantity).toBe(canonical(milli));
    }
  });

  it('answers carry quantities as decimal strings only: a JSON number is refused by every answer schema', () => {
    const answers = {
      'sale quantity': SaleSchema.shape.quantity,
      'sale stock_quantity': SaleSchema.shape.stock_quantity,
      'order quantity': OrderSchema.shape.quantity,
      'order delivered_quantity': OrderSchema.shape.delivered_quantity,
      'listing quantity_available': PublicListingSchema.shape.quantity_available,
      'listing min_order': PublicListingSchema.shape.min_order,
      'listing unit_kg': PublicListingSchema.shape.unit_kg,
    };
    for (const [name, schema] of Object.entries(answers)) {
      expect(schema.safeParse(2.5).success, name).toBe(false);
      expect(schema.safeParse('2.5').data, name).toBe('2.5');
    }
  });

  it('a listing read back prices its kg, and a profit its unit, exactly, half up', () => {
    const random = seeded(0x9e7);
    for (let i = 0; i < CASES; i++) {
      const { milli } = randomDecimal(random);
      const kobo = BigInt(random.int(1_000_000_000));
      const worked = koboPerUnit(Number(kobo), Number(milli));
      if (milli === 0n) {
        expect(worked).toBe(null);
        continue;
      }
      // kobo ÷ (milli / 1000), half up, on BigInt: the reference.
      const twice = (kobo * 2000n) / milli;
      const reference = (twice + 1n) / 2n;
      expect(worked, `${kobo} for ${canonical(milli)}`).toBe(Number(reference));
    }
    expect(koboPerUnit(100, 3_000)).toBe(33);
    expect(koboPerUnit(5, 2_000)).toBe(3);
    expect(groupQuantity('1234567.125')).toBe('1,234,567.125');
    expect(groupQuantity('0.5')).toBe('0.5');
  });

  it('refuses 0, and more than the most, with the advice that fits', () => {
    const schema = positiveQuantitySchema({
      required: 'Enter a quantity',
      invalid: 'Enter a quantity',
      max: { quantity: '1000000000', message: 'Enter a smaller quantity' },
    });
    const message = (value: unknown) => {
      const parsed = schema.safeParse(value);
      return parsed.success ? parsed.data : parsed.error.issues[0]?.message;
    };
    expect(message('0')).toBe('Enter a quantity above 0');
    expect(message(0)).toBe('Enter a quantity above 0');
    expect(message('1000000000')).toBe('1000000000');
    expect(message('1000000000.001')).toBe('Enter a smaller quantity');
    expect(message('2.1234')).toBe('Use at most 3 decimals, e.g. 2.125');
    expect(message(-1)).toBe('Enter 0 or more');
    expect(message('abc')).toBe('Enter a quantity');
    expect(message(' 1,250.5 ')).toBe('1250.5');
  });
});
