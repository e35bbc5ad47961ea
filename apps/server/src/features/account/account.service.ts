import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  getTableName,
  inArray,
  is,
  ne,
  or,
  sql,
} from 'drizzle-orm';
import { PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import type { Me } from '@gona/shared';
import type { Language } from '@gona/shared/auth';
import type { AccountExport, AccountSession, UpdateProfileSchema } from '@gona/shared/account';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import * as schema from '../../db/schema/index';
import {
  audit_logs,
  farm_memberships,
  farms,
  invitations,
  rate_limits,
  sessions,
  users,
  verifications,
} from '../../db/schema/index';
import { auditDelete, auditUpdate } from '../../lib/audit';
import { accountKey } from '../../lib/auth';
import type { Ctx, Deps } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { visibleAuditLog } from '../../lib/visible-fields';
import { stopRenewalsPaidBy, tellOwnersRenewalStopped } from '../billing/billing.service';
import { passFarmOwnerOnIn } from '../members/members.service';
import { describeUserAgent } from './user-agent';

type UpdateProfile = z.output<typeof UpdateProfileSchema>;

/**
 * The signed-in person's own account: profile, signed-in devices, and the Nigeria Data Protection
 * Act 2023's rights of access, portability and erasure (decision 029).
 */

/** Settings › Profile. `name` (better-auth's display name) follows the first and last name. */
export async function updateProfile(ctx: Ctx, input: UpdateProfile): Promise<Me> {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, ctx.userId)).for('update');
    if (!before) throw new AppError('UNAUTHENTICATED');
    const changes = Object.fromEntries(
      (['first_name', 'last_name', 'phone', 'language'] as const)
        .filter((field) => before[field] !== input[field])
        .map((field) => [field, { from: before[field], to: input[field] }]),
    );
    if (Object.keys(changes).length === 0) return toMe(before);
    const [row] = await tx
      .update(users)
      .set({ ...input, name: `${input.first_name} ${input.last_name}`, updated_at: new Date() })
      .where(eq(users.id, ctx.userId))
      .returning();
    if (!row) throw new AppError('UNAUTHENTICATED');
    await auditUpdate(tx, { ...ctx, farmId: null }, users, { id: ctx.userId, changes });
    return toMe(row);
  });
}

/** The language picker: only the language, audited like the rest of the profile. */
export async function updateLanguage(ctx: Ctx, language: Language): Promise<Me> {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, ctx.userId)).for('update');
    if (!before) throw new AppError('UNAUTHENTICATED');
    if (before.language === language) return toMe(before);
    const [row] = await tx
      .update(users)
      .set({ language, updated_at: new Date() })
      .where(eq(users.id, ctx.userId))
      .returning();
    if (!row) throw new AppError('UNAUTHENTICATED');
    await auditUpdate(tx, { ...ctx, farmId: null }, users, {
      id: ctx.userId,
      changes: { language: { from: before.language, to: language } },
    });
    return toMe(row);
  });
}

/** Devices signed in to the account, most recently used first; `currentToken` marks this one. */
export async function listSessions(
  ctx: Ctx,
  currentToken: string | null,
): Promise<{ items: AccountSession[] }> {
  const rows = await sessionsOf(ctx.db, ctx.userId, currentToken);
  return { items: rows };
}

/** Signs one device out: its session ends, so its next request is refused. */
export async function signOutSession(ctx: Ctx, sessionId: string): Promise<void> {
  const [gone] = await ctx.db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.user_id, ctx.userId)))
    .returning({ id: sessions.id });
  if (!gone) throw new AppError('NOT_FOUND', 'That device is already signed out.');
}

/**
 * "Download my data": the profile, memberships, each farm the person owns with its records (every
 * table that belongs to a farm), invitations sent to them, their activity, and their sessions
 * without the secret tokens.
 */
export async function exportMyData(ctx: Ctx, now: Date): Promise<AccountExport> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, ctx.userId));
  if (!user) throw new AppError('UNAUTHENTICATED');
  const memberships = await ctx.db
    .select({
      farm_id: farms.id,
      farm_name: farms.name,
      role: farm_memberships.role,
      joined_at: farm_memberships.created_at,
    })
    .from(farm_memberships)
    .innerJoin(farms, eq(farms.id, farm_memberships.farm_id))
    .where(eq(farm_memberships.user_id, ctx.userId))
    .orderBy(asc(farm_memberships.created_at));
  const owned = memberships.filter((m) => m.role === 'owner').map((m) => m.farm_id);
  const ownedFarms =
    owned.length === 0 ? [] : await ctx.db.select().from(farms).where(inArray(farms.id, owned));
  const records = await Promise.all(FARM_TABLES.map((table) => farmRecords(ctx, table, owned)));
  const myInvitations = await ctx.db
    .select(publicColumns(invitations))
    .from(invitations)
    .where(eq(invitations.email, user.email));
  const activity = await ctx.db
    .select()
    .from(audit_logs)
    .where(eq(audit_logs.user_id, ctx.userId))
    .orderBy(desc(audit_logs.created_at), desc(audit_logs.id));
  return {
    exported_at: now.toISOString(),
    profile: {
      id: user.id,
      email: user.email,
      first_name: user.first_name,
      last_name: user.last_name,
      phone: user.phone,
      language: user.language,
      email_verified: user.email_verified,
      created_at: user.created_at.toISOString(),
      updated_at: user.updated_at.toISOString(),
    },
    memberships: memberships.map((m) => ({ ...m, joined_at: m.joined_at.toISOString() })),
    owned_farms: ownedFarms.map((farm) => ({
      ...farm,
      records: Object.fromEntries(
        FARM_TABLES.map((table, i) => [
          getTableName(table),
          (records[i] ?? []).filter((row) => row.farm_id === farm.id),
        ]),
      ),
    })),
    invitations: myInvitations,
    // Their own history, read as their role on each farm now allows (as the activity screen does).
    activity: activity.flatMap((row) => {
      if (row.farm_id === null) return [row];
      const role = memberships.find((m) => m.farm_id === row.farm_id)?.role ?? null;
      const visible = visibleAuditLog(role, row);
      return visible ? [visible] : [];
    }),
    sessions: (await sessionsOf(ctx.db, ctx.userId, null)).map(({ current: _current, ...s }) => s),
  };
}

/**
 * Erasure. Refused while the person is the only owner of a farm (they hand it over or delete it
 * first: a farm is never left without an owner, and its records are not theirs alone). Otherwise, in
 * one transaction: a card subscription of theirs that pays for a farm's Gona Pro stops renewing
 * (Pro stays to the end of the paid time; the owners who stay are told); farms they co-own pass to
 * another owner; their audit rows lose the link to them
 * and the personal fields about them, but keep their ids and what happened on the farms; invitations
 * to their address go; then the account itself, with its sessions, password and memberships.
 */
export async function deleteAccount(
  ctx: Ctx,
  input: { email: string },
  deps: Pick<Deps, 'payments' | 'now' | 'logger'>,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, ctx.userId)).for('update');
    if (!user) throw new AppError('UNAUTHENTICATED');
    if (input.email.trim().toLowerCase() !== user.email.toLowerCase())
      throw new AppError('VALIDATION', undefined, {
        email: 'Type the email address of this account exactly, to confirm',
      });

    const owned = await ownedFarmsOf(tx, ctx.userId);
    const alone = owned.filter((farm) => farm.other_owners === 0);
    if (alone.length > 0)
      throw new AppError(
        'CONFLICT',
        `You are the only owner of ${listOf(alone.map((farm) => farm.name))}. Transfer ownership to another member, or delete ${alone.length === 1 ? 'the farm' : 'these farms'}, before you delete your account.`,
      );
    // Their card stops paying for the farms they leave (Pro stays to the end of the paid time).
    const renewalsStopped = await stopRenewalsPaidBy(tx, ctx.userId, deps);
    for (const farm of owned.filter((f) => f.owner_id === ctx.userId))
      await passFarmOwnerOnIn(tx, farm.id, ctx.userId);

    await anonymiseAuditTrail(tx, ctx.userId, user.email);
    await tx.delete(invitations).where(eq(invitations.email, user.email));
    await tx.delete(verifications).where(eq(verifications.value, ctx.userId));
    await tx.delete(rate_limits).where(eq(rate_limits.key, accountKey(user.email)));
    await tx.delete(users).where(eq(users.id, ctx.userId));
    await tellOwnersRenewalStopped(tx, renewalsStopped);
    // That it happened, and no more: who it was is gone with the account.
    await auditDelete(tx, { userId: null, logger: ctx.logger, farmId: null }, users, {
      id: ctx.userId,
      record: {},
    });
  });
}

/** What an audit row about a person says of them (lib/audit's rows name people this way); deletion removes it. */
const PERSONAL_FIELDS = ['user_id', 'first_name', 'last_name', 'name', 'email', 'phone'];

/**
 * Keeps the rows (their ids, farms, tables, records and what changed on the farm) while removing
 * the person: the rows they wrote no longer name them (user_id null, shown as "Someone"), and the
 * rows about them (their profile changes, their memberships, invitations to their address) lose
 * their id, name, email and phone.
 */
async function anonymiseAuditTrail(tx: Tx, userId: string, email: string): Promise<void> {
  const personal = sql`ARRAY[${sql.join(
    PERSONAL_FIELDS.map((field) => sql`${field}`),
    sql`, `,
  )}]::text[]`;
  await tx
    .update(audit_logs)
    .set({ changes: sql`${audit_logs.changes} - ${personal}` })
    .where(
      or(
        and(eq(audit_logs.table_name, getTableName(users)), eq(audit_logs.record_id, userId)),
        sql`${audit_logs.changes}->>'user_id' = ${userId}`,
        and(
          eq(audit_logs.table_name, getTableName(invitations)),
          sql`${audit_logs.changes}->>'email' = ${email}`,
        ),
      ),
    );
  await tx.update(audit_logs).set({ user_id: null }).where(eq(audit_logs.user_id, userId));
}

type OwnedFarm = { id: string; name: string; owner_id: string; other_owners: number };

/** Farms the person owns, locked, with how many other owners each has. */
async function ownedFarmsOf(tx: Tx, userId: string): Promise<OwnedFarm[]> {
  const mine = await tx
    .select({ id: farms.id, name: farms.name, owner_id: farms.owner_id })
    .from(farms)
    .innerJoin(farm_memberships, eq(farm_memberships.farm_id, farms.id))
    .where(
      and(
        eq(farm_memberships.user_id, userId),
        or(eq(farm_memberships.role, 'owner'), eq(farms.owner_id, userId)),
      ),
    )
    .orderBy(asc(farms.name))
    .for('update', { of: farms });
  if (mine.length === 0) return [];
  const others = await tx
    .select({ farm_id: farm_memberships.farm_id, n: count() })
    .from(farm_memberships)
    .where(
      and(
        inArray(
          farm_memberships.farm_id,
          mine.map((farm) => farm.id),
        ),
        eq(farm_memberships.role, 'owner'),
        ne(farm_memberships.user_id, userId),
      ),
    )
    .groupBy(farm_memberships.farm_id);
  return mine.map((farm) => ({ ...farm, other_owners: others.find((o) => o.farm_id === farm.id)?.n ?? 0 }));
}

type FarmTable = PgTable & { farm_id: PgColumn };

/**
 * Columns never exported: secrets that only their hash is kept of, and Gona Pro's email_token
 * (with the subscription code it stops the farm's card subscription at Paystack).
 */
const SECRET_COLUMNS = new Set(['token_hash', 'email_token']);

/**
 * Every table that belongs to a farm (it has farm_id), found in the schema, so a feature's records
 * are in the export from the day its table exists. The audit log is the exception: its farm
 * history is not the person's data (their own activity is exported separately).
 */
const FARM_TABLES = (Object.values(schema) as unknown[]).filter(
  (table): table is FarmTable =>
    is(table, PgTable) && 'farm_id' in getTableColumns(table) && table !== audit_logs,
);

async function farmRecords(ctx: Ctx, table: FarmTable, farmIds: string[]) {
  if (farmIds.length === 0) return [];
  return (await ctx.db.select(publicColumns(table)).from(table).where(inArray(table.farm_id, farmIds))) as {
    farm_id: string;
  }[];
}

function publicColumns(table: PgTable): Record<string, PgColumn> {
  return Object.fromEntries(
    Object.entries(getTableColumns(table)).filter(([name]) => !SECRET_COLUMNS.has(name)),
  );
}

async function sessionsOf(
  db: Ctx['db'],
  userId: string,
  currentToken: string | null,
): Promise<AccountSession[]> {
  const rows = await db
    .select({
      id: sessions.id,
      token: sessions.token,
      user_agent: sessions.user_agent,
      ip_address: sessions.ip_address,
      created_at: sessions.created_at,
      updated_at: sessions.updated_at,
    })
    .from(sessions)
    .where(and(eq(sessions.user_id, userId), sql`${sessions.expires_at} > now()`))
    .orderBy(desc(sessions.updated_at), desc(sessions.id));
  return rows.map((row) => ({
    id: row.id,
    ...describeUserAgent(row.user_agent),
    ip_address: row.ip_address,
    signed_in_at: row.created_at.toISOString(),
    last_active_at: row.updated_at.toISOString(),
    current: row.token === currentToken,
  }));
}

function toMe(row: typeof users.$inferSelect): Me {
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    phone: row.phone,
    role: row.role === 'admin' ? 'admin' : 'user',
    email_verified: row.email_verified,
    language: row.language,
  };
}

function listOf(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
