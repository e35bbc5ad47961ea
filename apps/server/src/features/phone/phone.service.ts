import { createHash, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { can } from '@gona/shared/permissions';
import { RecordProductionInputSchema } from '@gona/shared/livestock';
import {
  farm_memberships,
  farms,
  livestock,
  phone_access,
  sms_daily_counts,
  supplies,
} from '../../db/schema/index';
import { internationalPhone } from '../../integrations/sms';
import type { Deps, FarmCtx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { dateIn, farmTimeZone } from '../../lib/farm-time';
import { recordProduction } from '../livestock/records.service';
import { completeTask, todayTasks } from '../tasks/tasks.service';

/** Wrong PINs in a row before the number is locked, and for how long (as sign-in limits passwords). */
export const PIN_TRIES = 5;
export const PIN_LOCK_MS = 15 * 60_000;
/** A feature phone's screen, and the tasks one screen lists. */
export const SCREEN_MAX = 160;
export const TASKS_SHOWN = 5;

export type Caller = {
  phone: string;
  ctx: FarmCtx;
  farmName: string;
  firstName: string;
  pinHash: string | null;
};

/**
 * The account behind a phone number, on the farm it joined first: only a number set as verified
 * (phone_access.verified_at). Anything else is null, and the caller is told nothing more.
 */
export async function callerOf(deps: Deps, typed: string): Promise<Caller | null> {
  const phone = internationalPhone(typed);
  if (!phone) return null;
  const [row] = await deps.db
    .select({
      userId: phone_access.user_id,
      pinHash: phone_access.pin_hash,
      farmId: farm_memberships.farm_id,
      role: farm_memberships.role,
      farmName: farms.name,
      firstName: sql<string>`(select first_name from users where users.id = ${phone_access.user_id})`,
    })
    .from(phone_access)
    .innerJoin(farm_memberships, eq(farm_memberships.user_id, phone_access.user_id))
    .innerJoin(farms, eq(farms.id, farm_memberships.farm_id))
    .where(and(eq(phone_access.phone, phone), isNotNull(phone_access.verified_at)))
    .orderBy(asc(farm_memberships.created_at))
    .limit(1);
  if (!row) return null;
  return {
    phone,
    ctx: {
      db: deps.db,
      logger: deps.logger,
      userId: row.userId,
      farmId: row.farmId,
      role: row.role,
    },
    farmName: row.farmName,
    firstName: row.firstName,
    pinHash: row.pinHash,
  };
}

/** scrypt with a random salt, as `scrypt$salt$hash` (hex). */
export function hashPin(pin: string): string {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('hex')}$${scryptSync(pin, salt, 32).toString('hex')}`;
}

function pinMatches(pin: string, stored: string): boolean {
  const [, salt, hash] = stored.split('$');
  if (!salt || !hash) return false;
  const given = scryptSync(pin, Buffer.from(salt, 'hex'), 32);
  return timingSafeEqual(given, Buffer.from(hash, 'hex'));
}

export type PinCheck = 'ok' | 'wrong' | 'locked' | 'unset';

/** Checks a PIN, counting wrong ones: PIN_TRIES in a row lock the number for PIN_LOCK_MS. */
export async function checkPin(deps: Deps, caller: Caller, pin: string): Promise<PinCheck> {
  const [row] = await deps.db.select().from(phone_access).where(eq(phone_access.phone, caller.phone));
  if (!row?.pin_hash) return 'unset';
  const now = deps.now();
  if (row.pin_locked_until && row.pin_locked_until.getTime() > now) return 'locked';
  if (/^\d{4}$/.test(pin) && pinMatches(pin, row.pin_hash)) {
    if (row.pin_failures > 0)
      await deps.db
        .update(phone_access)
        .set({ pin_failures: 0, pin_locked_until: null })
        .where(eq(phone_access.phone, caller.phone));
    return 'ok';
  }
  const failures = row.pin_failures + 1;
  const locked = failures >= PIN_TRIES;
  await deps.db
    .update(phone_access)
    .set({
      pin_failures: locked ? 0 : failures,
      pin_locked_until: locked ? new Date(now + PIN_LOCK_MS) : row.pin_locked_until,
    })
    .where(eq(phone_access.phone, caller.phone));
  return locked ? 'locked' : 'wrong';
}

export type OpenTask = { id: string; title: string };

/**
 * Today's open tasks (overdue first, then due today), numbered 1… in this order by USSD and SMS
 * alike. A worker sees their own and unassigned ones, as in the app.
 */
export async function openTasks(caller: Caller): Promise<OpenTask[]> {
  const today = await todayTasks(caller.ctx, { mine: !can(caller.ctx.role, 'records.write') });
  return [...today.overdue.items, ...today.due_today.items]
    .filter((task) => task.status === 'open')
    .slice(0, TASKS_SHOWN)
    .map((task) => ({ id: task.id, title: task.title }));
}

/** Marks a task done through the task service (its stock hooks, its audit row); done twice changes nothing. */
export async function markDone(caller: Caller, taskId: string): Promise<void> {
  await completeTask(caller.ctx, taskId, { records: [], note: null });
}

export type EggGroup = { id: string; name: string };

/** The farm's active groups of laying birds. */
export async function eggGroups(caller: Caller): Promise<EggGroup[]> {
  const rows = await caller.ctx.db
    .select({ id: livestock.id, name: livestock.name, tag: livestock.tag })
    .from(livestock)
    .where(
      and(
        eq(livestock.farm_id, caller.ctx.farmId),
        eq(livestock.status, 'active'),
        eq(livestock.kind, 'group'),
        eq(livestock.species, 'chicken_layer'),
      ),
    )
    .orderBy(asc(livestock.created_at))
    .limit(TASKS_SHOWN);
  return rows.map((row) => ({ id: row.id, name: row.name ?? row.tag ?? 'Layers' }));
}

/**
 * Today's eggs for a group through the livestock service, under an id made from `key` (the USSD
 * session and step, or the SMS id), so a retry records nothing twice.
 */
export async function recordEggs(
  caller: Caller,
  groupId: string,
  eggs: number,
  key: string,
  at: Date,
): Promise<void> {
  const date = dateIn(await farmTimeZone(caller.ctx.db, caller.ctx.farmId), at);
  const input = RecordProductionInputSchema.parse({ id: idFrom(key), date, eggs_collected: eggs });
  await recordProduction(caller.ctx, groupId, input);
}

/** A UUID (shaped as version 7, as client ids are) from any key: the same key, the same id. */
export function idFrom(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex').slice(0, 32).split('');
  hex[12] = '7';
  hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Supplies at or under their low mark, for owners and managers. */
export async function lowStock(caller: Caller): Promise<{ name: string; quantity: string; unit: string }[]> {
  return caller.ctx.db
    .select({ name: supplies.name, quantity: supplies.quantity, unit: supplies.unit })
    .from(supplies)
    .where(
      and(
        eq(supplies.farm_id, caller.ctx.farmId),
        sql`${supplies.low_threshold} > 0`,
        lte(supplies.quantity, supplies.low_threshold),
      ),
    )
    .orderBy(asc(supplies.name))
    .limit(TASKS_SHOWN);
}

/**
 * Counts one SMS against the farm's day; false (and nothing counted) once the day's cap is reached.
 */
export async function takeSmsAllowance(deps: Deps, farmId: string): Promise<boolean> {
  const day = dateIn(await farmTimeZone(deps.db, farmId), new Date(deps.now()));
  const [row] = await deps.db
    .insert(sms_daily_counts)
    .values({ farm_id: farmId, day, sent: 1 })
    .onConflictDoUpdate({
      target: [sms_daily_counts.farm_id, sms_daily_counts.day],
      set: { sent: sql`${sms_daily_counts.sent} + 1` },
      setWhere: sql`${sms_daily_counts.sent} < ${deps.config.smsDailyCapPerFarm}`,
    })
    .returning({ sent: sms_daily_counts.sent });
  return row !== undefined && row.sent <= deps.config.smsDailyCapPerFarm;
}

/** A service's refusal in its own plain words; anything else is not ours to show. */
export function plainError(error: unknown): string {
  if (error instanceof AppError) return error.message;
  throw error;
}
