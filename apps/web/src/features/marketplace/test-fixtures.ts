import type { FarmListing, Order, Payout, PayoutAccount, PublicListing } from '@gona/shared/marketplace';
import { anId, FARM_ID } from '@/test/fixtures';

/** A published listing of 20 bags of maize in Rivers, as buyers see it. */
export function aPublicListing(overrides: Partial<PublicListing> = {}): PublicListing {
  return {
    id: anId(0x1a),
    farm_id: FARM_ID,
    status: 'active',
    category: 'crop',
    product_key: 'maize',
    title: 'Maize',
    variety: 'SAMMAZ 15',
    grade: null,
    quality: null,
    quantity_available: '20',
    unit: 'bag_100kg',
    unit_kg: '100',
    min_order: '2',
    price_kobo: 4_500_000,
    price_per_kg_kobo: 45_000,
    state: 'Rivers',
    lga: 'Obio-Akpor',
    harvest_date: null,
    available_from: null,
    delivery_pickup: true,
    delivery_seller: false,
    delivery_area: null,
    delivery_fee_kobo: null,
    description: null,
    photos: [],
    seller: { farm_id: FARM_ID, name: 'Green Acres', state: 'Rivers', lga: 'Obio-Akpor' },
    published_at: '2026-11-20T09:00:00.000Z',
    created_at: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}

export function aFarmListing(overrides: Partial<FarmListing> = {}): FarmListing {
  const { photos: _photos, ...listing } = aPublicListing();
  return {
    ...listing,
    status: 'draft',
    crop_key: null,
    animal_id: null,
    photos: [],
    updated_at: '2026-11-20T08:00:00.000Z',
    version: 1,
    hidden: null,
    withdrawal: null,
    ...overrides,
  };
}

/** A paid order of 5 bags of maize for pickup, as its seller and its buyer read it. */
export function anOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: anId(0x0d),
    listing_id: anId(0x1a),
    listing_title: 'White maize',
    farm_id: FARM_ID,
    farm_name: 'Green Acres',
    buyer_id: anId(0x0b),
    buyer_name: 'Bisi Adeyemi',
    status: 'paid',
    quantity: '5',
    unit: 'bag_100kg',
    unit_price_kobo: 2_500_000,
    subtotal_kobo: 12_500_000,
    delivery: 'pickup',
    delivery_fee_kobo: 0,
    total_kobo: 12_500_000,
    buyer_phone: '+2348055551234',
    seller_phone: null,
    delivery_address: null,
    note: null,
    reference: `gona-${anId(0x0d)}`,
    expires_at: '2026-11-25T12:30:00.000Z',
    accept_by: '2026-11-27T12:00:00.000Z',
    paid_at: '2026-11-25T12:00:00.000Z',
    decided_at: null,
    cancel_reason: null,
    refund: null,
    extra_payments: [],
    dispatch_by: null,
    dispatch: null,
    delivery_code: null,
    delivered_quantity: null,
    delivered_at: null,
    complete_by: null,
    completed_at: null,
    seller_amount_kobo: null,
    payout: null,
    dispute: null,
    my_rating: null,
    buyer_rating: null,
    created_at: '2026-11-25T11:50:00.000Z',
    version: 2,
    ...overrides,
  };
}

/** The same order accepted and then dispatched by the seller's driver. */
export function aDispatchedOrder(overrides: Partial<Order> = {}): Order {
  return anOrder({
    status: 'dispatched',
    delivery: 'seller_delivers',
    delivery_fee_kobo: 500_000,
    total_kobo: 13_000_000,
    delivery_address: '12 Aba Road, Port Harcourt',
    accept_by: null,
    decided_at: '2026-11-25T13:00:00.000Z',
    dispatch_by: '2026-11-28T13:00:00.000Z',
    dispatch: {
      expected_on: '2026-11-27',
      driver_name: 'Musa Ibrahim',
      driver_phone: '+2348031234567',
      vehicle: 'White Hiace, LAG 123 AB',
      dispatched_at: '2026-11-26T08:00:00.000Z',
    },
    version: 4,
    ...overrides,
  });
}

/** The farm's payout account, not on hold. */
export function aPayoutAccount(overrides: Partial<PayoutAccount> = {}): PayoutAccount {
  return {
    bank_code: '058',
    bank_name: 'Guaranty Trust Bank',
    account_last4: '1234',
    account_name: 'GREEN ACRES FARM VENTURES',
    hold_until: null,
    updated_at: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

/** The payout of a completed order of maize, waiting to be sent. */
export function aPayout(overrides: Partial<Payout> = {}): Payout {
  return {
    id: anId(0x90),
    order_id: anId(0x0d),
    order_title: 'White maize',
    amount_kobo: 11_875_000,
    status: 'pending',
    failure: null,
    tries: 0,
    paid_at: null,
    created_at: '2026-11-30T09:00:00.000Z',
    ...overrides,
  };
}
