import { and, eq } from 'drizzle-orm';
import type { Farm, FarmRole, FarmSummary, Page, PageQuery } from '@gona/shared';
import type { CreateFarmInputSchema, UpdateFarmInputSchema } from '@gona/shared';
import type { z } from 'zod';
import { farm_memberships, farm_subscriptions, farms } from '../../db/schema/index';
import { auditDelete, auditInsert, auditUpdate } from '../../lib/audit';
import type { Ctx, FarmCtx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { forgetFarmTimeZone } from '../../lib/farm-time';
import { newId } from '../../lib/ids';
import { updateVersioned } from '../../lib/writes';
import { keyset, newestFirst } from '../../lib/pagination';

type FarmRow = typeof farms.$inferSelect;
type CreateFarm = z.output<typeof CreateFarmInputSchema>;
type UpdateFarm = z.output<typeof UpdateFarmInputSchema>;

const pages = keyset({ order: newestFirst(farms) });

/** Every farm the user owns or is a member of, newest first, each with the user's role on it. */
export async function listFarms(ctx: Ctx, query: PageQuery): Promise<Page<Farm>> {
  const rows = await ctx.db
    .select({ farm: farms, role: farm_memberships.role })
    .from(farm_memberships)
    .innerJoin(farms, eq(farms.id, farm_memberships.farm_id))
    .where(and(eq(farm_memberships.user_id, ctx.userId), pages.after(query.cursor)))
    .orderBy(...pages.orderBy)
    .limit(query.limit + 1);
  const page = pages.page(
    rows.map((r) => ({ ...r.farm, role: r.role })),
    query.limit,
  );
  return { items: page.items.map((r) => toFarm(r, r.role)), next_cursor: page.next_cursor };
}

/**
 * The fallback list (?fields=basic): the same farms, order and pages as listFarms, but the query
 * reads only id, name, location and farm_type (plus the role, and created_at for the cursor).
 */
export async function listFarmSummaries(ctx: Ctx, query: PageQuery): Promise<Page<FarmSummary>> {
  const rows = await ctx.db
    .select({
      id: farms.id,
      name: farms.name,
      location: farms.location,
      farm_type: farms.farm_type,
      created_at: farms.created_at,
      role: farm_memberships.role,
    })
    .from(farm_memberships)
    .innerJoin(farms, eq(farms.id, farm_memberships.farm_id))
    .where(and(eq(farm_memberships.user_id, ctx.userId), pages.after(query.cursor)))
    .orderBy(...pages.orderBy)
    .limit(query.limit + 1);
  const page = pages.page(rows, query.limit);
  return {
    items: page.items.map((r) => ({
      id: r.id,
      name: r.name,
      location: r.location,
      farm_type: r.farm_type,
      role: r.role,
    })),
    next_cursor: page.next_cursor,
  };
}

/** The creator becomes the owner through a membership row, so access checks are one lookup. */
export async function createFarm(ctx: Ctx, input: CreateFarm): Promise<Farm> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(farms)
      .values({ id: newId(), ...input, owner_id: ctx.userId })
      .returning();
    if (!row) throw new AppError('INTERNAL');
    await tx
      .insert(farm_memberships)
      .values({ id: newId(), farm_id: row.id, user_id: ctx.userId, role: 'owner' });
    await auditInsert(tx, { ...ctx, farmId: row.id }, farms, { id: row.id, record: toFarm(row, 'owner') });
    return toFarm(row, 'owner');
  });
}

export async function getFarm(ctx: FarmCtx): Promise<Farm> {
  const [row] = await ctx.db.select().from(farms).where(eq(farms.id, ctx.farmId)).limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return toFarm(row, ctx.role);
}

/** Optimistic concurrency: the client sends the version it saw; anything else is a stale write (409). */
export async function updateFarm(ctx: FarmCtx, input: UpdateFarm): Promise<Farm> {
  const { version, ...patch } = input;
  const farm = await ctx.db.transaction(async (tx) => {
    const { before, row, changes } = await updateVersioned(tx, farms, {
      where: eq(farms.id, ctx.farmId),
      version,
      changes: patch,
    });
    await auditUpdate(tx, ctx, farms, { id: ctx.farmId, changes, context: { name: before.name } });
    return toFarm(row, ctx.role);
  });
  forgetFarmTimeZone(ctx.farmId);
  return farm;
}

export async function deleteFarm(ctx: FarmCtx): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    // A card Paystack still renews would be charged for a farm that no longer exists.
    const [renewing] = await tx
      .select({ farm_id: farm_subscriptions.farm_id })
      .from(farm_subscriptions)
      .where(
        and(
          eq(farm_subscriptions.farm_id, ctx.farmId),
          eq(farm_subscriptions.state, 'active'),
          eq(farm_subscriptions.method, 'card_subscription'),
        ),
      );
    if (renewing)
      throw new AppError(
        'CONFLICT',
        "This farm's Gona Pro renews by card. Cancel the renewal on the Subscription page first, so the card is not charged again.",
      );
    const [row] = await tx.delete(farms).where(eq(farms.id, ctx.farmId)).returning();
    if (!row) throw new AppError('NOT_FOUND');
    await auditDelete(tx, ctx, farms, { id: ctx.farmId, record: toFarm(row, ctx.role) });
  });
  forgetFarmTimeZone(ctx.farmId);
}

export function toFarm(row: FarmRow, role: FarmRole): Farm {
  return {
    id: row.id,
    name: row.name,
    location: row.location,
    farm_type: row.farm_type,
    owner_id: row.owner_id,
    state: row.state,
    lga: row.lga,
    latitude: row.latitude,
    longitude: row.longitude,
    size: row.size,
    size_unit: row.size_unit,
    timezone: row.timezone,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    version: row.version,
    role,
  };
}
