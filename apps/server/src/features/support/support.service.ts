import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { FileQuery } from '@gona/shared/files';
import type { Page, PageQuery } from '@gona/shared/pagination';
import {
  replyTargetAt,
  shownState,
  type SupportAbout,
  type SupportRequest,
  type SupportRequestSummary,
} from '@gona/shared/support';
import type { z } from 'zod';
import type { CreateSupportRequestInputSchema, SupportReplyInputSchema } from '@gona/shared/support';
import type { Tx } from '../../db/client';
import {
  farm_memberships,
  farms,
  listings,
  orders,
  support_messages,
  support_requests,
  users,
} from '../../db/schema/index';
import { auditInsert } from '../../lib/audit';
import type { Ctx, Deps } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import type { OpenedFile } from '../../lib/file-http';
import { newId } from '../../lib/ids';
import { keyset, newestFirst } from '../../lib/pagination';
import { openRow } from '../files/files.service';
import { farmPlan } from '../plans/plans.service';
import {
  REQUEST_NOT_FOUND,
  attachSupportFilesIn,
  attachmentOf,
  lockRequest,
  subjectOf,
  summaryOf,
  threadOf,
  type RequestRow,
} from './support.rows';

/**
 * A person's own support requests (docs/decisions/065): they write one, read its thread and reply.
 * Everything here is the asker's only: another person's request is 404, and support's internal
 * notes are never read.
 */

type CreateInput = z.output<typeof CreateSupportRequestInputSchema>;
type ReplyInput = z.output<typeof SupportReplyInputSchema>;
type Clock = Pick<Deps, 'now'>;

const CLOSED =
  'This request is closed. Start a new request and mention this one if it is about the same thing.';

/** The person's reading address of a request's attachment. */
export const personFileUrl = (requestId: string, fileId: string) =>
  `/api/support/requests/${requestId}/files/${fileId}`;

export async function createSupportRequest(
  ctx: Ctx,
  input: CreateInput,
  deps: Clock,
): Promise<{ request: SupportRequest; replayed: boolean }> {
  const id = input.id ?? newId();
  const now = deps.now();
  const { replayed } = await ctx.db.transaction(async (tx) => {
    const [earlier] = await tx.select().from(support_requests).where(eq(support_requests.id, id));
    if (earlier) {
      if (earlier.user_id !== ctx.userId) throw new AppError('CONFLICT', 'This request already exists.');
      return { replayed: true };
    }
    const farmId = input.farm_id ?? null;
    if (farmId && !(await isMember(tx, ctx.userId, farmId)))
      throw new AppError('VALIDATION', undefined, { farm_id: 'Choose one of your farms' });
    if (input.about) await assertCanSee(tx, ctx.userId, input.about);
    const plan = farmId ? await farmPlan(tx, farmId) : 'free';
    const created = new Date(now);
    const [row] = await tx
      .insert(support_requests)
      .values({
        id,
        user_id: ctx.userId,
        about_farm_id: farmId,
        about_kind: input.about?.kind ?? null,
        about_id: input.about?.id ?? null,
        topic: input.topic,
        priority: plan === 'pro',
        subject: subjectOf(input.description),
        reply_due_at: replyTargetAt(created, plan),
        created_at: created,
        updated_at: created,
      })
      .onConflictDoNothing({ target: support_requests.id })
      .returning();
    if (!row) throw new AppError('CONFLICT', 'This request already exists.');
    const messageId = newId();
    await tx.insert(support_messages).values({
      id: messageId,
      request_id: id,
      from_support: false,
      author_id: ctx.userId,
      body: input.description,
      created_at: created,
    });
    const photos = await attachSupportFilesIn(
      tx,
      { farmId, userId: ctx.userId },
      { messageId, ids: input.attachment_ids ?? [] },
    );
    await auditInsert(tx, { ...ctx, farmId: null }, support_requests, {
      id,
      record: { topic: row.topic, subject: row.subject, priority: row.priority, photos },
    });
    return { replayed: false };
  });
  return { request: await getMySupportRequest(ctx, id, deps), replayed };
}

const myPages = keyset({ order: newestFirst(support_requests) });

export async function listMySupportRequests(
  ctx: Ctx,
  query: PageQuery,
  deps: Clock,
): Promise<Page<SupportRequestSummary>> {
  const rows = await ctx.db
    .select()
    .from(support_requests)
    .where(and(eq(support_requests.user_id, ctx.userId), myPages.after(query.cursor)))
    .orderBy(...myPages.orderBy)
    .limit(query.limit + 1);
  const page = myPages.page(rows, query.limit);
  const now = deps.now();
  return { items: page.items.map((row) => summaryOf(row, now)), next_cursor: page.next_cursor };
}

export async function getMySupportRequest(ctx: Ctx, requestId: string, deps: Clock): Promise<SupportRequest> {
  const row = await mine(ctx, requestId);
  return personView(ctx, row, deps.now());
}

/**
 * The person's reply. Its id is the app's: the same reply sent again (a retry, a reply written
 * offline) is kept once. A reply to a request waiting for them, or solved within
 * SUPPORT_REOPEN_DAYS, opens it again for support; a closed one asks for a new request.
 */
export async function replyToSupportRequest(
  ctx: Ctx,
  requestId: string,
  input: ReplyInput,
  deps: Clock,
): Promise<SupportRequest> {
  const now = deps.now();
  await ctx.db.transaction(async (tx) => {
    const request = await lockRequest(tx, requestId);
    if (request.user_id !== ctx.userId) throw new AppError('NOT_FOUND', REQUEST_NOT_FOUND);
    const [earlier] = await tx
      .select({ request_id: support_messages.request_id, author_id: support_messages.author_id })
      .from(support_messages)
      .where(eq(support_messages.id, input.id));
    if (earlier) {
      if (earlier.request_id !== requestId || earlier.author_id !== ctx.userId)
        throw new AppError('CONFLICT', 'This reply already exists.');
      return;
    }
    if (shownState(request.state, request.solved_at, now) === 'closed')
      throw new AppError('CONFLICT', CLOSED);
    const at = new Date(now);
    await tx.insert(support_messages).values({
      id: input.id,
      request_id: requestId,
      from_support: false,
      author_id: ctx.userId,
      body: input.body,
      created_at: at,
    });
    await attachSupportFilesIn(
      tx,
      { farmId: request.about_farm_id, userId: ctx.userId },
      { messageId: input.id, ids: input.attachment_ids ?? [] },
    );
    await tx
      .update(support_requests)
      .set({ state: 'open', solved_at: null, updated_at: at, version: sql`${support_requests.version} + 1` })
      .where(eq(support_requests.id, requestId));
  });
  return getMySupportRequest(ctx, requestId, deps);
}

/** An attachment of the person's own request (theirs or support's). */
export async function openMySupportFile(
  ctx: Ctx,
  requestId: string,
  input: FileQuery & { fileId: string; ifNoneMatch: string | undefined },
  deps: Pick<Deps, 'storage'>,
): Promise<OpenedFile> {
  await mine(ctx, requestId);
  const { fileId, ...query } = input;
  const file = await attachmentOf(ctx.db, requestId, fileId);
  return openRow(ctx, deps.storage, file, query);
}

async function mine(ctx: Ctx, requestId: string): Promise<RequestRow> {
  const [row] = await ctx.db
    .select()
    .from(support_requests)
    .where(and(eq(support_requests.id, requestId), eq(support_requests.user_id, ctx.userId)));
  if (!row) throw new AppError('NOT_FOUND', REQUEST_NOT_FOUND);
  return row;
}

async function personView(ctx: Ctx, row: RequestRow, now: number): Promise<SupportRequest> {
  const thread = await threadOf(ctx.db, row, {
    withNotes: false,
    fileUrl: (fileId) => personFileUrl(row.id, fileId),
  });
  const [farm] = row.about_farm_id
    ? await ctx.db.select({ name: farms.name }).from(farms).where(eq(farms.id, row.about_farm_id))
    : [];
  const summary = summaryOf(row, now);
  return {
    ...summary,
    farm_id: row.about_farm_id,
    farm_name: farm?.name ?? null,
    about: row.about_kind && row.about_id ? { kind: row.about_kind, id: row.about_id } : null,
    can_reply: summary.state !== 'closed',
    // Only what the person may read: never an internal note.
    messages: thread.filter((m) => !m.internal).map(({ internal: _internal, ...message }) => message),
  };
}

async function isMember(tx: Tx, userId: string, farmId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: farm_memberships.id })
    .from(farm_memberships)
    .where(and(eq(farm_memberships.farm_id, farmId), eq(farm_memberships.user_id, userId)));
  return Boolean(row);
}

/** The order or listing a request is about must be one the person can see. */
async function assertCanSee(tx: Tx, userId: string, about: SupportAbout): Promise<void> {
  const myFarms = tx
    .select({ id: farm_memberships.farm_id })
    .from(farm_memberships)
    .where(eq(farm_memberships.user_id, userId));
  const found =
    about.kind === 'order'
      ? await tx
          .select({ id: orders.id })
          .from(orders)
          .where(
            and(eq(orders.id, about.id), or(eq(orders.buyer_id, userId), inArray(orders.farm_id, myFarms))),
          )
      : await tx
          .select({ id: listings.id })
          .from(listings)
          .where(
            and(
              eq(listings.id, about.id),
              or(eq(listings.status, 'active'), inArray(listings.farm_id, myFarms)),
            ),
          );
  if (found.length === 0)
    throw new AppError('VALIDATION', undefined, {
      about: about.kind === 'order' ? 'Choose one of your orders' : 'Choose a listing you can see',
    });
}

/** The person's name for the back office: their account's, or what the contact form said. */
export const personName = sql<string>`coalesce(nullif(trim(${users.first_name} || ' ' || ${users.last_name}), ''), ${support_requests.contact_name}, '')`;

/**
 * A message from the public contact form becomes a request, in the transaction that stores it: the
 * account's when its address is one (the person reads it in the app and hears of answers there),
 * else the sender's name and address, answered by mail.
 */
export async function createRequestFromContactIn(
  tx: Tx,
  message: { id: string; name: string; email: string; subject: string; message: string },
  now: number,
): Promise<{ requestId: string; userId: string | null }> {
  const [account] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${message.email})`)
    .limit(1);
  const id = newId();
  const at = new Date(now);
  await tx.insert(support_requests).values({
    id,
    user_id: account?.id ?? null,
    contact_name: message.name,
    contact_email: message.email,
    contact_message_id: message.id,
    source: 'contact',
    topic: 'other',
    subject: subjectOf(message.subject),
    reply_due_at: replyTargetAt(at, 'free'),
    created_at: at,
    updated_at: at,
  });
  await tx.insert(support_messages).values({
    id: newId(),
    request_id: id,
    from_support: false,
    author_id: account?.id ?? null,
    body: `${message.subject}\n\n${message.message}`,
    created_at: at,
  });
  return { requestId: id, userId: account?.id ?? null };
}
