import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { FILE_KINDS, type FileKind } from '@gona/shared/files';
import { users } from './auth';
import { createdAt, id, oneOf, timestampMs } from './columns';
import { farms } from './farms';

/**
 * Photos and documents of a farm's records. The bytes live in file storage (disk or S3) under
 * `storage_key` (and `thumb_key` for a photo's thumbnail); the row says whose they are. A file is
 * uploaded first, unattached, then taken by the record that saves it (`attached_to_table`,
 * `attached_to_id`). Deleting it, or its record, detaches it and sets `deleted_at`: it is no
 * longer served, and the files-cleanup job removes the stored objects and then the row, as it does
 * for uploads no record took (jobs/files.ts).
 */
export const files = pgTable(
  'files',
  {
    id: id(),
    farm_id: uuid('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<FileKind>().notNull(),
    storage_key: text('storage_key').notNull(),
    thumb_key: text('thumb_key'),
    content_type: text('content_type').notNull(),
    /** The stored file's size (the WebP made from a photo, not what the phone sent). */
    bytes: integer('bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    original_name: text('original_name').notNull(),
    /** Who uploaded it; null once their account is erased (the file stays with the farm's record). */
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    attached_to_table: text('attached_to_table'),
    attached_to_id: uuid('attached_to_id'),
    deleted_at: timestampMs('deleted_at'),
    created_at: createdAt(),
  },
  (t) => [
    index('files_attached_to_idx')
      .on(t.farm_id, t.attached_to_table, t.attached_to_id, t.id)
      .where(sql`${t.attached_to_id} IS NOT NULL`),
    // Unattached rows are few (uploads waiting for their record, files being removed): the cleanup job's list.
    index('files_unattached_created_at_idx')
      .on(t.created_at)
      .where(sql`${t.attached_to_id} IS NULL`),
    // The sweep of stored objects asks which keys still have a row.
    uniqueIndex('files_storage_key_idx').on(t.storage_key),
    uniqueIndex('files_thumb_key_idx').on(t.thumb_key),
    check('files_kind_check', sql`${t.kind} IN (${oneOf(FILE_KINDS)})`),
    check('files_attached_check', sql`(${t.attached_to_table} IS NULL) = (${t.attached_to_id} IS NULL)`),
    check('files_bytes_check', sql`${t.bytes} >= 0`),
  ],
);
