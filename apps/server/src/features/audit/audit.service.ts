import { and, eq, inArray, isNull, notInArray, or, type SQL } from 'drizzle-orm';
import type { AuditLog, Page } from '@gona/shared';
import { FARM_ACTIONS, type FarmRole } from '@gona/shared/permissions';
import { audit_logs, farm_memberships, farms, users } from '../../db/schema/index';
import type { Ctx, FarmCtx } from '../../lib/ctx';
import { keyset, newestFirst } from '../../lib/pagination';
import { hiddenTables, MONEY_TABLES, visibleAuditLog } from '../../lib/visible-fields';

const pages = keyset({ order: newestFirst(audit_logs) });

/**
 * What the signed-in user did, newest first (the activity screen). Each row is read as their role
 * on its farm now allows (lib/visible-fields.ts): a manager made a worker no longer reads the money
 * they once wrote, nor does someone who left the farm.
 */
export async function listMyAuditLogs(
  ctx: Ctx,
  query: { limit: number; cursor?: string | undefined },
): Promise<Page<AuditLog>> {
  const moneyRoles = FARM_ACTIONS['money.read'] as readonly FarmRole[];
  const readable = or(
    isNull(audit_logs.farm_id),
    notInArray(audit_logs.table_name, [...MONEY_TABLES]),
    inArray(farm_memberships.role, [...moneyRoles]),
  );
  return listWhere(ctx, and(eq(audit_logs.user_id, ctx.userId), readable), query);
}

/** A farm's history, optionally of one table or one record, newest first, as the role may read it. */
export async function listFarmAuditLogs(
  ctx: FarmCtx,
  query: {
    limit: number;
    cursor?: string | undefined;
    table_name?: string | undefined;
    record_id?: string | undefined;
  },
): Promise<Page<AuditLog>> {
  const hidden = hiddenTables(ctx.role);
  const filters = [
    eq(audit_logs.farm_id, ctx.farmId),
    hidden.length > 0 ? notInArray(audit_logs.table_name, [...hidden]) : undefined,
    query.table_name ? eq(audit_logs.table_name, query.table_name) : undefined,
    query.record_id ? eq(audit_logs.record_id, query.record_id) : undefined,
  ];
  return listWhere(ctx, and(...filters), query, ctx.role);
}

/**
 * The rows, each as a role may read it: `role` on the farm's history; on the person's own, their
 * role now on each row's farm (none when they left it). Rows on no farm are their account's own.
 */
async function listWhere(
  ctx: Ctx,
  where: SQL | undefined,
  query: { limit: number; cursor?: string | undefined },
  role?: FarmRole,
): Promise<Page<AuditLog>> {
  const rows = await ctx.db
    .select({
      log: audit_logs,
      user_first_name: users.first_name,
      farm_timezone: farms.timezone,
      my_role: farm_memberships.role,
    })
    .from(audit_logs)
    .leftJoin(users, eq(users.id, audit_logs.user_id))
    .leftJoin(farms, eq(farms.id, audit_logs.farm_id))
    .leftJoin(
      farm_memberships,
      and(eq(farm_memberships.farm_id, audit_logs.farm_id), eq(farm_memberships.user_id, ctx.userId)),
    )
    .where(and(where, pages.after(query.cursor)))
    .orderBy(...pages.orderBy)
    .limit(query.limit + 1);
  const page = pages.page(
    rows.map((r) => ({
      ...r.log,
      user_first_name: r.user_first_name,
      farm_timezone: r.farm_timezone,
      my_role: r.my_role,
    })),
    query.limit,
  );
  const items = page.items.flatMap(({ my_role, ...row }) => {
    const log = toAuditLog(row);
    if (log.farm_id === null) return [log];
    const visible = visibleAuditLog(role ?? my_role, log);
    return visible ? [visible] : [];
  });
  return { items, next_cursor: page.next_cursor };
}

function toAuditLog(row: Omit<AuditLog, 'created_at'> & { created_at: Date }): AuditLog {
  return { ...row, created_at: row.created_at.toISOString() };
}
