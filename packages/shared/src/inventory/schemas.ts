import { z } from 'zod';
import {
  calendarDateSchema,
  clientIdSchema,
  optionalTextSchema,
  textSchema,
  VersionSchema,
} from '../fields/index';
import { FileSchema, fileIdsSchema } from '../files/index';
import { Int4KoboSchema, NairaInputSchema } from '../money/index';
import { PageQuerySchema, pageSchema } from '../pagination/index';
import {
  MOVEMENT_KINDS,
  NOTES_MAX,
  SEARCH_MAX,
  SUPPLY_CATEGORIES,
  SUPPLY_NAME_MAX,
  SUPPLY_PHOTOS_MAX,
  SUPPLY_UNITS,
} from './constants';
import { quantitySchema } from '../units/quantity-schema';

const QuantityInputSchema = quantitySchema({
  required: 'Enter the quantity',
  invalid: 'Enter a number, e.g. 12 or 2.5',
});
const ThresholdInputSchema = quantitySchema({
  required: 'Enter the low-stock level',
  invalid: 'Enter a number, e.g. 12 or 2.5',
});

const CategorySchema = z.enum(SUPPLY_CATEGORIES, { error: 'Choose a category' });
const UnitSchema = z.enum(SUPPLY_UNITS, { error: 'Choose a unit' });

const SupplyFieldsSchema = z.object({
  category: CategorySchema,
  name: textSchema(SUPPLY_NAME_MAX).min(1, 'Enter the supply name, e.g. NPK 15:15:15'),
  quantity: QuantityInputSchema,
  unit: UnitSchema,
  low_threshold: ThresholdInputSchema,
  unit_cost_kobo: Int4KoboSchema.nullish(),
  supplier_id: z.uuid('Choose a supplier from the list').nullish(),
  storage_location: optionalTextSchema(120),
  expiry_date: calendarDateSchema('Enter the expiry date as a calendar date').nullish(),
  notes: optionalTextSchema(NOTES_MAX),
  /** The supply's photos, uploaded first (POST /files, kind supply); on a change, the whole new list. */
  photo_ids: fileIdsSchema(SUPPLY_PHOTOS_MAX).optional(),
});

/**
 * A new supply. The id may be made by the client (UUID v7) so that a supply added offline keeps its
 * identity; the server makes one when it is absent. A starting quantity above zero is recorded as
 * the supply's first movement, so the history always explains the quantity on hand.
 */
export const CreateSupplyInputSchema = SupplyFieldsSchema.extend({
  id: clientIdSchema().optional(),
  quantity: QuantityInputSchema.default('0'),
  low_threshold: ThresholdInputSchema.default('0'),
});
export type CreateSupplyInput = z.input<typeof CreateSupplyInputSchema>;
export type CreateSupply = z.output<typeof CreateSupplyInputSchema>;

/**
 * A change to a supply; `version` is the one the editor saw (a stale one gets 409). The quantity is
 * not edited here: stock changes are movements, so the history stays true.
 *
 * Once a supply has stock or history, a new `unit` must be one its current unit converts to
 * (`convertibleUnits`); the stock, its history, the low-stock level and the unit cost are then
 * converted. A `low_threshold` or `unit_cost_kobo` sent with the new unit is read in the unit the
 * editor saw (the current one) and converted with the rest.
 */
export const UpdateSupplyInputSchema = SupplyFieldsSchema.omit({ quantity: true })
  .partial()
  .extend({ version: VersionSchema });
export type UpdateSupplyInput = z.input<typeof UpdateSupplyInputSchema>;
export type UpdateSupply = z.output<typeof UpdateSupplyInputSchema>;

export const SupplySchema = z.object({
  id: z.uuid(),
  farm_id: z.uuid(),
  category: z.enum(SUPPLY_CATEGORIES),
  name: z.string(),
  quantity: z.string(),
  unit: z.enum(SUPPLY_UNITS),
  low_threshold: z.string(),
  is_low_stock: z.boolean(),
  /** Absent for roles that may not see money (workers). */
  unit_cost_kobo: z.number().int().nullable().optional(),
  supplier_id: z.uuid().nullable(),
  supplier_name: z.string().nullable(),
  storage_location: z.string().nullable(),
  expiry_date: z.string().nullable(),
  notes: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type Supply = z.infer<typeof SupplySchema>;

/** One supply on its own screen: with its photos (lists leave them out). */
export const SupplyWithPhotosSchema = SupplySchema.extend({ photos: z.array(FileSchema) });
export type SupplyWithPhotos = z.infer<typeof SupplyWithPhotosSchema>;
export const SupplyPageSchema = pageSchema(SupplySchema);

/** ?search=&category=&low_stock=true plus the page. Filtering by category orders by name (spec). */
export const SupplyListQuerySchema = PageQuerySchema.extend({
  search: textSchema(SEARCH_MAX)
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
  category: CategorySchema.optional(),
  low_stock: z
    .enum(['true', 'false'], { error: 'Use true or false' })
    .transform((v) => v === 'true')
    .optional(),
});
export type SupplyListQuery = z.output<typeof SupplyListQuerySchema>;

/**
 * One stock movement. `id` is made by the client and is the idempotency key: sending the same
 * movement twice (a double tap, a retry after a dropped connection) records it once.
 * For `adjusted`, `quantity` is the counted total and a reason is required; for every other kind
 * it is the amount that moved and must be more than zero.
 */
export const RecordMovementInputSchema = z
  .object({
    id: clientIdSchema('A movement needs an id made by the app'),
    kind: z.enum(MOVEMENT_KINDS, { error: 'Choose what happened' }),
    quantity: QuantityInputSchema,
    reason: optionalTextSchema(200),
    note: optionalTextSchema(500),
    unit_cost_kobo: Int4KoboSchema.nullish(),
  })
  .superRefine((input, ctx) => {
    if (input.kind !== 'adjusted' && input.quantity === '0') {
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'Enter a quantity more than 0' });
    }
    if (input.kind === 'adjusted' && !input.reason) {
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: 'Say why the count changed, e.g. stock take',
      });
    }
    if (input.kind !== 'received' && input.unit_cost_kobo != null) {
      ctx.addIssue({
        code: 'custom',
        path: ['unit_cost_kobo'],
        message: 'Only received stock has a unit cost',
      });
    }
  });
export type RecordMovementInput = z.input<typeof RecordMovementInputSchema>;
export type RecordMovement = z.output<typeof RecordMovementInputSchema>;

export const MovementSchema = z.object({
  id: z.uuid(),
  farm_id: z.uuid(),
  supply_id: z.uuid(),
  kind: z.enum(MOVEMENT_KINDS),
  /** Signed change: "-2" for 2 used, "5" for 5 received. */
  quantity: z.string(),
  quantity_after: z.string(),
  reason: z.string().nullable(),
  note: z.string().nullable(),
  /** Absent for roles that may not see money (workers). */
  unit_cost_kobo: z.number().int().nullable().optional(),
  /**
   * The expense that pays for this receipt (stock received with a unit cost), null while there is
   * none. Absent for roles that may not see money (workers).
   */
  expense_id: z.uuid().nullable().optional(),
  user_id: z.string(),
  created_at: z.string(),
});
export type Movement = z.infer<typeof MovementSchema>;
export const MovementPageSchema = pageSchema(MovementSchema);

/** The unit cost as the supply and movement forms take it: naira typed by a person, blank for none. */
export const UnitCostFormSchema = z.object({ unit_cost_kobo: NairaInputSchema });

export const MovementResultSchema = z.object({ movement: MovementSchema, supply: SupplySchema });
export type MovementResult = z.infer<typeof MovementResultSchema>;

export const InventoryAlertSchema = z.object({
  id: z.uuid(),
  farm_id: z.uuid(),
  supply_id: z.uuid(),
  is_resolved: z.boolean(),
  resolved_at: z.string().nullable(),
  created_at: z.string(),
  supply: SupplySchema.pick({
    id: true,
    name: true,
    category: true,
    quantity: true,
    unit: true,
    low_threshold: true,
  }),
});
export type InventoryAlert = z.infer<typeof InventoryAlertSchema>;
export const InventoryAlertPageSchema = pageSchema(InventoryAlertSchema);

/** `open`: alerts not yet dismissed; `low_stock`: supplies at or below their level, dismissed or not. */
export const AlertCountSchema = z.object({
  open: z.number().int().nonnegative(),
  low_stock: z.number().int().nonnegative(),
});
export type AlertCount = z.infer<typeof AlertCountSchema>;

const SupplierFieldsSchema = z.object({
  name: textSchema(SUPPLY_NAME_MAX).min(1, 'Enter the supplier name'),
  phone: z
    .string()
    .trim()
    .regex(/^$|^\+?[\d\s-]{7,20}$/, 'Enter a phone number, like 0803 123 4567')
    .transform((v) => (v === '' ? null : v))
    .nullish(),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .refine(
      (v) => v === '' || z.email().safeParse(v).success,
      'Enter a valid email address, like sales@agro.ng',
    )
    .transform((v) => (v === '' ? null : v))
    .nullish(),
  address: optionalTextSchema(300),
});

export const CreateSupplierInputSchema = SupplierFieldsSchema.extend({ id: clientIdSchema().optional() });
export type CreateSupplierInput = z.input<typeof CreateSupplierInputSchema>;
export type CreateSupplier = z.output<typeof CreateSupplierInputSchema>;

/** Deactivating is an update with is_active false: a supplier named on old supplies is never deleted. */
export const UpdateSupplierInputSchema = SupplierFieldsSchema.partial().extend({
  is_active: z.boolean().optional(),
  version: VersionSchema,
});
export type UpdateSupplierInput = z.input<typeof UpdateSupplierInputSchema>;
export type UpdateSupplier = z.output<typeof UpdateSupplierInputSchema>;

export const SupplierSchema = z.object({
  id: z.uuid(),
  farm_id: z.uuid(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type Supplier = z.infer<typeof SupplierSchema>;
export const SupplierPageSchema = pageSchema(SupplierSchema);
