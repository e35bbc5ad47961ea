import { and, asc, eq, getTableName, inArray, isNull, sql } from 'drizzle-orm';
import type { StoredFile } from '@gona/shared/files';
import { shownState, type SupportMessage, type SupportRequestSummary } from '@gona/shared/support';
import type { Db, Tx } from '../../db/client';
import { files, support_messages, support_requests, users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';

/** How a request and its thread are read and shaped, for the person's routes and the back office's. */

export type RequestRow = typeof support_requests.$inferSelect;
export const MESSAGES_TABLE = getTableName(support_messages);
export const REQUEST_NOT_FOUND = 'This request could not be found';
export const FILE_NOT_FOUND = 'File not found';

/** The start of the description, one line, to know the request by. */
export function subjectOf(description: string): string {
  const line = description.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

export function summaryOf(row: RequestRow, now: number): SupportRequestSummary {
  return {
    id: row.id,
    topic: row.topic,
    state: shownState(row.state, row.solved_at, now),
    priority: row.priority,
    subject: row.subject,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    last_reply_at: row.last_reply_at?.toISOString() ?? null,
    reply_due_at: row.reply_due_at.toISOString(),
    version: row.version,
  };
}

/** A request held for a change (FOR UPDATE), or 404. */
export async function lockRequest(tx: Tx, requestId: string): Promise<RequestRow> {
  const [row] = await tx
    .select()
    .from(support_requests)
    .where(eq(support_requests.id, requestId))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', REQUEST_NOT_FOUND);
  return row;
}

export type ThreadEntry = SupportMessage & { internal: boolean };

/**
 * A request's thread, oldest first, with each message's attachments at the reader's address
 * (`fileUrl`). Internal notes only with `withNotes` (the back office): the person's answers never
 * read them.
 */
export async function threadOf(
  db: Db | Tx,
  request: RequestRow,
  options: { withNotes: boolean; fileUrl: (fileId: string) => string },
): Promise<ThreadEntry[]> {
  const rows = await db
    .select({
      message: support_messages,
      author_name: sql<string>`coalesce(trim(${users.first_name} || ' ' || ${users.last_name}), '')`,
    })
    .from(support_messages)
    .leftJoin(users, eq(users.id, support_messages.author_id))
    .where(
      and(
        eq(support_messages.request_id, request.id),
        options.withNotes ? undefined : eq(support_messages.internal, false),
      ),
    )
    .orderBy(asc(support_messages.created_at), asc(support_messages.id));
  const attached = rows.length
    ? await db
        .select()
        .from(files)
        .where(
          and(
            eq(files.attached_to_table, MESSAGES_TABLE),
            inArray(
              files.attached_to_id,
              rows.map((r) => r.message.id),
            ),
            isNull(files.deleted_at),
          ),
        )
        .orderBy(asc(files.created_at), asc(files.id))
    : [];
  return rows.map(({ message, author_name }) => ({
    id: message.id,
    from: message.from_support ? 'support' : 'person',
    // The person reads "Gona support"; the back office reads which of its staff wrote it.
    author_name: message.from_support
      ? (options.withNotes && author_name) || 'Gona support'
      : author_name || request.contact_name || 'You',
    body: message.body,
    internal: message.internal,
    attachments: attached
      .filter((f) => f.attached_to_id === message.id)
      .map((f): StoredFile => {
        const url = options.fileUrl(f.id);
        return {
          id: f.id,
          farm_id: f.farm_id,
          kind: f.kind,
          content_type: f.content_type,
          bytes: f.bytes,
          width: f.width,
          height: f.height,
          original_name: f.original_name,
          url,
          thumb_url: f.thumb_key ? `${url}?size=thumb` : null,
          created_at: f.created_at.toISOString(),
        };
      }),
    created_at: message.created_at.toISOString(),
  }));
}

/** One attachment of a request's (public) messages: the file row, or 404. Internal notes have none. */
export async function attachmentOf(db: Db, requestId: string, fileId: string) {
  const [row] = await db
    .select({ file: files })
    .from(files)
    .innerJoin(
      support_messages,
      and(eq(files.attached_to_table, MESSAGES_TABLE), eq(files.attached_to_id, support_messages.id)),
    )
    .where(and(eq(files.id, fileId), eq(support_messages.request_id, requestId), isNull(files.deleted_at)));
  if (!row) throw new AppError('NOT_FOUND', FILE_NOT_FOUND);
  return row.file;
}

/**
 * Makes `ids` the attachments of a new message, in its transaction: each must be a `support` file
 * the person uploaded to the request's farm and no record has taken yet.
 */
export async function attachSupportFilesIn(
  tx: Tx,
  request: { farmId: string | null; userId: string },
  input: { messageId: string; ids: readonly string[] },
): Promise<number> {
  const { ids } = input;
  if (ids.length === 0) return 0;
  const refuse = () =>
    new AppError('VALIDATION', undefined, { attachment_ids: 'A photo could not be found. Add it again.' });
  if (!request.farmId) throw refuse();
  const taken = await tx
    .update(files)
    .set({ attached_to_table: MESSAGES_TABLE, attached_to_id: input.messageId })
    .where(
      and(
        eq(files.farm_id, request.farmId),
        inArray(files.id, [...ids]),
        eq(files.kind, 'support'),
        eq(files.created_by, request.userId),
        isNull(files.attached_to_id),
        isNull(files.deleted_at),
      ),
    )
    .returning({ id: files.id });
  if (taken.length < new Set(ids).size) throw refuse();
  return taken.length;
}
