import { FarmSchema, FarmSummarySchema, MeSchema, type Farm, type FarmSummary, type Me } from '@gona/shared';
import {
  InventoryAlertSchema,
  MovementSchema,
  SupplierSchema,
  SupplySchema,
  type InventoryAlert,
  type Movement,
  type Supplier,
  type Supply,
} from '@gona/shared/inventory';

/**
 * What the API answers, one builder per record, each parsed with its shared schema: when a schema
 * changes, the fixture breaks here instead of in every test that copied the shape.
 */

const CREATED_AT = '2025-05-26T08:00:00.000Z';

/** A UUID v7 that reads as its number, so fixtures made in a row get distinct ids. */
export function anId(n: number): string {
  return `01900000-0000-7000-8000-${n.toString(16).padStart(12, '0')}`;
}

export const FARM_ID = anId(0xf1);

export function aMe(overrides: Partial<Me> = {}): Me {
  return MeSchema.parse({
    id: anId(1),
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Okafor',
    phone: '08031234567',
    role: 'user',
    email_verified: true,
    ...overrides,
  });
}

export function aFarm(overrides: Partial<Farm> = {}): Farm {
  return FarmSchema.parse({
    id: FARM_ID,
    name: 'Green Acres',
    location: 'Umuahia',
    farm_type: 'poultry',
    owner_id: anId(1),
    state: 'Abia',
    lga: null,
    latitude: null,
    longitude: null,
    size: null,
    size_unit: null,
    timezone: 'Africa/Lagos',
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    version: 1,
    role: 'owner',
    ...overrides,
  });
}

/** The farm as the list's fallback (?fields=basic) answers it. */
export function aFarmSummary(overrides: Partial<Farm> = {}): FarmSummary {
  return FarmSummarySchema.parse(aFarm(overrides));
}

/** Low stock follows the quantity and threshold unless given. */
export function aSupply(overrides: Partial<Supply> = {}): Supply {
  const quantity = overrides.quantity ?? '10';
  const low_threshold = overrides.low_threshold ?? '3';
  return SupplySchema.parse({
    id: anId(0xa1),
    farm_id: FARM_ID,
    category: 'animal_feed',
    name: 'Layers mash',
    unit: 'bag_25kg',
    is_low_stock: Number(quantity) <= Number(low_threshold),
    unit_cost_kobo: null,
    supplier_id: null,
    supplier_name: null,
    storage_location: null,
    expiry_date: null,
    notes: null,
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    version: 1,
    ...overrides,
    quantity,
    low_threshold,
  });
}

export function aMovement(overrides: Partial<Movement> = {}): Movement {
  return MovementSchema.parse({
    id: anId(0xb1),
    farm_id: FARM_ID,
    supply_id: anId(0xa1),
    kind: 'used',
    quantity: '-1',
    quantity_after: '9',
    reason: null,
    note: null,
    user_id: anId(1),
    created_at: CREATED_AT,
    ...overrides,
  });
}

export function aSupplier(overrides: Partial<Supplier> = {}): Supplier {
  return SupplierSchema.parse({
    id: anId(0xc1),
    farm_id: FARM_ID,
    name: 'Zeb Agro',
    phone: null,
    email: null,
    address: null,
    is_active: true,
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    version: 1,
    ...overrides,
  });
}

/** An open alert on `supply` (by default a supply at its threshold). */
export function anAlert(
  overrides: Partial<InventoryAlert> = {},
  supply = aSupply({ quantity: '3' }),
): InventoryAlert {
  const { id, name, category, quantity, unit, low_threshold } = supply;
  return InventoryAlertSchema.parse({
    id: anId(0xd1),
    farm_id: supply.farm_id,
    supply_id: supply.id,
    is_resolved: false,
    resolved_at: null,
    created_at: CREATED_AT,
    supply: { id, name, category, quantity, unit, low_threshold },
    ...overrides,
  });
}

/** One page of a list, the last one unless a cursor is given. */
export function aPage<T>(items: T[], next_cursor: string | null = null) {
  return { items, next_cursor };
}
