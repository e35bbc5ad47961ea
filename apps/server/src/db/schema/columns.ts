import { sql } from 'drizzle-orm';
import { integer, timestamp, uuid } from 'drizzle-orm/pg-core';
import { newId } from '../../lib/ids';

/** uuid primary key; newId (UUID v7) fills it when an insert gives none. */
export const id = () => uuid('id').primaryKey().$defaultFn(newId);

/**
 * Millisecond timestamps: keyset cursors carry created_at as an ISO string (milliseconds), so the
 * column must not hold finer values or the row at a page boundary would come back on the next page.
 */
export const timestampMs = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

export const createdAt = () => timestampMs('created_at').notNull().defaultNow();

export const updatedAt = () => timestampMs('updated_at').notNull().defaultNow();

/** Optimistic concurrency: an update names the version it read and bumps it, or changes nothing (409). */
export const version = () => integer('version').notNull().default(1);

/** The values of a CHECK (column IN (…)) constraint, from the shared list of allowed values. */
export const oneOf = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));
