import { and, eq, type SQL } from 'drizzle-orm';
import type { AuditLog, Page } from '@gona/shared';
import { can } from '@gona/shared/permissions';
import { audit_logs, farms, users } from '../../db/schema/index';
import type { Ctx, FarmCtx } from '../../lib/ctx';
import { keyset, newestFirst } from '../../lib/pagination';

const pages = keyset({ order: newestFirst(audit_logs) });

/** What the signed-in user did, newest first (the activity screen). */
export async function listMyAuditLogs(
  ctx: Ctx,
  query: { limit: number; cursor?: string | undefined },
): Promise<Page<AuditLog>> {
  return listWhere(ctx, eq(audit_logs.user_id, ctx.userId), query);
}

/** A farm's history, optionally of one table or one record, newest first; costs only for roles that see money. */
export async function listFarmAuditLogs(
  ctx: FarmCtx,
  query: {
    limit: number;
    cursor?: string | undefined;
    table_name?: string | undefined;
    record_id?: string | undefined;
  },
): Promise<Page<AuditLog>> {
  const filters = [
    eq(audit_logs.farm_id, ctx.farmId),
    query.table_name ? eq(audit_logs.table_name, query.table_name) : undefined,
    query.record_id ? eq(audit_logs.record_id, query.record_id) : undefined,
  ];
  const page = await listWhere(ctx, and(...filters), query);
  return can(ctx.role, 'money.read') ? page : { ...page, items: page.items.map(withoutCost) };
}

async function listWhere(
  ctx: Ctx,
  where: SQL | undefined,
  query: { limit: number; cursor?: string | undefined },
): Promise<Page<AuditLog>> {
  const rows = await ctx.db
    .select({ log: audit_logs, user_first_name: users.first_name, farm_timezone: farms.timezone })
    .from(audit_logs)
    .leftJoin(users, eq(users.id, audit_logs.user_id))
    .leftJoin(farms, eq(farms.id, audit_logs.farm_id))
    .where(and(where, pages.after(query.cursor)))
    .orderBy(...pages.orderBy)
    .limit(query.limit + 1);
  const page = pages.page(
    rows.map((r) => ({ ...r.log, user_first_name: r.user_first_name, farm_timezone: r.farm_timezone })),
    query.limit,
  );
  return { items: page.items.map(toAuditLog), next_cursor: page.next_cursor };
}

function toAuditLog(row: Omit<AuditLog, 'created_at'> & { created_at: Date }): AuditLog {
  return { ...row, created_at: row.created_at.toISOString() };
}

/** The money fields an audit row may carry: a supply's or movement's cost, a staff member's pay. */
const MONEY_FIELDS = new Set(['unit_cost_kobo', 'pay_rate_kobo', 'pay_period']);

function withoutCost(log: AuditLog): AuditLog {
  if (typeof log.changes !== 'object' || log.changes === null) return log;
  const changes = Object.entries(log.changes as Record<string, unknown>).filter(
    ([key]) => !MONEY_FIELDS.has(key),
  );
  return { ...log, changes: Object.fromEntries(changes) };
}
