import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { FileQuery } from '@gona/shared/files';
import { NOTIFICATION_PATHS } from '@gona/shared/notifications';
import type { Page } from '@gona/shared/pagination';
import {
  SUPPORT_REOPEN_DAYS,
  type AdminSupportQuery,
  type AdminSupportRequest,
  type AdminSupportSummary,
  type SavedReply,
} from '@gona/shared/support';
import type { z } from 'zod';
import type {
  AdminSupportReplyInputSchema,
  AdminSupportUpdateInputSchema,
  SavedReplyInputSchema,
} from '@gona/shared/support';
import {
  disputes,
  farms,
  orders,
  support_messages,
  support_requests,
  support_saved_replies,
  users,
} from '../../db/schema/index';
import { auditDelete, auditInsert, auditUpdate, type FieldChanges } from '../../lib/audit';
import type { Ctx, Deps } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import type { OpenedFile } from '../../lib/file-http';
import { byValue, keyset } from '../../lib/pagination';
import { containing } from '../../lib/search';
import { openRow } from '../files/files.service';
import { notify } from '../notifications/notify.service';
import { farmPlan } from '../plans/plans.service';
import {
  REQUEST_NOT_FOUND,
  attachmentOf,
  lockRequest,
  summaryOf,
  threadOf,
  type RequestRow,
} from './support.rows';
import { personName } from './support.service';

/**
 * Gona's support desk (/api/admin/support, platform admins): the queue, one request with the
 * person's farm, plan, orders and disputes beside it, replies and internal notes, assigning, states
 * and saved replies. Every change is audited under the admin's name; a request's attachments are
 * the only files of the farm support reads.
 */

type ReplyInput = z.output<typeof AdminSupportReplyInputSchema>;
type UpdateInput = z.output<typeof AdminSupportUpdateInputSchema>;
type SavedInput = z.output<typeof SavedReplyInputSchema>;
type Clock = Pick<Deps, 'now'>;

const DAY_MS = 24 * 60 * 60 * 1000;
const assignee = sql<
  string | null
>`(select nullif(trim(a.first_name || ' ' || a.last_name), '') from users a where a.id = ${support_requests.assigned_to})`;

export const adminFileUrl = (requestId: string, fileId: string) =>
  `/api/admin/support/requests/${requestId}/files/${fileId}`;

const CURSOR_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
// Priority first (NOT priority is false for them), then the oldest.
const queuePages = keyset({
  order: byValue(support_requests, {
    tag: 'support',
    key: sql<boolean>`(NOT ${support_requests.priority})`,
    cast: 'boolean',
    valid: (v) => v === 'true' || v === 'false',
    then: {
      key: support_requests.created_at,
      cast: 'timestamptz',
      valid: (v) => CURSOR_TIME.test(v) && !Number.isNaN(Date.parse(v)),
    },
  }),
});

/** A state as the queue filters it: a solved request past the reopen window is closed. */
function stateIs(state: AdminSupportQuery['state'], now: number): SQL | undefined {
  if (!state) return undefined;
  const windowStart = new Date(now - SUPPORT_REOPEN_DAYS * DAY_MS);
  const lapsed = and(
    eq(support_requests.state, 'solved'),
    sql`${support_requests.solved_at} < ${windowStart}`,
  );
  if (state === 'closed') return or(eq(support_requests.state, 'closed'), lapsed);
  if (state === 'solved')
    return and(eq(support_requests.state, 'solved'), sql`${support_requests.solved_at} >= ${windowStart}`);
  return eq(support_requests.state, state);
}

export async function listSupportQueue(
  ctx: Ctx,
  query: AdminSupportQuery,
  deps: Clock,
): Promise<Page<AdminSupportSummary>> {
  const now = deps.now();
  const search = query.q ? containing(query.q) : null;
  const rows = await ctx.db
    .select({
      id: support_requests.id,
      sort_value: sql<string>`(NOT ${support_requests.priority})::text`,
      sort_then: support_requests.created_at,
      request: support_requests,
      person_name: personName,
      email: sql<string>`coalesce(${users.email}, ${support_requests.contact_email}, '')`,
      farm_name: farms.name,
      assigned_to_name: assignee,
    })
    .from(support_requests)
    .leftJoin(users, eq(users.id, support_requests.user_id))
    .leftJoin(farms, eq(farms.id, support_requests.about_farm_id))
    .where(
      and(
        query.topic ? eq(support_requests.topic, query.topic) : undefined,
        stateIs(query.state, now),
        query.waiting_for_support ? eq(support_requests.state, 'open') : undefined,
        query.mine ? eq(support_requests.assigned_to, ctx.userId) : undefined,
        search
          ? or(
              ilike(support_requests.subject, search),
              ilike(users.email, search),
              ilike(support_requests.contact_email, search),
              ilike(personName, search),
              ilike(farms.name, search),
            )
          : undefined,
        queuePages.after(query.cursor),
      ),
    )
    .orderBy(...queuePages.orderBy)
    .limit(query.limit + 1);
  const page = queuePages.page(rows, query.limit);
  return {
    items: page.items.map((r) => summaryForAdmin(ctx, r.request, r, now)),
    next_cursor: page.next_cursor,
  };
}

function summaryForAdmin(
  ctx: Ctx,
  request: RequestRow,
  r: { person_name: string; email: string; farm_name: string | null; assigned_to_name: string | null },
  now: number,
): AdminSupportSummary {
  return {
    ...summaryOf(request, now),
    person_name: r.person_name,
    email: r.email,
    farm_name: r.farm_name,
    assigned_to_name: r.assigned_to_name,
    assigned_to_me: request.assigned_to === ctx.userId,
    by_mail: request.user_id === null,
  };
}

export async function getSupportRequestForAdmin(
  ctx: Ctx,
  requestId: string,
  deps: Clock,
): Promise<AdminSupportRequest> {
  const now = deps.now();
  const [r] = await ctx.db
    .select({
      request: support_requests,
      person_name: personName,
      email: sql<string>`coalesce(${users.email}, ${support_requests.contact_email}, '')`,
      farm_name: farms.name,
      assigned_to_name: assignee,
    })
    .from(support_requests)
    .leftJoin(users, eq(users.id, support_requests.user_id))
    .leftJoin(farms, eq(farms.id, support_requests.about_farm_id))
    .where(eq(support_requests.id, requestId));
  if (!r) throw new AppError('NOT_FOUND', REQUEST_NOT_FOUND);
  const { request } = r;
  const entries = await threadOf(ctx.db, request, {
    withNotes: true,
    fileUrl: (fileId) => adminFileUrl(request.id, fileId),
  });
  const plan = request.about_farm_id ? await farmPlan(ctx.db, request.about_farm_id) : null;
  const whose = or(
    request.user_id ? eq(orders.buyer_id, request.user_id) : undefined,
    request.about_farm_id ? eq(orders.farm_id, request.about_farm_id) : undefined,
    request.about_kind === 'order' && request.about_id ? eq(orders.id, request.about_id) : undefined,
  );
  const recent = whose
    ? await ctx.db
        .select({
          id: orders.id,
          reference: orders.reference,
          title: orders.title,
          status: orders.status,
          buyer_id: orders.buyer_id,
          created_at: orders.created_at,
        })
        .from(orders)
        .where(whose)
        .orderBy(desc(orders.created_at), desc(orders.id))
        .limit(5)
    : [];
  const disputeRows = whose
    ? await ctx.db
        .select({
          id: disputes.id,
          order_id: disputes.order_id,
          title: orders.title,
          status: disputes.status,
          created_at: disputes.created_at,
        })
        .from(disputes)
        .innerJoin(orders, eq(orders.id, disputes.order_id))
        .where(whose)
        .orderBy(desc(disputes.created_at))
        .limit(5)
    : [];
  return {
    ...summaryForAdmin(ctx, request, r, now),
    user_id: request.user_id,
    farm_id: request.about_farm_id,
    about: request.about_kind && request.about_id ? { kind: request.about_kind, id: request.about_id } : null,
    entries,
    plan,
    recent_orders: recent.map((o) => ({
      id: o.id,
      reference: o.reference,
      title: o.title,
      status: o.status,
      side: request.user_id !== null && o.buyer_id === request.user_id ? 'bought' : 'sold',
      created_at: o.created_at.toISOString(),
    })),
    disputes: disputeRows.map((d) => ({
      id: d.id,
      order_id: d.order_id,
      title: d.title,
      status: d.status,
      about_this_request: request.about_kind === 'order' && request.about_id === d.order_id,
      created_at: d.created_at.toISOString(),
    })),
  };
}

/**
 * Support's reply or internal note. A reply (not a note) waits for the person, or is solved with
 * `solve`; the person hears of it once (in the app, by push and mail, through notify), or by mail
 * when the request came from the contact form without an account. Its id is the app's: sent
 * twice, it is kept and told once.
 */
export async function replyAsSupport(
  ctx: Ctx,
  requestId: string,
  input: ReplyInput,
  deps: Pick<Deps, 'now' | 'mail' | 'logger'>,
): Promise<AdminSupportRequest> {
  const now = deps.now();
  const mailTo = await ctx.db.transaction(async (tx) => {
    const request = await lockRequest(tx, requestId);
    const [earlier] = await tx
      .select({ request_id: support_messages.request_id })
      .from(support_messages)
      .where(eq(support_messages.id, input.id));
    if (earlier) {
      if (earlier.request_id !== requestId) throw new AppError('CONFLICT', 'This reply already exists.');
      return null;
    }
    const at = new Date(now);
    await tx.insert(support_messages).values({
      id: input.id,
      request_id: requestId,
      from_support: true,
      internal: input.internal,
      author_id: ctx.userId,
      body: input.body,
      created_at: at,
    });
    await auditInsert(tx, { ...ctx, farmId: null }, support_messages, {
      id: input.id,
      record: {
        request_id: requestId,
        subject: request.subject,
        internal: input.internal,
        solve: input.solve,
      },
    });
    if (input.internal) return null;
    await tx
      .update(support_requests)
      .set({
        state: input.solve ? 'solved' : 'waiting',
        solved_at: input.solve ? at : null,
        last_reply_at: at,
        updated_at: at,
        version: sql`${support_requests.version} + 1`,
      })
      .where(eq(support_requests.id, requestId));
    if (request.user_id) {
      await notify(
        { db: tx },
        {
          userIds: [request.user_id],
          kind: 'support_reply',
          params: { request_id: requestId, subject: request.subject, solved: input.solve },
          link: NOTIFICATION_PATHS.supportRequest(requestId),
          dedupeKey: `support_reply:${input.id}`,
        },
      );
      return null;
    }
    return request.contact_email ? { to: request.contact_email, subject: request.subject } : null;
  });
  if (mailTo) {
    // The contact form's sender has no account: the answer goes by mail, after commit.
    await deps.mail
      .enqueue({
        message: {
          to: mailTo.to,
          subject: `Re: ${mailTo.subject.replace(/\s+/g, ' ')}`,
          text: [
            input.body,
            '',
            '— Gona support',
            '',
            'To answer, write to us again on Gona’s contact page.',
          ].join('\n'),
        },
      })
      .catch((err: unknown) => deps.logger.error(`support: reply ${input.id} not queued for mailing`, err));
  }
  return getSupportRequestForAdmin(ctx, requestId, deps);
}

/** Assigns a request (to one of Gona's staff, or nobody) and moves its state; audited. */
export async function updateSupportRequest(
  ctx: Ctx,
  requestId: string,
  input: UpdateInput,
  deps: Clock,
): Promise<AdminSupportRequest> {
  const now = deps.now();
  await ctx.db.transaction(async (tx) => {
    const request = await lockRequest(tx, requestId);
    if (request.version !== input.version)
      throw new AppError('CONFLICT', 'Someone changed this request meanwhile. Reload it and try again.');
    if (input.assigned_to) {
      const [staff] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, input.assigned_to), eq(users.platform_role, 'admin')));
      if (!staff) throw new AppError('VALIDATION', undefined, { assigned_to: 'Choose one of Gona’s staff' });
    }
    const changes: FieldChanges = {};
    const set: Partial<typeof support_requests.$inferInsert> = {};
    if (input.assigned_to !== undefined && input.assigned_to !== request.assigned_to) {
      changes.assigned_to = { from: request.assigned_to, to: input.assigned_to };
      set.assigned_to = input.assigned_to;
    }
    if (input.state !== undefined && input.state !== request.state) {
      changes.state = { from: request.state, to: input.state };
      set.state = input.state;
      set.solved_at = input.state === 'solved' ? new Date(now) : null;
    }
    if (Object.keys(set).length === 0) return;
    await tx
      .update(support_requests)
      .set({ ...set, updated_at: new Date(now), version: sql`${support_requests.version} + 1` })
      .where(eq(support_requests.id, requestId));
    await auditUpdate(tx, { ...ctx, farmId: null }, support_requests, {
      id: requestId,
      changes,
      context: { subject: request.subject },
    });
  });
  return getSupportRequestForAdmin(ctx, requestId, deps);
}

/** An attachment of a request, for support: the only files of a farm support reads. */
export async function openSupportFileAsAdmin(
  ctx: Ctx,
  requestId: string,
  input: FileQuery & { fileId: string; ifNoneMatch: string | undefined },
  deps: Pick<Deps, 'storage'>,
): Promise<OpenedFile> {
  const { fileId, ...query } = input;
  const file = await attachmentOf(ctx.db, requestId, fileId);
  return openRow(ctx, deps.storage, file, query);
}

export async function listSavedReplies(ctx: Ctx): Promise<{ items: SavedReply[] }> {
  const rows = await ctx.db
    .select()
    .from(support_saved_replies)
    .orderBy(support_saved_replies.title, support_saved_replies.id);
  return { items: rows.map(savedReplyOf) };
}

export async function createSavedReply(ctx: Ctx, input: SavedInput): Promise<SavedReply> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(support_saved_replies)
      .values({ title: input.title, body: input.body, created_by: ctx.userId })
      .returning();
    await auditInsert(tx, { ...ctx, farmId: null }, support_saved_replies, {
      id: row!.id,
      record: { title: input.title },
    });
    return savedReplyOf(row!);
  });
}

export async function deleteSavedReply(ctx: Ctx, replyId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(support_saved_replies)
      .where(eq(support_saved_replies.id, replyId))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', 'This saved reply could not be found');
    await auditDelete(tx, { ...ctx, farmId: null }, support_saved_replies, {
      id: replyId,
      record: { title: row.title },
    });
  });
}

function savedReplyOf(row: typeof support_saved_replies.$inferSelect): SavedReply {
  return { id: row.id, title: row.title, body: row.body, created_at: row.created_at.toISOString() };
}
