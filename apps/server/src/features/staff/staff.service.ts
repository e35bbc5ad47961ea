import { and, count, eq, ilike, like, ne, or } from 'drizzle-orm';
import type { Page } from '@gona/shared/pagination';
import { phoneSearchDigits } from '@gona/shared/phone';
import { hasRoomForWorker, workerLimitMessage, workerLimitOf, type PlanId } from '@gona/shared/plans';
import {
  staffRuleIssues,
  type CreateStaff,
  type StaffListQuery,
  type StaffMember,
  type StaffMemberWithPhotos,
  type UpdateStaff,
  type WorkerCount,
} from '@gona/shared/staff';
import type { Db, Tx } from '../../db/client';
import { farm_memberships, staff } from '../../db/schema/index';
import { auditDelete, auditInsert, auditUpdate } from '../../lib/audit';
import type { FarmCtx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { byName, keyset } from '../../lib/pagination';
import { containing } from '../../lib/search';
import { readsMoney, readsPersonalDetails } from '../../lib/visible-fields';
import { insertOnce, updateVersioned } from '../../lib/writes';
import { farmToday } from '../../lib/farm-time';
import { literalLimit } from '../../lib/prepared';
import { attachFilesIn, deleteFilesIn, listFilesOf } from '../files/files.service';
import { farmPlan } from '../plans/plans.service';
import { toStaffMember } from './staff.rows';

const NOT_FOUND = 'Staff member not found';
/** Active people first (`active` sorts before `left`), then by name. */
export const staffPages = keyset({ order: byName(staff, staff.status) });

/**
 * The farm's staff, active first then by name; search matches a name, or a phone number for those
 * who may read everyone's (readsPersonalDetails), so a number never finds its owner for others.
 */
export async function listStaff(ctx: FarmCtx, query: StaffListQuery): Promise<Page<StaffMember>> {
  const byPhone = readsPersonalDetails(ctx.role);
  const rows = await ctx.db
    .select()
    .from(staff)
    .where(and(staffFilter(ctx.farmId, query, { byPhone }), staffPages.after(query.cursor)))
    .orderBy(...staffPages.orderBy)
    .limit(literalLimit(query.limit + 1));
  return staffPages.page(rows.map(toStaffMember), query.limit);
}

/** The farm (and filters) of a staff list; the CSV export reads the same rows. */
export function staffFilter(
  farmId: string,
  query: Pick<StaffListQuery, 'search' | 'job' | 'status'> = {},
  { byPhone = true }: { byPhone?: boolean } = {},
) {
  const digits = query.search && byPhone ? phoneSearchDigits(query.search) : null;
  return and(
    eq(staff.farm_id, farmId),
    query.job ? eq(staff.job, query.job) : undefined,
    query.status ? eq(staff.status, query.status) : undefined,
    query.search
      ? or(
          ilike(staff.name, containing(query.search)),
          digits ? like(staff.phone, containing(digits)) : undefined,
        )
      : undefined,
  );
}

export async function getStaffMember(ctx: FarmCtx, staffId: string): Promise<StaffMemberWithPhotos> {
  return withPhotos(ctx.db, ctx.farmId, toStaffMember(await readRow(ctx.db, ctx.farmId, staffId)));
}

async function withPhotos(db: Db | Tx, farmId: string, member: StaffMember): Promise<StaffMemberWithPhotos> {
  return { ...member, photos: await listFilesOf(db, farmId, staff, member.id) };
}

/** How many active workers the farm has, against its plan's limit. */
export async function countWorkers(ctx: FarmCtx): Promise<WorkerCount> {
  const plan = await farmPlan(ctx.db, ctx.farmId);
  return { plan, active: await countActive(ctx.db, ctx.farmId), limit: workerLimitOf(plan) };
}

/**
 * A new staff record. An active one must fit the plan's worker limit, counted with the farm held
 * (`farmPlan` with `lock`) so two adds at the last place cannot both get it. The client's id makes
 * a replay answer the first record, even once the farm is full (`insertOnce` checks the limit only
 * for a first request).
 */
export async function createStaff(ctx: FarmCtx, input: CreateStaff): Promise<StaffMemberWithPhotos> {
  refusePayWithoutMoney(ctx, input);
  return ctx.db.transaction(async (tx) => {
    await assertMemberOfFarm(tx, ctx.farmId, input.member_user_id, null);
    const full = input.status === 'active' ? await fullPlan(tx, ctx.farmId) : null;
    const { id = newId(), photo_ids: photoIds = [], ...values } = input;
    const { row, replayed } = await insertOnce(tx, staff, {
      id,
      farmId: ctx.farmId,
      values: () => {
        if (full) throw new AppError('PLAN_LIMIT', workerLimitMessage(full));
        return values;
      },
    });
    if (!replayed) {
      await attachFilesIn(tx, ctx, { table: staff, id: row.id, kind: 'staff', fileIds: photoIds });
      const record = {
        ...values,
        name: row.name,
        ...(photoIds.length > 0 ? { photos: photoIds.length } : {}),
      };
      await auditInsert(tx, ctx, staff, { id: row.id, record });
    }
    return withPhotos(tx, ctx.farmId, toStaffMember(row));
  });
}

/**
 * Optimistic concurrency as for every record (`updateVersioned`). Marking someone as left sets the
 * day they left (today on the farm when not given); bringing them back clears it unless given, and
 * must fit the plan's worker limit, counted with the farm held as for a new record.
 */
export async function updateStaff(
  ctx: FarmCtx,
  staffId: string,
  input: UpdateStaff,
): Promise<StaffMemberWithPhotos> {
  const { version, photo_ids: photoIds, ...changes } = input;
  refusePayWithoutMoney(ctx, changes);
  return ctx.db.transaction(async (tx) => {
    // The farm is held before the record is read, in the order a farm's deletion takes them.
    const plan = changes.status === 'active' ? await farmPlan(tx, ctx.farmId, { lock: true }) : null;
    const current = await readRow(tx, ctx.farmId, staffId);
    // Back from having left, or made active again after Pro ended (inactive): counted as a new place.
    const returning = changes.status === 'active' && current.status !== 'active';
    if (plan && returning && !hasRoomForWorker(plan, await countActive(tx, ctx.farmId)))
      throw new AppError('PLAN_LIMIT', workerLimitMessage(plan));
    const leaving = changes.status === 'left' && current.status !== 'left';
    if (leaving && changes.end_date === undefined) changes.end_date = await farmToday(tx, ctx.farmId);
    if (returning && current.status === 'left' && changes.end_date === undefined) changes.end_date = null;
    assertRules({ ...current, ...withoutUndefined(changes) });
    await assertMemberOfFarm(tx, ctx.farmId, changes.member_user_id, staffId);
    const updated = await updateVersioned(tx, staff, {
      where: and(eq(staff.farm_id, ctx.farmId), eq(staff.id, staffId)),
      version,
      changes,
      notFound: NOT_FOUND,
    });
    const photos = photoIds
      ? await attachFilesIn(tx, ctx, { table: staff, id: staffId, kind: 'staff', fileIds: photoIds })
      : null;
    await auditUpdate(tx, ctx, staff, {
      id: staffId,
      changes: updated.changes || photos ? { ...updated.changes, ...photos } : null,
      context: { name: updated.row.name },
    });
    return withPhotos(tx, ctx.farmId, toStaffMember(updated.row));
  });
}

/** Deleting is for a record made by mistake; someone who left is marked as left, which keeps them on record. */
export async function deleteStaff(ctx: FarmCtx, staffId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(staff)
      .where(and(eq(staff.farm_id, ctx.farmId), eq(staff.id, staffId)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    await deleteFilesIn(tx, ctx, { table: staff, id: staffId });
    await auditDelete(tx, ctx, staff, { id: staffId, record: row });
  });
}

async function readRow(db: Db | Tx, farmId: string, staffId: string) {
  const [row] = await db
    .select()
    .from(staff)
    .where(and(eq(staff.farm_id, farmId), eq(staff.id, staffId)));
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return row;
}

async function countActive(db: Db | Tx, farmId: string): Promise<number> {
  const [row] = await db
    .select({ active: count() })
    .from(staff)
    .where(and(eq(staff.farm_id, farmId), eq(staff.status, 'active')));
  return row?.active ?? 0;
}

/** The farm's plan when it has no room for one more active worker, else null; holds the farm. */
async function fullPlan(tx: Tx, farmId: string): Promise<PlanId | null> {
  const plan = await farmPlan(tx, farmId, { lock: true });
  return hasRoomForWorker(plan, await countActive(tx, farmId)) ? null : plan;
}

/**
 * Pay is money: a role that may not read it may not write it either. (Only roles that manage staff
 * write staff records today, and they all read money; the rule stays with the data.)
 */
function refusePayWithoutMoney(ctx: FarmCtx, input: Pick<UpdateStaff, 'pay_rate_kobo' | 'pay_period'>): void {
  if (readsMoney(ctx.role)) return;
  if (input.pay_rate_kobo != null || input.pay_period != null)
    throw new AppError('VALIDATION', undefined, {
      pay_rate_kobo: 'Only the owner or a manager records pay; leave the pay empty',
    });
}

/** The rules between fields, on the record as it will be after the change. */
function assertRules(record: Parameters<typeof staffRuleIssues>[0]): void {
  const issues = staffRuleIssues(record);
  if (issues.length === 0) return;
  throw new AppError(
    'VALIDATION',
    undefined,
    Object.fromEntries(issues.map((issue) => [issue.path[0], issue.message])),
  );
}

/** A linked account must be a member of this farm, and linked to one staff record of it at most. */
async function assertMemberOfFarm(
  tx: Tx,
  farmId: string,
  userId: string | null | undefined,
  staffId: string | null,
): Promise<void> {
  if (!userId) return;
  const [member] = await tx
    .select({ id: farm_memberships.id })
    .from(farm_memberships)
    .where(and(eq(farm_memberships.farm_id, farmId), eq(farm_memberships.user_id, userId)));
  if (!member)
    throw new AppError('VALIDATION', undefined, {
      member_user_id: 'Choose someone who is a member of this farm',
    });
  const [linked] = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(
      and(
        eq(staff.farm_id, farmId),
        eq(staff.member_user_id, userId),
        staffId ? ne(staff.id, staffId) : undefined,
      ),
    );
  if (linked)
    throw new AppError('VALIDATION', undefined, {
      member_user_id: 'This member is already linked to another staff record',
    });
}

/** Today's date (yyyy-mm-dd) on the farm's clock. */

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
