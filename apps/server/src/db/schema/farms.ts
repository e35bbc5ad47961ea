import { desc, sql } from 'drizzle-orm';
import { check, doublePrecision, index, numeric, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import type { FarmRole, FarmType } from '@gona/shared';
import { users } from './auth';
import { createdAt, id, updatedAt, version } from './columns';

export const farms = pgTable(
  'farms',
  {
    id: id(),
    name: text('name').notNull(),
    location: text('location').notNull(),
    farm_type: text('farm_type').$type<FarmType>().notNull(),
    owner_id: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state'),
    lga: text('lga'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    size: numeric('size', { precision: 14, scale: 4, mode: 'number' }),
    size_unit: text('size_unit').$type<'hectare' | 'acre' | 'plot'>(),
    timezone: text('timezone').notNull().default('Africa/Lagos'),
    created_at: createdAt(),
    updated_at: updatedAt(),
    version: version(),
  },
  (t) => [
    index('farms_owner_id_created_at_idx').on(t.owner_id, desc(t.created_at), desc(t.id)),
    // The back office finds orders and listings by any part of the farm's name (ILIKE '%…%').
    index('farms_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

/** Who may work on a farm and as what. The owner has a row too, so access is one lookup. */
export const farm_memberships = pgTable(
  'farm_memberships',
  {
    id: id(),
    farm_id: uuid('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<FarmRole>().notNull(),
    created_at: createdAt(),
  },
  (t) => [
    unique('farm_memberships_farm_id_user_id_key').on(t.farm_id, t.user_id),
    index('farm_memberships_user_id_idx').on(t.user_id),
    check('farm_memberships_role_check', sql`${t.role} IN ('owner', 'manager', 'worker', 'viewer')`),
  ],
);
