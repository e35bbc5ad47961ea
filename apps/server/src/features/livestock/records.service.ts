import { and, asc, eq, getTableColumns, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import {
  applyHeadCountEvent,
  isUnderWithdrawal,
  STATUS_AT_ZERO,
  withdrawalEndDate,
  type CreateGrowthLog,
  type CreateHealthRecord,
  type EventResult,
  type GrowthLog,
  type HealthRecord,
  type LivestockEvent,
  type Production,
  type RecordEvent,
  type RecordProduction,
  type TimelineEntry,
} from '@gona/shared/livestock';
import type { Page, PageQuery } from '@gona/shared/pagination';
import { can } from '@gona/shared/permissions';
import type { Db, Tx } from '../../db/client';
import {
  livestock,
  livestock_events,
  livestock_growth_logs,
  livestock_health_records,
  livestock_production,
  supplies,
} from '../../db/schema/index';
import { auditInsert } from '../../lib/audit';
import type { FarmCtx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { farmToday } from '../../lib/farm-time';
import { newId } from '../../lib/ids';
import { byDate, keyset } from '../../lib/pagination';
import { preparedQuery } from '../../lib/prepared';
import { insertOnce } from '../../lib/writes';
import { recordMovementIn } from '../inventory/movements.service';
import { notifyListingsWithheldIn } from '../marketplace/withdrawal.service';
import { dropOpenTasksAboutIn } from '../tasks/schedule.service';
import { toEvent, toGrowthLog, toHealthRecord, toProduction } from './livestock.rows';
import { displayName, NOT_FOUND, readLivestock, readRow } from './livestock.service';

/**
 * What happens to an animal or group over time: health records, weighings, head-count events and
 * the day's production. Each is recorded once by its client-made id (a double tap, a retry or a
 * queued change sent again records nothing twice, and uses no stock twice).
 */

const WORKER_MONEY = 'Only the owner or a manager records money; leave it empty';

/**
 * A health record. A product from the store with the amount used records that use in the
 * inventory (`recordMovementIn`, in this transaction, once); a withdrawal period sets the date
 * before which the animal may not be sold or eaten, kept on the animal as the latest such date: its
 * marketplace listings are off sale until then, and its owners and managers are told.
 */
export async function recordHealth(
  ctx: FarmCtx,
  animalId: string,
  input: CreateHealthRecord,
): Promise<HealthRecord> {
  refuseMoneyWithout(ctx, 'cost_kobo', input.cost_kobo);
  return ctx.db.transaction((tx) => writeHealthRecordIn(tx, ctx, animalId, input));
}

/** `recordHealth` inside a transaction already open (a task's completion writes one this way). */
export async function writeHealthRecordIn(
  tx: Tx,
  ctx: Omit<FarmCtx, 'db'>,
  animalId: string,
  input: CreateHealthRecord,
): Promise<HealthRecord> {
  const animal = await lockAnimal(tx, ctx.farmId, animalId);
  const supply = input.supply_id ? await findSupply(tx, ctx.farmId, input.supply_id) : null;
  const withdrawalUntil = withdrawalEndDate(input.date, input.withdrawal_days ?? 0);
  const { row, replayed } = await insertOnce(tx, livestock_health_records, {
    id: input.id,
    farmId: ctx.farmId,
    parent: { animal_id: animalId },
    values: () => {
      if (input.supply_id && !supply)
        throw new AppError('VALIDATION', undefined, { supply_id: 'Choose the product from your store' });
      return {
        ...input,
        animal_id: animalId,
        product_name: input.product_name ?? supply?.name ?? null,
        unit: supply?.unit ?? null,
        movement_id: supply ? newId() : null,
        withdrawal_until: withdrawalUntil,
        user_id: ctx.userId,
      };
    },
  });
  if (replayed) return toHealthRecord(row);
  if (row.supply_id && row.movement_id && row.quantity_used) {
    await useStock(tx, ctx, row.supply_id, {
      id: row.movement_id,
      quantity: row.quantity_used,
      note: `Health record: ${displayName(animal)}`,
      field: 'quantity_used',
    });
  }
  if (withdrawalUntil && (!animal.withdrawal_until || withdrawalUntil > animal.withdrawal_until)) {
    await tx
      .update(livestock)
      .set({ withdrawal_until: withdrawalUntil })
      .where(and(eq(livestock.farm_id, ctx.farmId), eq(livestock.id, animalId)));
    // Its listings (and those of its eggs, milk or meat) are off sale from now until that day.
    if (isUnderWithdrawal(withdrawalUntil, await farmToday(tx, ctx.farmId)))
      await notifyListingsWithheldIn(tx, {
        farmId: ctx.farmId,
        healthRecordId: row.id,
        animal: { id: animalId, name: displayName(animal) },
        until: withdrawalUntil,
        treatment: row.product_name ?? row.condition,
      });
  }
  await auditInsert(tx, ctx, livestock_health_records, {
    id: row.id,
    record: { ...recordOf(toHealthRecord(row)), animal_name: displayName(animal), species: animal.species },
  });
  return toHealthRecord(row);
}

/** A weighing: one animal's weight, or a group's average and how many were weighed. */
export async function recordGrowth(
  ctx: FarmCtx,
  animalId: string,
  input: CreateGrowthLog,
): Promise<GrowthLog> {
  return ctx.db.transaction(async (tx) => {
    const animal = await readRow(tx, ctx.farmId, animalId);
    const { row, replayed } = await insertOnce(tx, livestock_growth_logs, {
      id: input.id,
      farmId: ctx.farmId,
      parent: { animal_id: animalId },
      values: () => {
        if (animal.kind === 'individual' && input.count_weighed != null && input.count_weighed !== 1)
          throw new AppError('VALIDATION', undefined, { count_weighed: 'One animal is weighed on its own' });
        return { ...input, animal_id: animalId, user_id: ctx.userId };
      },
    });
    if (!replayed) {
      await auditInsert(tx, ctx, livestock_growth_logs, {
        id: row.id,
        record: { ...recordOf(toGrowthLog(row)), animal_name: displayName(animal), species: animal.species },
      });
    }
    return toGrowthLog(row);
  });
}

/**
 * A head-count event in one transaction: the record (and for a move, the other group too, in id
 * order so two moves between the same groups cannot deadlock) is locked, so concurrent events
 * queue and none reads a stale count; the rule refuses taking away more than there are; the event,
 * the new count (and the status when the last head goes) and the audit row are written together.
 */
export async function recordEvent(ctx: FarmCtx, animalId: string, input: RecordEvent): Promise<EventResult> {
  refuseMoneyWithout(ctx, 'price_kobo', input.price_kobo);
  return ctx.db.transaction((tx) => writeEventIn(tx, ctx, animalId, input));
}

/** `recordEvent` inside a transaction already open (a sale of the animals writes its event this way). */
export async function writeEventIn(
  tx: Tx,
  ctx: Omit<FarmCtx, 'db'>,
  animalId: string,
  input: RecordEvent,
): Promise<EventResult> {
  const otherId = input.kind === 'transfer_out' ? (input.to_animal_id ?? null) : null;
  if (otherId === animalId)
    throw new AppError('VALIDATION', undefined, { to_animal_id: 'Choose another group to move them to' });
  const ids = otherId ? [animalId, otherId] : [animalId];
  const locked = await tx
    .select()
    .from(livestock)
    .where(and(eq(livestock.farm_id, ctx.farmId), inArray(livestock.id, ids)))
    .orderBy(asc(livestock.id))
    .for('update');
  const animal = locked.find((row) => row.id === animalId);
  if (!animal) throw new AppError('NOT_FOUND', NOT_FOUND);
  const other = otherId ? locked.find((row) => row.id === otherId) : undefined;

  const { row: event, replayed } = await insertOnce(tx, livestock_events, {
    id: input.id,
    farmId: ctx.farmId,
    parent: { animal_id: animalId },
    values: () => ({
      ...newEvent(animal, other, input),
      animal_id: animalId,
      user_id: ctx.userId,
    }),
  });
  if (replayed) return { event: toEvent(event), animal: await readLivestock(tx, ctx.farmId, animalId) };

  await setHeadCount(tx, ctx.farmId, animal, event.head_count_after, input.kind);
  if (other) {
    const after = other.head_count + input.count;
    await tx.insert(livestock_events).values({
      id: newId(),
      farm_id: ctx.farmId,
      animal_id: other.id,
      date: input.date,
      kind: 'transfer_in',
      change: input.count,
      head_count_after: after,
      other_animal_id: animalId,
      other_animal_name: displayName(animal),
      notes: input.notes ?? null,
      user_id: ctx.userId,
    });
    await setHeadCount(tx, ctx.farmId, other, after, 'transfer_in');
  }
  await auditInsert(tx, ctx, livestock_events, {
    id: event.id,
    record: { ...recordOf(toEvent(event)), animal_name: displayName(animal), species: animal.species },
  });
  return { event: toEvent(event), animal: await readLivestock(tx, ctx.farmId, animalId) };
}

/**
 * A day's production. Feed given from a feed supply in the store is recorded there as used
 * (`recordMovementIn`, in this transaction, once).
 */
export async function recordProduction(
  ctx: FarmCtx,
  animalId: string,
  input: RecordProduction,
): Promise<Production> {
  return ctx.db.transaction(async (tx) => {
    const animal = await lockAnimal(tx, ctx.farmId, animalId);
    const feed = input.feed_supply_id ? await findSupply(tx, ctx.farmId, input.feed_supply_id) : null;
    const { row, replayed } = await insertOnce(tx, livestock_production, {
      id: input.id,
      farmId: ctx.farmId,
      parent: { animal_id: animalId },
      values: () => {
        if (input.feed_supply_id && feed?.category !== 'animal_feed')
          throw new AppError('VALIDATION', undefined, { feed_supply_id: 'Choose a feed from your store' });
        return {
          ...input,
          animal_id: animalId,
          feed_name: feed?.name ?? null,
          feed_unit: feed?.unit ?? null,
          movement_id: feed ? newId() : null,
          user_id: ctx.userId,
        };
      },
    });
    if (!replayed) {
      if (row.feed_supply_id && row.movement_id && row.feed_quantity) {
        await useStock(tx, ctx, row.feed_supply_id, {
          id: row.movement_id,
          quantity: row.feed_quantity,
          note: `Feed for ${displayName(animal)}`,
          field: 'feed_quantity',
        });
      }
      const { movement_id: _movement, ...record } = row;
      await auditInsert(tx, ctx, livestock_production, {
        id: row.id,
        record: {
          ...recordOf({ ...record, created_at: '' }),
          animal_name: displayName(animal),
          species: animal.species,
        },
      });
    }
    const [saved] = await selectProduction(tx, ctx.farmId, eq(livestock_production.id, row.id));
    return toProduction(saved!);
  });
}

const healthPages = keyset({ order: byDate(livestock_health_records) });
const growthPages = keyset({ order: byDate(livestock_growth_logs) });
const eventPages = keyset({ order: byDate(livestock_events) });
const productionPages = keyset({ order: byDate(livestock_production) });

/** An animal's health records, latest date first. */
export async function listHealth(
  ctx: FarmCtx,
  animalId: string,
  query: PageQuery,
): Promise<Page<HealthRecord>> {
  await readRow(ctx.db, ctx.farmId, animalId);
  const rows = await ctx.db
    .select()
    .from(livestock_health_records)
    .where(
      and(
        eq(livestock_health_records.farm_id, ctx.farmId),
        eq(livestock_health_records.animal_id, animalId),
        healthPages.after(query.cursor),
      ),
    )
    .orderBy(...healthPages.orderBy)
    .limit(query.limit + 1);
  return healthPages.page(rows.map(toHealthRecord), query.limit);
}

/** An animal's weighings, latest date first. */
export async function listGrowth(ctx: FarmCtx, animalId: string, query: PageQuery): Promise<Page<GrowthLog>> {
  await readRow(ctx.db, ctx.farmId, animalId);
  const rows = await ctx.db
    .select()
    .from(livestock_growth_logs)
    .where(
      and(
        eq(livestock_growth_logs.farm_id, ctx.farmId),
        eq(livestock_growth_logs.animal_id, animalId),
        growthPages.after(query.cursor),
      ),
    )
    .orderBy(...growthPages.orderBy)
    .limit(query.limit + 1);
  return growthPages.page(rows.map(toGrowthLog), query.limit);
}

/** An animal's head-count events, latest date first. */
export async function listEvents(
  ctx: FarmCtx,
  animalId: string,
  query: PageQuery,
): Promise<Page<LivestockEvent>> {
  await readRow(ctx.db, ctx.farmId, animalId);
  const rows = await ctx.db
    .select()
    .from(livestock_events)
    .where(
      and(
        eq(livestock_events.farm_id, ctx.farmId),
        eq(livestock_events.animal_id, animalId),
        eventPages.after(query.cursor),
      ),
    )
    .orderBy(...eventPages.orderBy)
    .limit(query.limit + 1);
  return eventPages.page(rows.map(toEvent), query.limit);
}

/** An animal's production, latest date first, each day with the heads present for its hen-day rate. */
export async function listProduction(
  ctx: FarmCtx,
  animalId: string,
  query: PageQuery,
): Promise<Page<Production>> {
  await readRow(ctx.db, ctx.farmId, animalId);
  const rows = await selectProduction(
    ctx.db,
    ctx.farmId,
    and(eq(livestock_production.animal_id, animalId), productionPages.after(query.cursor)),
  )
    .orderBy(...productionPages.orderBy)
    .limit(query.limit + 1);
  return productionPages.page(rows.map(toProduction), query.limit);
}

type TimelineTable =
  | typeof livestock_health_records
  | typeof livestock_growth_logs
  | typeof livestock_events
  | typeof livestock_production;

/**
 * The keys of a timeline page: each table's next records by its own (farm, animal, date, id) index,
 * merged and cut to the page. The day's text is named `day`, not `date`: an ORDER BY name matches
 * an output column before a table's, and ordering by the text would read every record of the animal.
 */
function timelineUnion(
  where: (table: TimelineTable, pages: ReturnType<typeof keyset>) => SQL | undefined,
  limit: SQL,
) {
  const branch = (type: TimelineEntry['type'], table: TimelineTable, pages: ReturnType<typeof keyset>) =>
    sql`(select ${type}::text as type, ${table.id} as id, ${table.date}::text as day from ${table}
    where ${where(table, pages)} order by ${table.date} desc, ${table.id} desc limit ${limit})`;
  return sql`
    select type, id, day as date from (
      ${branch('health', livestock_health_records, healthPages)}
      union all ${branch('growth', livestock_growth_logs, growthPages)}
      union all ${branch('event', livestock_events, eventPages)}
      union all ${branch('production', livestock_production, productionPages)}
    ) as entries order by day desc, id desc limit ${limit}`;
}

/**
 * A timeline page in one statement: the animal (no row: not this farm's), each table's next
 * records by its own (farm, animal, date, id) index merged and cut to the page, and each key's
 * record joined back by id, production with the heads of its group at the end of its day (the count
 * now, less what the events dated after that day changed).
 */
function timelinePage(
  db: Db,
  farmId: Placeholder | string,
  animalId: Placeholder | string,
  after: (pages: ReturnType<typeof keyset>) => SQL | undefined,
  limit: SQL,
) {
  const keys = timelineUnion(
    (table, pages) => and(eq(table.farm_id, farmId), eq(table.animal_id, animalId), after(pages)),
    limit,
  );
  const ofType = (type: TimelineEntry['type'], table: TimelineTable) =>
    sql`timeline.type = ${type} and ${table.id} = timeline.id and ${table.farm_id} = ${livestock.farm_id}`;
  return db
    .select({
      type: sql<TimelineEntry['type'] | null>`timeline.type`,
      health: livestock_health_records,
      growth: livestock_growth_logs,
      event: livestock_events,
      production: livestock_production,
      head_count_on_date: sql<number>`(${livestock.head_count} - coalesce((select sum(later.change)
        from livestock_events later where later.farm_id = ${livestock.farm_id}
        and later.animal_id = ${livestock.id} and later.date > ${livestock_production.date}), 0))::int`,
    })
    .from(livestock)
    .leftJoin(sql`lateral (${keys}) as timeline`, sql`true`)
    .leftJoin(livestock_health_records, ofType('health', livestock_health_records))
    .leftJoin(livestock_growth_logs, ofType('growth', livestock_growth_logs))
    .leftJoin(livestock_events, ofType('event', livestock_events))
    .leftJoin(livestock_production, ofType('production', livestock_production))
    .where(and(eq(livestock.farm_id, farmId), eq(livestock.id, animalId)))
    .orderBy(sql`timeline.date desc, timeline.id desc`);
}

/** The first page (every animal page opens on it): prepared once per connection. */
const firstTimelinePage = preparedQuery((db) =>
  timelinePage(
    db,
    sql.placeholder('farmId'),
    sql.placeholder('animalId'),
    () => undefined,
    sql`${sql.placeholder('limit')}`,
  ).prepare('gona_livestock_timeline_page'),
);

/**
 * Everything recorded about an animal or group, merged by date (latest first), in one statement
 * (`timelinePage`); the first page is prepared, a later one is planned for its cursor.
 */
export async function listTimeline(
  ctx: FarmCtx,
  animalId: string,
  query: PageQuery,
): Promise<Page<TimelineEntry>> {
  const limit = query.limit + 1;
  const rows = query.cursor
    ? await timelinePage(ctx.db, ctx.farmId, animalId, (pages) => pages.after(query.cursor), sql`${limit}`)
    : await firstTimelinePage(ctx.db).execute({ farmId: ctx.farmId, animalId, limit });
  if (rows.length === 0) throw new AppError('NOT_FOUND', NOT_FOUND);
  const entries = rows.flatMap((row): TimelineEntry[] => {
    if (row.type === 'health' && row.health) return [entry('health', toHealthRecord(row.health))];
    if (row.type === 'growth' && row.growth) return [entry('growth', toGrowthLog(row.growth))];
    if (row.type === 'event' && row.event) return [entry('event', toEvent(row.event))];
    if (row.type === 'production' && row.production)
      return [
        entry('production', toProduction({ ...row.production, head_count_on_date: row.head_count_on_date })),
      ];
    return [];
  });
  return eventPages.page(entries, query.limit);
}

function entry<T extends TimelineEntry['type']>(
  type: T,
  record: Extract<TimelineEntry, { type: T }>['record'],
): TimelineEntry {
  return { type, id: record.id, date: record.date, record } as TimelineEntry;
}

/**
 * Production rows with the heads of their group at the end of their day: the count now, less what
 * the events dated after that day changed.
 */
function selectProduction(db: Db | Tx, farmId: string, where: SQL | undefined) {
  const later = sql<number>`(${livestock.head_count} - coalesce((select sum(${livestock_events.change})
    from ${livestock_events} where ${livestock_events.farm_id} = ${livestock_production.farm_id}
    and ${livestock_events.animal_id} = ${livestock_production.animal_id}
    and ${livestock_events.date} > ${livestock_production.date}), 0))::int`;
  return db
    .select({ ...getTableColumns(livestock_production), head_count_on_date: later })
    .from(livestock_production)
    .innerJoin(livestock, eq(livestock.id, livestock_production.animal_id))
    .where(and(eq(livestock_production.farm_id, farmId), where))
    .$dynamic();
}

/** The event's columns after the head-count rule, or the answer that says why it cannot be. */
function newEvent(
  animal: typeof livestock.$inferSelect,
  other: typeof livestock.$inferSelect | undefined,
  input: RecordEvent,
) {
  if (animal.kind === 'individual' && (input.kind === 'birth' || input.kind === 'purchase'))
    throw new AppError('VALIDATION', undefined, {
      kind: 'One animal cannot gain heads: add the young or the new animals as records of their own',
    });
  if (input.kind === 'transfer_out') {
    if (animal.kind === 'individual' || !other || other.kind !== 'group')
      throw new AppError('VALIDATION', undefined, { to_animal_id: 'Choose a group of this farm' });
    if (other.species !== animal.species)
      throw new AppError('VALIDATION', undefined, {
        to_animal_id: 'Choose a group of the same kind of animal',
      });
  }
  const outcome = applyHeadCountEvent(animal.head_count, input);
  if (!outcome.ok) {
    throw new AppError(
      'CONFLICT',
      `Only ${outcome.available} left in ${displayName(animal)}, so ${input.count} cannot be taken away. Check the count, or record what came in first.`,
      { count: `Only ${outcome.available} left` },
    );
  }
  return {
    date: input.date,
    kind: input.kind,
    change: outcome.change,
    head_count_after: outcome.after,
    cause: input.cause ?? null,
    other_animal_id: other?.id ?? null,
    other_animal_name: other ? displayName(other) : null,
    price_kobo: input.price_kobo ?? null,
    notes: input.notes ?? null,
  };
}

/**
 * The new count; the last head gone by a death, sale, slaughter or cull sets the matching status
 * (and its open tasks go).
 */
async function setHeadCount(
  tx: Tx,
  farmId: string,
  animal: typeof livestock.$inferSelect,
  after: number,
  kind: RecordEvent['kind'] | 'transfer_in',
): Promise<void> {
  const ended = after === 0 ? STATUS_AT_ZERO[kind] : undefined;
  const back = after > 0 && animal.head_count === 0 && animal.status !== 'active' ? 'active' : undefined;
  await tx
    .update(livestock)
    .set({ head_count: after, ...(ended || back ? { status: ended ?? back } : {}), updated_at: new Date() })
    .where(and(eq(livestock.farm_id, farmId), eq(livestock.id, animal.id)));
  if (ended && animal.status === 'active')
    await dropOpenTasksAboutIn(tx, farmId, { livestock_id: animal.id });
}

/** The animal's row, held for this transaction (records of one animal queue here). */
async function lockAnimal(tx: Tx, farmId: string, animalId: string) {
  const [row] = await tx
    .select()
    .from(livestock)
    .where(and(eq(livestock.farm_id, farmId), eq(livestock.id, animalId)))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return row;
}

async function findSupply(tx: Tx, farmId: string, supplyId: string) {
  const [row] = await tx
    .select({ id: supplies.id, name: supplies.name, unit: supplies.unit, category: supplies.category })
    .from(supplies)
    .where(and(eq(supplies.farm_id, farmId), eq(supplies.id, supplyId)));
  return row ?? null;
}

/**
 * Records the product or feed used as a stock movement in the store, in this transaction; not
 * enough stock refuses the whole record, with the advice beside the amount's field.
 */
async function useStock(
  tx: Tx,
  ctx: Omit<FarmCtx, 'db'>,
  supplyId: string,
  use: { id: string; quantity: string; note: string; field: string },
): Promise<void> {
  try {
    await recordMovementIn(tx, ctx, {
      supplyId: supplyId,
      id: use.id,
      kind: 'used',
      quantity: use.quantity,
      reason: null,
      note: use.note,
      unit_cost_kobo: null,
    });
  } catch (err) {
    if (err instanceof AppError && err.fields?.quantity)
      throw new AppError(err.code, err.message, { [use.field]: err.fields.quantity });
    throw err;
  }
}

/** Workers do not see money, so they do not record it either. */
function refuseMoneyWithout(ctx: FarmCtx, field: string, value: number | null | undefined): void {
  if (value != null && !can(ctx.role, 'money.read'))
    throw new AppError('VALIDATION', undefined, { [field]: WORKER_MONEY });
}

/** A record for its audit row: its fields without ids of its own or timestamps. */
function recordOf(record: Record<string, unknown>): Record<string, unknown> {
  const { id: _id, farm_id: _farm, created_at: _created, user_id: _user, ...rest } = record;
  return rest;
}
