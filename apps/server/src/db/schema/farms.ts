import { desc, sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { FarmRole, FarmType } from '@gona/shared';
import { newId } from '../../lib/ids';
import { users } from './auth';

export const farms = pgTable(
  'farms',
  {
    id: uuid('id').primaryKey().$defaultFn(newId),
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
    created_at: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('farms_owner_id_created_at_idx').on(t.owner_id, desc(t.created_at), desc(t.id))],
);

/** Who may work on a farm and as what. The owner has a row too, so access is one lookup. */
export const farm_memberships = pgTable(
  'farm_memberships',
  {
    id: uuid('id').primaryKey().$defaultFn(newId),
    farm_id: uuid('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<FarmRole>().notNull(),
    created_at: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    unique('farm_memberships_farm_id_user_id_key').on(t.farm_id, t.user_id),
    index('farm_memberships_user_id_idx').on(t.user_id),
    check('farm_memberships_role_check', sql`${t.role} IN ('owner', 'manager', 'worker', 'viewer')`),
  ],
);
