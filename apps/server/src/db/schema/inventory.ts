import { desc, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  date,
} from 'drizzle-orm/pg-core';
import {
  MOVEMENT_KINDS,
  SUPPLY_CATEGORIES,
  SUPPLY_UNITS,
  type MovementKind,
  type SupplyCategory,
  type SupplyUnit,
} from '@gona/shared/inventory';
import { users } from './auth';
import { createdAt, id, oneOf, timestampMs, updatedAt, version } from './columns';
import { farms } from './farms';

/** numeric(14,3): exact stock counts with up to three decimals (kg to the gram, litres to the ml). */
const quantity = (name: string) => numeric(name, { precision: 14, scale: 3 });

export const suppliers = pgTable(
  'suppliers',
  {
    id: id(),
    farm_id: uuid('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone'),
    email: text('email'),
    address: text('address'),
    is_active: boolean('is_active').notNull().default(true),
    created_at: createdAt(),
    updated_at: updatedAt(),
    version: version(),
  },
  (t) => [
    index('suppliers_farm_id_active_name_idx')
      .on(t.farm_id, t.name, t.id)
      .where(sql`${t.is_active}`),
  ],
);

export const supplies = pgTable(
  'supplies',
  {
    id: id(),
    farm_id: uuid('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    category: text('category').$type<SupplyCategory>().notNull(),
    name: text('name').notNull(),
    quantity: quantity('quantity').notNull().default('0'),
    unit: text('unit').$type<SupplyUnit>().notNull(),
    low_threshold: quantity('low_threshold').notNull().default('0'),
    unit_cost_kobo: integer('unit_cost_kobo'),
    supplier_id: uuid('supplier_id').references(() => suppliers.id, { onDelete: 'set null' }),
    storage_location: text('storage_location'),
    expiry_date: date('expiry_date', { mode: 'string' }),
    notes: text('notes'),
    created_at: createdAt(),
    updated_at: updatedAt(),
    version: version(),
  },
  (t) => [
    index('supplies_farm_id_created_at_idx').on(t.farm_id, desc(t.created_at), desc(t.id)),
    index('supplies_farm_id_category_name_idx').on(t.farm_id, t.category, t.name, t.id),
    // The low-stock list is its own small index, so it stays fast however many supplies are well stocked.
    index('supplies_low_stock_idx')
      .on(t.farm_id, desc(t.created_at), desc(t.id))
      .where(sql`${t.quantity} <= ${t.low_threshold}`),
    index('supplies_supplier_id_idx').on(t.supplier_id),
    check('supplies_quantity_check', sql`${t.quantity} >= 0`),
    check('supplies_low_threshold_check', sql`${t.low_threshold} >= 0`),
    check('supplies_unit_cost_kobo_check', sql`${t.unit_cost_kobo} >= 0`),
    check('supplies_category_check', sql`${t.category} IN (${oneOf(SUPPLY_CATEGORIES)})`),
    check('supplies_unit_check', sql`${t.unit} IN (${oneOf(SUPPLY_UNITS)})`),
  ],
);

/** Every change to a supply's stock. The id is the client's idempotency key. */
export const supply_movements = pgTable(
  'supply_movements',
  {
    id: uuid('id').primaryKey(),
    farm_id: uuid('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    supply_id: uuid('supply_id')
      .notNull()
      .references(() => supplies.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<MovementKind>().notNull(),
    /** Signed change to the stock: negative for used, sold, lost, expired. */
    quantity: quantity('quantity').notNull(),
    quantity_after: quantity('quantity_after').notNull(),
    reason: text('reason'),
    note: text('note'),
    unit_cost_kobo: integer('unit_cost_kobo'),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id),
    created_at: createdAt(),
  },
  (t) => [
    index('supply_movements_supply_created_at_idx').on(
      t.farm_id,
      t.supply_id,
      desc(t.created_at),
      desc(t.id),
    ),
    index('supply_movements_farm_id_created_at_idx').on(t.farm_id, desc(t.created_at), desc(t.id)),
    check('supply_movements_kind_check', sql`${t.kind} IN (${oneOf(MOVEMENT_KINDS)})`),
    check('supply_movements_quantity_after_check', sql`${t.quantity_after} >= 0`),
  ],
);

export const inventory_alerts = pgTable(
  'inventory_alerts',
  {
    id: id(),
    farm_id: uuid('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    supply_id: uuid('supply_id')
      .notNull()
      .references(() => supplies.id, { onDelete: 'cascade' }),
    is_resolved: boolean('is_resolved').notNull().default(false),
    resolved_at: timestampMs('resolved_at'),
    created_at: createdAt(),
  },
  (t) => [
    // At most one open alert per supply, enforced by the database even under concurrent movements.
    uniqueIndex('inventory_alerts_one_open_per_supply_idx')
      .on(t.supply_id)
      .where(sql`NOT ${t.is_resolved}`),
    index('inventory_alerts_open_farm_id_created_at_idx')
      .on(t.farm_id, desc(t.created_at), desc(t.id))
      .where(sql`NOT ${t.is_resolved}`),
  ],
);
