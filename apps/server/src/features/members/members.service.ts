import { and, asc, count, eq, ne } from 'drizzle-orm';
import { can, type Farm, type FarmRole, type Page, type PageQuery } from '@gona/shared';
import type { ChangeMemberRoleInputSchema, Member, TransferOwnershipInputSchema } from '@gona/shared/members';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { farm_memberships, farms, users } from '../../db/schema/index';
import { auditDelete, auditUpdate } from '../../lib/audit';
import type { FarmCtx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { keyset } from '../../lib/pagination';
import { checkOwnPassword, type PasswordCheckCtx } from '../account/password.service';
import { toFarm } from '../farms/farms.service';

type ChangeRole = z.output<typeof ChangeMemberRoleInputSchema>;
type TransferOwnership = z.output<typeof TransferOwnershipInputSchema>;

/**
 * Who may sign in to a farm. Every change runs with the farm row locked (lockFarm) and reads the
 * caller's own role again under that lock, so two changes to one farm's members happen one after the
 * other: two owners demoting each other at the same moment leave one owner, never none.
 * Only an owner may touch an owner (change their role, remove them) or make someone an owner;
 * a farm always keeps at least one owner, and farms.owner_id always names one of them.
 */

const pages = keyset({ order: { by: 'name', name: users.name, id: users.id } });

/** The farm's members by name, each with their role. */
export async function listMembers(ctx: FarmCtx, query: PageQuery): Promise<Page<Member>> {
  const rows = await ctx.db
    .select({ ...memberColumns, id: users.id, name: users.name })
    .from(farm_memberships)
    .innerJoin(users, eq(users.id, farm_memberships.user_id))
    .innerJoin(farms, eq(farms.id, farm_memberships.farm_id))
    .where(and(eq(farm_memberships.farm_id, ctx.farmId), pages.after(query.cursor)))
    .orderBy(...pages.orderBy)
    .limit(query.limit + 1);
  const page = pages.page(rows, query.limit);
  return { items: page.items.map((row) => toMember(ctx, row)), next_cursor: page.next_cursor };
}

export async function changeMemberRole(ctx: FarmCtx, userId: string, input: ChangeRole): Promise<Member> {
  return ctx.db.transaction(async (tx) => {
    const farm = await lockFarm(tx, ctx);
    const target = await memberOf(tx, ctx.farmId, userId);
    if (target.role === input.role) return toMember(ctx, target);
    if (target.role === 'owner' || input.role === 'owner') {
      if (farm.callerRole !== 'owner')
        throw new AppError('FORBIDDEN', 'Only an owner can change an owner’s role or make someone an owner.');
      if (target.role === 'owner') await keepAnOwner(tx, ctx.farmId, target, 'demote');
    }
    await tx
      .update(farm_memberships)
      .set({ role: input.role })
      .where(and(eq(farm_memberships.farm_id, ctx.farmId), eq(farm_memberships.user_id, userId)));
    if (farm.owner_id === userId && input.role !== 'owner') await passFarmOwnerOnIn(tx, ctx.farmId, userId);
    await auditUpdate(tx, ctx, farm_memberships, {
      id: target.membership_id,
      changes: { role: { from: target.role, to: input.role } },
      context: personOf(target),
    });
    return toMember(ctx, { ...target, role: input.role, owner_id: await farmOwnerId(tx, ctx.farmId) });
  });
}

/** Takes someone off the farm (their records stay); the caller may be removing themselves. */
export async function removeMember(ctx: FarmCtx, userId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const farm = await lockFarm(tx, ctx);
    const target = await memberOf(tx, ctx.farmId, userId);
    if (target.role === 'owner') {
      if (farm.callerRole !== 'owner')
        throw new AppError('FORBIDDEN', 'Only an owner can remove an owner from the farm.');
      await keepAnOwner(tx, ctx.farmId, target, userId === ctx.userId ? 'leave' : 'remove');
    }
    await deleteMembership(tx, ctx, farm, target);
  });
}

/** Any member may leave, except the farm's last owner, who transfers ownership or deletes the farm first. */
export async function leaveFarm(ctx: FarmCtx): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const farm = await lockFarm(tx, ctx, 'records.read');
    const me = await memberOf(tx, ctx.farmId, ctx.userId);
    if (me.role === 'owner') await keepAnOwner(tx, ctx.farmId, me, 'leave');
    await deleteMembership(tx, ctx, farm, me);
  });
}

/**
 * Hands the farm to another member, once the owner has typed their password: the new owner becomes
 * the farm's named owner (farms.owner_id), and the caller stays on as a manager.
 */
export async function transferOwnership(
  ctx: FarmCtx & PasswordCheckCtx,
  input: TransferOwnership,
): Promise<Farm> {
  if (input.user_id === ctx.userId)
    throw new AppError('VALIDATION', undefined, {
      user_id: 'Choose another member; you already own this farm',
    });
  await checkOwnPassword(ctx, input.password);
  return ctx.db.transaction(async (tx) => {
    const farm = await lockFarm(tx, ctx, 'farm.billing');
    const target = await memberOf(tx, ctx.farmId, input.user_id);
    const me = await memberOf(tx, ctx.farmId, ctx.userId);
    const setRole = (userId: string, role: FarmRole) =>
      tx
        .update(farm_memberships)
        .set({ role })
        .where(and(eq(farm_memberships.farm_id, ctx.farmId), eq(farm_memberships.user_id, userId)));
    await setRole(target.user_id, 'owner');
    await setRole(ctx.userId, 'manager');
    const [row] = await tx
      .update(farms)
      .set({ owner_id: target.user_id, updated_at: new Date() })
      .where(eq(farms.id, ctx.farmId))
      .returning();
    if (!row) throw new AppError('NOT_FOUND');
    for (const [member, to] of [
      [target, 'owner'],
      [me, 'manager'],
    ] as const) {
      await auditUpdate(tx, ctx, farm_memberships, {
        id: member.membership_id,
        changes: member.role === to ? null : { role: { from: member.role, to } },
        context: personOf(member),
      });
    }
    await auditUpdate(tx, ctx, farms, {
      id: ctx.farmId,
      changes: { owner_id: { from: farm.owner_id, to: target.user_id } },
      context: { name: row.name, ...personOf(target) },
    });
    return toFarm(row, 'manager');
  });
}

const memberColumns = {
  membership_id: farm_memberships.id,
  user_id: farm_memberships.user_id,
  role: farm_memberships.role,
  joined_at: farm_memberships.created_at,
  first_name: users.first_name,
  last_name: users.last_name,
  email: users.email,
  owner_id: farms.owner_id,
};

type MemberRow = {
  membership_id: string;
  user_id: string;
  role: FarmRole;
  joined_at: Date;
  first_name: string;
  last_name: string;
  email: string;
  owner_id: string;
};

type LockedFarm = { owner_id: string; name: string; callerRole: FarmRole };

/**
 * Locks the farm row for the rest of the transaction, then reads the caller's role again: a role
 * changed by a request that held the lock first counts, not the one the guard saw.
 */
async function lockFarm(tx: Tx, ctx: FarmCtx, action: Parameters<typeof can>[1] = 'staff.manage') {
  const [farm] = await tx
    .select({ owner_id: farms.owner_id, name: farms.name })
    .from(farms)
    .where(eq(farms.id, ctx.farmId))
    .for('update');
  if (!farm) throw new AppError('NOT_FOUND');
  const [mine] = await tx
    .select({ role: farm_memberships.role })
    .from(farm_memberships)
    .where(and(eq(farm_memberships.farm_id, ctx.farmId), eq(farm_memberships.user_id, ctx.userId)));
  if (!mine) throw new AppError('NOT_FOUND');
  if (!can(mine.role, action)) throw new AppError('FORBIDDEN');
  return { ...farm, callerRole: mine.role } satisfies LockedFarm;
}

async function memberOf(tx: Tx, farmId: string, userId: string): Promise<MemberRow> {
  const [row] = await tx
    .select(memberColumns)
    .from(farm_memberships)
    .innerJoin(users, eq(users.id, farm_memberships.user_id))
    .innerJoin(farms, eq(farms.id, farm_memberships.farm_id))
    .where(and(eq(farm_memberships.farm_id, farmId), eq(farm_memberships.user_id, userId)));
  if (!row) throw new AppError('NOT_FOUND', 'This person is not a member of this farm.');
  return row;
}

const LAST_OWNER: Record<'demote' | 'remove' | 'leave', (name: string) => string> = {
  demote: (name) =>
    `${name} is the farm’s only owner. Make another member an owner, or transfer ownership, first.`,
  remove: (name) =>
    `${name} is the farm’s only owner. Make another member an owner, or transfer ownership, first.`,
  leave: () =>
    'You are the only owner of this farm. Transfer ownership to another member, or delete the farm, before you leave.',
};

/** Refuses a change that would leave the farm without an owner. */
async function keepAnOwner(
  tx: Tx,
  farmId: string,
  target: MemberRow,
  change: keyof typeof LAST_OWNER,
): Promise<void> {
  const [others] = await tx
    .select({ n: count() })
    .from(farm_memberships)
    .where(
      and(
        eq(farm_memberships.farm_id, farmId),
        eq(farm_memberships.role, 'owner'),
        ne(farm_memberships.user_id, target.user_id),
      ),
    );
  if (!others || others.n === 0)
    throw new AppError('CONFLICT', LAST_OWNER[change](`${target.first_name} ${target.last_name}`));
}

async function deleteMembership(tx: Tx, ctx: FarmCtx, farm: LockedFarm, target: MemberRow): Promise<void> {
  await tx
    .delete(farm_memberships)
    .where(and(eq(farm_memberships.farm_id, ctx.farmId), eq(farm_memberships.user_id, target.user_id)));
  if (farm.owner_id === target.user_id) await passFarmOwnerOnIn(tx, ctx.farmId, target.user_id);
  await auditDelete(tx, ctx, farm_memberships, {
    id: target.membership_id,
    record: { ...personOf(target), role: target.role, farm_name: farm.name },
  });
}

/**
 * The named owner stops being an owner (or leaves Gona): the longest-standing other owner takes the
 * name. The caller has made sure there is one (keepAnOwner).
 */
export async function passFarmOwnerOnIn(tx: Tx, farmId: string, leavingUserId: string): Promise<void> {
  const [next] = await tx
    .select({ user_id: farm_memberships.user_id })
    .from(farm_memberships)
    .where(
      and(
        eq(farm_memberships.farm_id, farmId),
        eq(farm_memberships.role, 'owner'),
        ne(farm_memberships.user_id, leavingUserId),
      ),
    )
    .orderBy(asc(farm_memberships.created_at), asc(farm_memberships.id))
    .limit(1);
  if (!next) throw new AppError('CONFLICT', 'The farm needs another owner first.');
  await tx.update(farms).set({ owner_id: next.user_id }).where(eq(farms.id, farmId));
}

async function farmOwnerId(tx: Tx, farmId: string): Promise<string> {
  const [row] = await tx.select({ owner_id: farms.owner_id }).from(farms).where(eq(farms.id, farmId));
  return row?.owner_id ?? '';
}

/**
 * Who an audit row about a member is about, so the Activity screen can name them. `user_id` marks
 * the row as theirs: deleting their account strips the name from it (account.service).
 */
function personOf(row: Pick<MemberRow, 'user_id' | 'first_name' | 'last_name'>) {
  return { user_id: row.user_id, first_name: row.first_name, last_name: row.last_name };
}

function toMember(ctx: FarmCtx, row: MemberRow): Member {
  return {
    user_id: row.user_id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    role: row.role,
    joined_at: row.joined_at.toISOString(),
    is_you: row.user_id === ctx.userId,
    is_farm_owner: row.owner_id === row.user_id,
  };
}
