import { and, count, eq, not, sql, type SQL } from 'drizzle-orm';
import type { Page, PageQuery } from '@gona/shared/pagination';
import { isLowStock, type AlertCount, type InventoryAlert, type SupplyUnit } from '@gona/shared/inventory';
import { NOTIFICATION_PATHS } from '@gona/shared/notifications';
import { normalizeQuantity } from '@gona/shared/units';
import type { Tx } from '../../db/client';
import { inventory_alerts, supplies } from '../../db/schema/index';
import { auditInsert, auditUpdate } from '../../lib/audit';
import type { FarmCtx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { keyset, newestFirst } from '../../lib/pagination';
import { farmToday } from '../../lib/farm-time';
import { literalLimit } from '../../lib/prepared';
import { notify } from '../notifications/notify.service';
import { createTriggeredTaskIn } from '../tasks/schedule.service';
import { toAlert } from './inventory.rows';

const NOT_FOUND = 'Alert not found';

const alertSupplyColumns = {
  id: supplies.id,
  name: supplies.name,
  category: supplies.category,
  quantity: supplies.quantity,
  unit: supplies.unit,
  low_threshold: supplies.low_threshold,
};

const pages = keyset({ order: newestFirst(inventory_alerts) });

/** Open alerts with their supply, newest first (spec: unresolved for a farm with the joined supply). */
export async function listOpenAlerts(ctx: FarmCtx, query: PageQuery): Promise<Page<InventoryAlert>> {
  const rows = await ctx.db
    .select({ alert: inventory_alerts, supply: alertSupplyColumns })
    .from(inventory_alerts)
    .innerJoin(supplies, eq(supplies.id, inventory_alerts.supply_id))
    .where(
      and(
        eq(inventory_alerts.farm_id, ctx.farmId),
        not(inventory_alerts.is_resolved),
        pages.after(query.cursor),
      ),
    )
    .orderBy(...pages.orderBy)
    .limit(literalLimit(query.limit + 1));
  return pages.page(
    rows.map((r) => toAlert(r.alert, r.supply)),
    query.limit,
  );
}

export async function countOpenAlerts(ctx: FarmCtx): Promise<AlertCount> {
  // Two counts that can differ: a dismissed alert hides the warning, but the supply stays low
  // until its stock rises above its level, so sentences about low stock use low_stock.
  const [[alerts], [low]] = await Promise.all([
    ctx.db
      .select({ open: count() })
      .from(inventory_alerts)
      .where(and(eq(inventory_alerts.farm_id, ctx.farmId), not(inventory_alerts.is_resolved))),
    ctx.db
      .select({ low_stock: count() })
      .from(supplies)
      .where(and(eq(supplies.farm_id, ctx.farmId), sql`${supplies.quantity} <= ${supplies.low_threshold}`)),
  ]);
  return { open: alerts?.open ?? 0, low_stock: low?.low_stock ?? 0 };
}

/** Unresolved becomes resolved (is_resolved true, resolved_at now). Resolving twice is harmless. */
export async function resolveAlert(ctx: FarmCtx, alertId: string): Promise<InventoryAlert> {
  return ctx.db.transaction(async (tx) => {
    await resolveOpenAlert(tx, ctx, eq(inventory_alerts.id, alertId), {});
    const [row] = await tx
      .select({ alert: inventory_alerts, supply: alertSupplyColumns })
      .from(inventory_alerts)
      .innerJoin(supplies, eq(supplies.id, inventory_alerts.supply_id))
      .where(and(eq(inventory_alerts.farm_id, ctx.farmId), eq(inventory_alerts.id, alertId)));
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    return toAlert(row.alert, row.supply);
  });
}

/**
 * Keeps the supply's alert in step with its stock, inside the caller's transaction: at or below the
 * threshold opens an alert unless one is open (the partial unique index makes "at most one" hold
 * even for concurrent writers); above it resolves the open one (restocking resolves the alert).
 * Answers the id of an alert it opened, null otherwise.
 */
export async function syncAlertIn(
  tx: Tx,
  ctx: Pick<FarmCtx, 'farmId' | 'userId' | 'logger'>,
  supply: { id: string; name: string; unit: string; quantity: string; low_threshold: string },
): Promise<string | null> {
  if (isLowStock(supply.quantity, supply.low_threshold)) {
    const [opened] = await tx
      .insert(inventory_alerts)
      .values({ farm_id: ctx.farmId, supply_id: supply.id })
      .onConflictDoNothing({
        target: inventory_alerts.supply_id,
        where: sql`NOT ${inventory_alerts.is_resolved}`,
      })
      .returning({ id: inventory_alerts.id });
    if (opened) {
      await auditInsert(tx, ctx, inventory_alerts, {
        id: opened.id,
        record: {
          supply_id: supply.id,
          supply_name: supply.name,
          unit: supply.unit,
          quantity: normalizeQuantity(supply.quantity),
          low_threshold: normalizeQuantity(supply.low_threshold),
        },
      });
    }
    return opened?.id ?? null;
  }
  await resolveOpenAlert(tx, ctx, eq(inventory_alerts.supply_id, supply.id), {
    quantity: normalizeQuantity(supply.quantity),
  });
  return null;
}

/**
 * Tells the farm's owners and managers that stock went low, and puts "Buy more …" on their tasks, once per alert (the alert's id is the
 * event), in the caller's transaction so a movement that rolls back tells nobody. Workers and
 * viewers see the alert on the inventory screen but are not notified: buying more is not theirs.
 */
export async function notifyLowStockIn(
  tx: Tx,
  ctx: Pick<FarmCtx, 'farmId' | 'userId' | 'logger'>,
  alertId: string,
  supply: { id: string; name: string; unit: SupplyUnit; quantity: string; low_threshold: string },
): Promise<void> {
  await notify(
    { db: tx },
    {
      farmId: ctx.farmId,
      roles: ['owner', 'manager'],
      kind: 'low_stock',
      params: {
        supply_id: supply.id,
        supply_name: supply.name,
        quantity: normalizeQuantity(supply.quantity),
        low_threshold: normalizeQuantity(supply.low_threshold),
        unit: supply.unit,
      },
      link: NOTIFICATION_PATHS.supply(supply.id),
      dedupeKey: `low_stock:${alertId}`,
    },
  );
  // And the work it calls for, on today's list of the managers (once per alert).
  await createTriggeredTaskIn(tx, ctx, {
    sourceKey: `low_stock:${alertId}`,
    title: `Buy more ${supply.name}`,
    type: 'other',
    dueDate: await farmToday(tx, ctx.farmId),
    supplyId: supply.id,
  });
}

/**
 * Unresolved becomes resolved (is_resolved true, resolved_at now) for the farm's open alert that
 * `which` picks, with its audit row (naming the supply); nothing happens when none is open.
 */
async function resolveOpenAlert(
  tx: Tx,
  ctx: Pick<FarmCtx, 'farmId' | 'userId' | 'logger'>,
  which: SQL,
  context: Record<string, unknown>,
): Promise<void> {
  // eslint-disable-next-line drizzle/enforce-update-with-where -- the where comes after .from(), which the rule does not follow
  const [resolved] = await tx
    .update(inventory_alerts)
    .set({ is_resolved: true, resolved_at: new Date() })
    .from(supplies)
    .where(
      and(
        eq(inventory_alerts.farm_id, ctx.farmId),
        which,
        not(inventory_alerts.is_resolved),
        eq(supplies.id, inventory_alerts.supply_id),
      ),
    )
    .returning({ id: inventory_alerts.id, supply_name: supplies.name, unit: supplies.unit });
  if (!resolved) return;
  await auditUpdate(tx, ctx, inventory_alerts, {
    id: resolved.id,
    changes: { is_resolved: { from: false, to: true } },
    context: { supply_name: resolved.supply_name, unit: resolved.unit, ...context },
  });
}
