import { desc, sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { InvitableRole } from '@gona/shared/members';
import { users } from './auth';
import { createdAt, id, timestampMs, updatedAt } from './columns';
import { farms } from './farms';

/**
 * Invitations to join a farm (farm_memberships holds who has joined). Only a hash of the link's
 * secret is kept: someone who reads the table cannot join a farm with it. One open invitation per
 * farm and address; a new one for the same address replaces its secret, role and expiry.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    farm_id: uuid('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').$type<InvitableRole>().notNull(),
    /** SHA-256 of the link's secret, hex. */
    token_hash: text('token_hash').notNull(),
    invited_by: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expires_at: timestampMs('expires_at').notNull(),
    accepted_at: timestampMs('accepted_at'),
    accepted_by: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revoked_at: timestampMs('revoked_at'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_key').on(t.token_hash),
    uniqueIndex('invitations_open_farm_id_email_key')
      .on(t.farm_id, t.email)
      .where(sql`${t.accepted_at} IS NULL AND ${t.revoked_at} IS NULL`),
    index('invitations_farm_id_created_at_idx').on(t.farm_id, desc(t.created_at), desc(t.id)),
    index('invitations_email_idx').on(t.email),
    check('invitations_role_check', sql`${t.role} IN ('manager', 'worker', 'viewer')`),
  ],
);
