import { desc } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

/**
 * Who changed what. No foreign keys on purpose: the history of a deleted farm or user must outlive it.
 * farm_id is our addition to the spec's columns so farm members can read a farm's history.
 */
export const audit_logs = pgTable(
  'audit_logs',
  {
    id: id(),
    user_id: uuid('user_id'),
    farm_id: uuid('farm_id'),
    table_name: text('table_name').notNull(),
    record_id: text('record_id').notNull(),
    action: text('action').notNull(),
    changes: jsonb('changes'),
    created_at: createdAt(),
  },
  (t) => [
    index('audit_logs_user_id_created_at_idx').on(t.user_id, desc(t.created_at), desc(t.id)),
    index('audit_logs_table_record_created_at_idx').on(t.table_name, t.record_id, desc(t.created_at)),
    index('audit_logs_farm_id_created_at_idx').on(t.farm_id, desc(t.created_at), desc(t.id)),
  ],
);
