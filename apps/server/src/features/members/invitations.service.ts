import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Farm, Page, PageQuery } from '@gona/shared';
import {
  INVITATION_DAYS,
  type InvitableRole,
  type Invitation,
  type InvitationPreview,
  type InvitationStatus,
  type InviteMemberInputSchema,
} from '@gona/shared/members';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { farm_memberships, farms, invitations, users } from '../../db/schema/index';
import { mails } from '../../integrations/email';
import type { MailQueue } from '../../jobs/mail';
import { auditInsert, auditUpdate } from '../../lib/audit';
import type { Ctx, FarmCtx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { keyset, newestFirst } from '../../lib/pagination';
import { consumeRateLimit } from '../../lib/rate-limit';
import { toFarm } from '../farms/farms.service';

type InviteInput = z.output<typeof InviteMemberInputSchema>;

/**
 * What sending an invitation needs beyond the farm: the mail queue, the site's address for the link
 * and the app's clock (tests move it to see an invitation expire).
 */
export type InviteCtx = FarmCtx & { mail: MailQueue; baseUrl: string; now: Date };

/** Who is accepting: their verified address must be the one the invitation was sent to. */
export type AcceptCtx = Ctx & { email: string; now: Date };

const DAY_MS = 24 * 60 * 60 * 1000;
const pages = keyset({ order: newestFirst(invitations) });

/** Open invitations (not accepted, not withdrawn), newest first; those past their 7 days say expired. */
export async function listInvitations(
  ctx: FarmCtx & { now: Date },
  query: PageQuery,
): Promise<Page<Invitation>> {
  const rows = await ctx.db
    .select({ ...invitationColumns, inviter: inviterName })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invited_by))
    .where(and(eq(invitations.farm_id, ctx.farmId), openInvitation, pages.after(query.cursor)))
    .orderBy(...pages.orderBy)
    .limit(query.limit + 1);
  const page = pages.page(rows, query.limit);
  return { items: page.items.map((row) => toInvitation(row, ctx.now)), next_cursor: page.next_cursor };
}

/**
 * Invites an address with a role and mails it a link valid for INVITATION_DAYS days. Inviting an
 * address that already has an open invitation replaces it (new link, role and expiry; the old link
 * stops working), so two taps on Send make one invitation.
 */
export async function inviteMember(ctx: InviteCtx, input: InviteInput): Promise<Invitation> {
  await countInvitationMail(ctx);
  const token = newToken();
  const invitation = await ctx.db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: users.id })
      .from(farm_memberships)
      .innerJoin(users, eq(users.id, farm_memberships.user_id))
      .where(and(eq(farm_memberships.farm_id, ctx.farmId), eq(sql`lower(${users.email})`, input.email)));
    if (member)
      throw new AppError('CONFLICT', `${input.email} is already a member of this farm.`, {
        email: 'This person is already a member of this farm',
      });
    const values = {
      token_hash: hashToken(token),
      role: input.role,
      invited_by: ctx.userId,
      expires_at: expiryFrom(ctx.now),
      updated_at: new Date(),
    };
    const [row] = await tx
      .insert(invitations)
      .values({ farm_id: ctx.farmId, email: input.email, ...values })
      .onConflictDoUpdate({
        target: [invitations.farm_id, invitations.email],
        targetWhere: openInvitation,
        set: values,
      })
      // xmax is 0 on a row this statement inserted, and set on one it updated.
      .returning({
        id: invitations.id,
        email: invitations.email,
        role: invitations.role,
        inserted: sql<boolean>`xmax = 0`,
      });
    if (!row) throw new AppError('INTERNAL');
    const record = { email: row.email, role: row.role };
    if (row.inserted) await auditInsert(tx, ctx, invitations, { id: row.id, record });
    else
      await auditUpdate(tx, ctx, invitations, {
        id: row.id,
        changes: { resent: { from: null, to: true } },
        context: record,
      });
    return row;
  });
  await mailInvitation(ctx, invitation, token);
  return getInvitation(ctx, invitation.id);
}

/** A fresh link for an open invitation, with 7 more days; the link mailed before stops working. */
export async function resendInvitation(ctx: InviteCtx, invitationId: string): Promise<Invitation> {
  await countInvitationMail(ctx);
  const token = newToken();
  const row = await ctx.db.transaction(async (tx) => {
    const current = await openInvitationFor(tx, ctx, invitationId);
    const [updated] = await tx
      .update(invitations)
      .set({ token_hash: hashToken(token), expires_at: expiryFrom(ctx.now), updated_at: new Date() })
      .where(eq(invitations.id, current.id))
      .returning();
    if (!updated) throw new AppError('NOT_FOUND', 'Invitation not found');
    await auditUpdate(tx, ctx, invitations, {
      id: current.id,
      changes: { resent: { from: null, to: true } },
      context: { email: current.email, role: current.role },
    });
    return updated;
  });
  await mailInvitation(ctx, row, token);
  return getInvitation(ctx, row.id);
}

/** Withdraws an open invitation: its link stops working at once. */
export async function revokeInvitation(
  ctx: FarmCtx & { now: Date },
  invitationId: string,
): Promise<Invitation> {
  await ctx.db.transaction(async (tx) => {
    const current = await openInvitationFor(tx, ctx, invitationId);
    await tx
      .update(invitations)
      .set({ revoked_at: ctx.now, updated_at: new Date() })
      .where(eq(invitations.id, current.id));
    await auditUpdate(tx, ctx, invitations, {
      id: current.id,
      changes: { revoked: { from: false, to: true } },
      context: { email: current.email, role: current.role },
    });
  });
  return getInvitation(ctx, invitationId);
}

/** What an invitation link is about, for anyone holding it (signed in or not). */
export async function previewInvitation(
  ctx: { db: Ctx['db']; now: Date },
  token: string,
): Promise<InvitationPreview> {
  const [row] = await previewQuery(ctx.db).where(eq(invitations.token_hash, hashToken(token)));
  if (!row) throw new AppError('NOT_FOUND', NOT_A_LINK);
  return toPreview(row, ctx.now);
}

/** Open invitations sent to the signed-in person's address (shown where a newcomer would create a farm). */
export async function listMyInvitations(ctx: AcceptCtx): Promise<{ items: InvitationPreview[] }> {
  const rows = await previewQuery(ctx.db)
    .where(
      and(
        eq(invitations.email, ctx.email.toLowerCase()),
        openInvitation,
        gt(invitations.expires_at, ctx.now),
      ),
    )
    .orderBy(sql`${invitations.created_at} desc`)
    .limit(20);
  return { items: rows.map((row) => toPreview(row, ctx.now)) };
}

/**
 * Joins the farm with the invitation's role. Only the address it was sent to may use it (whoever
 * else is signed in is told which address to sign in with). A member who is already on the farm
 * keeps their role. Accepting twice (a double tap) answers the farm again.
 */
export async function acceptInvitation(
  ctx: AcceptCtx,
  find: { token: string } | { id: string },
): Promise<Farm> {
  return ctx.db.transaction(async (tx) => {
    const [invitation] = await tx
      .select()
      .from(invitations)
      .where(
        'token' in find ? eq(invitations.token_hash, hashToken(find.token)) : eq(invitations.id, find.id),
      )
      .for('update');
    const mine = invitation?.email === ctx.email.toLowerCase();
    // By id, an invitation for someone else does not exist for the caller.
    if (!invitation || (!mine && 'id' in find)) throw new AppError('NOT_FOUND', NOT_A_LINK);
    const [farm] = await tx.select().from(farms).where(eq(farms.id, invitation.farm_id));
    if (!farm) throw new AppError('NOT_FOUND', NOT_A_LINK);
    const [member] = await tx
      .select({ role: farm_memberships.role })
      .from(farm_memberships)
      .where(and(eq(farm_memberships.farm_id, farm.id), eq(farm_memberships.user_id, ctx.userId)));
    if (invitation.accepted_by === ctx.userId && member) return toFarm(farm, member.role);
    if (!mine)
      throw new AppError(
        'FORBIDDEN',
        `This invitation was sent to ${invitation.email}. Sign in with that email address to accept it.`,
      );
    const status = statusOf(invitation, ctx.now);
    if (status !== 'pending') throw new AppError('CONFLICT', UNUSABLE[status](farm.name));
    await tx
      .update(invitations)
      .set({ accepted_at: ctx.now, accepted_by: ctx.userId, updated_at: new Date() })
      .where(eq(invitations.id, invitation.id));
    const audit = { ...ctx, farmId: farm.id };
    await auditUpdate(tx, audit, invitations, {
      id: invitation.id,
      changes: { accepted: { from: false, to: true } },
      context: { email: invitation.email, role: invitation.role },
    });
    if (member) return toFarm(farm, member.role);
    const [me] = await tx
      .select({ first_name: users.first_name, last_name: users.last_name })
      .from(users)
      .where(eq(users.id, ctx.userId));
    const [joined] = await tx
      .insert(farm_memberships)
      .values({ farm_id: farm.id, user_id: ctx.userId, role: invitation.role })
      .returning({ id: farm_memberships.id });
    if (!joined) throw new AppError('INTERNAL');
    await auditInsert(tx, audit, farm_memberships, {
      id: joined.id,
      record: { user_id: ctx.userId, ...me, role: invitation.role, farm_name: farm.name, via: 'invitation' },
    });
    return toFarm(farm, invitation.role);
  });
}

const NOT_A_LINK = 'This invitation link is not valid. Ask the farm for a new invitation.';

const UNUSABLE: Record<Exclude<InvitationStatus, 'pending'>, (farm: string) => string> = {
  expired: (farm) =>
    `This invitation has expired (links work for ${INVITATION_DAYS} days). Ask ${farm} to send a new one.`,
  revoked: (farm) => `This invitation was withdrawn by ${farm}. Ask them if you should have a new one.`,
  accepted: () => 'This invitation has already been used. Sign in with the account that accepted it.',
};

/** Not accepted and not withdrawn (it may still be past its 7 days). */
const openInvitation: SQL = and(isNull(invitations.accepted_at), isNull(invitations.revoked_at))!;

const inviterName = sql<string | null>`nullif(trim(${users.first_name} || ' ' || ${users.last_name}), '')`;

const invitationColumns = {
  id: invitations.id,
  email: invitations.email,
  role: invitations.role,
  expires_at: invitations.expires_at,
  accepted_at: invitations.accepted_at,
  revoked_at: invitations.revoked_at,
  created_at: invitations.created_at,
};

type InvitationRow = {
  id: string;
  email: string;
  role: InvitableRole;
  expires_at: Date;
  accepted_at: Date | null;
  revoked_at: Date | null;
  created_at: Date;
  inviter: string | null;
};

function previewQuery(db: Ctx['db']) {
  return db
    .select({ ...invitationColumns, inviter: inviterName, farm_id: farms.id, farm_name: farms.name })
    .from(invitations)
    .innerJoin(farms, eq(farms.id, invitations.farm_id))
    .leftJoin(users, eq(users.id, invitations.invited_by))
    .$dynamic();
}

async function getInvitation(ctx: FarmCtx & { now: Date }, invitationId: string): Promise<Invitation> {
  const [row] = await ctx.db
    .select({ ...invitationColumns, inviter: inviterName })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invited_by))
    .where(and(eq(invitations.farm_id, ctx.farmId), eq(invitations.id, invitationId)));
  if (!row) throw new AppError('NOT_FOUND', 'Invitation not found');
  return toInvitation(row, ctx.now);
}

/** The farm's invitation, locked, refused when it was already used or withdrawn. */
async function openInvitationFor(tx: Tx, ctx: FarmCtx, invitationId: string) {
  const [row] = await tx
    .select()
    .from(invitations)
    .where(and(eq(invitations.farm_id, ctx.farmId), eq(invitations.id, invitationId)))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', 'Invitation not found');
  if (row.accepted_at) throw new AppError('CONFLICT', `${row.email} has already accepted this invitation.`);
  if (row.revoked_at)
    throw new AppError('CONFLICT', 'This invitation was withdrawn. Send a new one instead.');
  return row;
}

async function mailInvitation(
  ctx: InviteCtx,
  invitation: { email: string; role: InvitableRole },
  token: string,
): Promise<void> {
  const [farm] = await ctx.db
    .select({ name: farms.name, inviter: sql<string>`${users.first_name} || ' ' || ${users.last_name}` })
    .from(farms)
    .innerJoin(users, eq(users.id, ctx.userId))
    .where(eq(farms.id, ctx.farmId));
  const link = `${ctx.baseUrl}/invite/${token}`;
  await ctx.mail.enqueue({
    message: mails.invitation(
      invitation.email,
      {
        farmName: farm?.name ?? 'a farm',
        role: ROLE_WORDS[invitation.role],
        invitedBy: farm?.inviter ?? null,
        days: INVITATION_DAYS,
      },
      link,
    ),
  });
}

/**
 * Invitation mail a person may send in an hour: plenty for a farm's team, too few for anyone to use
 * Gona to mail strangers.
 */
export const INVITATION_MAIL_LIMIT = { window: 60 * 60, max: 30 };

async function countInvitationMail(ctx: InviteCtx): Promise<void> {
  const limit = await consumeRateLimit(
    ctx.db,
    `invitations:${ctx.userId}`,
    INVITATION_MAIL_LIMIT,
    ctx.now.getTime(),
  );
  if (!limit.allowed)
    throw new AppError(
      'RATE_LIMITED',
      `You have sent ${INVITATION_MAIL_LIMIT.max} invitations in the last hour. Please wait a while before sending more.`,
    );
}

const ROLE_WORDS: Record<InvitableRole, string> = {
  manager: 'a manager',
  worker: 'a worker',
  viewer: 'a viewer',
};

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this is stored: the link's secret cannot be read back from the table. */
function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function expiryFrom(now: Date): Date {
  return new Date(now.getTime() + INVITATION_DAYS * DAY_MS);
}

function statusOf(
  row: Pick<InvitationRow, 'accepted_at' | 'revoked_at' | 'expires_at'>,
  now: Date,
): InvitationStatus {
  if (row.accepted_at) return 'accepted';
  if (row.revoked_at) return 'revoked';
  return row.expires_at.getTime() <= now.getTime() ? 'expired' : 'pending';
}

function toInvitation(row: InvitationRow, now: Date): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: statusOf(row, now),
    invited_by_name: row.inviter,
    expires_at: row.expires_at.toISOString(),
    created_at: row.created_at.toISOString(),
  };
}

function toPreview(
  row: InvitationRow & { farm_id: string; farm_name: string },
  now: Date,
): InvitationPreview {
  return {
    id: row.id,
    farm_id: row.farm_id,
    farm_name: row.farm_name,
    role: row.role,
    email: row.email,
    invited_by_name: row.inviter,
    status: statusOf(row, now),
    expires_at: row.expires_at.toISOString(),
  };
}
