import type { FarmListing, PublicListing } from '@gona/shared/marketplace';
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
    quantity_available: 20,
    unit: 'bag_100kg',
    unit_kg: 100,
    min_order: 2,
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
    ...overrides,
  };
}
