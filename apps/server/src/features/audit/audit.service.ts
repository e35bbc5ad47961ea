import { and, eq, type SQL } from 'drizzle-orm';
import type { AuditLog, Page } from '@gona/shared';
import { audit_logs } from '../../db/schema/index';
import type { Ctx, FarmCtx } from '../../lib/context';
import { afterCursor, newestFirst, toPage } from '../../lib/pagination';

const keyset = { createdAt: audit_logs.created_at, id: audit_logs.id };

/** What the signed-in user did, newest first (the activity screen). */
export async function listMyAuditLogs(
  ctx: Ctx,
  query: { limit: number; cursor?: string | undefined },
): Promise<Page<AuditLog>> {
  return listWhere(ctx, eq(audit_logs.user_id, ctx.userId), query);
}

/** A farm's history, optionally of one table or one record, newest first. */
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
  return listWhere(ctx, and(...filters), query);
}

async function listWhere(
  ctx: Ctx,
  where: SQL | undefined,
  query: { limit: number; cursor?: string | undefined },
): Promise<Page<AuditLog>> {
  const rows = await ctx.db
    .select()
    .from(audit_logs)
    .where(and(where, afterCursor(keyset, query.cursor)))
    .orderBy(...newestFirst(keyset))
    .limit(query.limit + 1);
  const page = toPage(rows, query.limit);
  return { items: page.items.map(toAuditLog), next_cursor: page.next_cursor };
}

function toAuditLog(row: typeof audit_logs.$inferSelect): AuditLog {
  return { ...row, created_at: row.created_at.toISOString() };
}
