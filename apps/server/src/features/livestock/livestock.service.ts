import { and, asc, desc, eq, gte, ilike, isNotNull, lte, or, sql, sum, count } from 'drizzle-orm';
import {
  livestockRuleIssues,
  mortalityPercent,
  type CreateLivestock,
  type Livestock,
  type LivestockListQuery,
  type LivestockSummary,
  type LivestockWithPhotos,
  type UpdateLivestock,
} from '@gona/shared/livestock';
import type { Page } from '@gona/shared/pagination';
import type { Db, Tx } from '../../db/client';
import { livestock, livestock_events, livestock_production, tasks } from '../../db/schema/index';
import { auditDelete, auditInsert, auditUpdate } from '../../lib/audit';
import type { FarmCtx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { keyset, newestFirst } from '../../lib/pagination';
import { literalLimit, preparedQuery } from '../../lib/prepared';
import { containing } from '../../lib/search';
import { insertOnce, updateVersioned } from '../../lib/writes';
import { attachFilesIn, deleteFilesIn, listFilesOf } from '../files/files.service';
import { dropOpenTasksAboutIn } from '../tasks/schedule.service';
import { farmToday } from '../../lib/farm-time';
import { toLivestock } from './livestock.rows';

export const NOT_FOUND = 'Animal or group not found';
const UPCOMING_MAX = 3;
const pages = keyset({ order: newestFirst(livestock) });

/** The farm's animals and groups, newest first; search matches a name, a tag or a breed. */
export async function listLivestock(ctx: FarmCtx, query: LivestockListQuery): Promise<Page<Livestock>> {
  const where = and(
    eq(livestock.farm_id, ctx.farmId),
    query.species ? eq(livestock.species, query.species) : undefined,
    query.status ? eq(livestock.status, query.status) : undefined,
    query.search
      ? or(
          ilike(livestock.name, containing(query.search)),
          ilike(livestock.tag, containing(query.search)),
          ilike(livestock.breed, containing(query.search)),
        )
      : undefined,
    pages.after(query.cursor),
  );
  const [rows, today] = await Promise.all([
    ctx.db
      .select()
      .from(livestock)
      .where(where)
      .orderBy(...pages.orderBy)
      .limit(literalLimit(query.limit + 1)),
    farmToday(ctx.db, ctx.farmId),
  ]);
  return pages.page(
    rows.map((row) => toLivestock(row, today)),
    query.limit,
  );
}

export async function getLivestock(ctx: FarmCtx, animalId: string): Promise<LivestockWithPhotos> {
  return readWithPhotos(ctx.db, ctx.farmId, animalId);
}

/**
 * A new animal or group. Its heads arrive through its first event (bought: a purchase; born on the
 * farm: a birth), dated when it came, so the history explains every count; an individual is one
 * head. The client's id makes a replayed create answer the first record (`insertOnce`).
 */
export async function createLivestock(ctx: FarmCtx, input: CreateLivestock): Promise<LivestockWithPhotos> {
  const { id = newId(), photo_ids: photoIds = [], head_count: requested, ...fields } = input;
  const headCount = input.kind === 'individual' ? 1 : (requested ?? 0);
  return ctx.db.transaction(async (tx) => {
    const today = await farmToday(tx, ctx.farmId);
    const { row, replayed } = await insertOnce(tx, livestock, {
      id,
      farmId: ctx.farmId,
      values: { ...fields, head_count: headCount },
    });
    if (replayed) return readWithPhotos(tx, ctx.farmId, row.id);
    await attachFilesIn(tx, ctx, { table: livestock, id: row.id, kind: 'livestock', fileIds: photoIds });
    await tx.insert(livestock_events).values({
      id: newId(),
      farm_id: ctx.farmId,
      animal_id: row.id,
      date: input.acquired_on ?? (input.acquisition === 'born_on_farm' ? input.date_of_birth : null) ?? today,
      kind: input.acquisition === 'bought' ? 'purchase' : 'birth',
      change: headCount,
      head_count_after: headCount,
      user_id: ctx.userId,
    });
    const record = {
      ...fields,
      name: displayName(row),
      head_count: headCount,
      ...(photoIds.length > 0 ? { photos: photoIds.length } : {}),
    };
    await auditInsert(tx, ctx, livestock, { id: row.id, record });
    return readWithPhotos(tx, ctx.farmId, row.id);
  });
}

/**
 * Optimistic concurrency as for every record (`updateVersioned`). The head count is not changed
 * here (events change it); the rules between fields are checked on the record as it will be.
 */
export async function updateLivestock(
  ctx: FarmCtx,
  animalId: string,
  input: UpdateLivestock,
): Promise<LivestockWithPhotos> {
  const { version, photo_ids: photoIds, ...changes } = input;
  return ctx.db.transaction(async (tx) => {
    const current = await readRow(tx, ctx.farmId, animalId);
    const issues = livestockRuleIssues({ ...current, ...withoutUndefined(changes) });
    if (issues.length > 0)
      throw new AppError(
        'VALIDATION',
        undefined,
        Object.fromEntries(issues.map((issue) => [issue.path[0], issue.message])),
      );
    const updated = await updateVersioned(tx, livestock, {
      where: and(eq(livestock.farm_id, ctx.farmId), eq(livestock.id, animalId)),
      version,
      changes,
      notFound: NOT_FOUND,
    });
    if (updated.before.status === 'active' && updated.row.status !== 'active')
      await dropOpenTasksAboutIn(tx, ctx.farmId, { livestock_id: animalId });
    const photos = photoIds
      ? await attachFilesIn(tx, ctx, { table: livestock, id: animalId, kind: 'livestock', fileIds: photoIds })
      : null;
    await auditUpdate(tx, ctx, livestock, {
      id: animalId,
      changes: updated.changes || photos ? { ...updated.changes, ...photos } : null,
      context: { name: displayName(updated.before), species: updated.before.species },
    });
    return readWithPhotos(tx, ctx.farmId, animalId);
  });
}

/**
 * Deleting is for a record made by mistake (an animal sold or dead keeps its record with that
 * status): its records, photos and open tasks go with it; stock its records used stays used.
 */
export async function deleteLivestock(ctx: FarmCtx, animalId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await dropOpenTasksAboutIn(tx, ctx.farmId, { livestock_id: animalId });
    const [row] = await tx
      .delete(livestock)
      .where(and(eq(livestock.farm_id, ctx.farmId), eq(livestock.id, animalId)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    await deleteFilesIn(tx, ctx, { table: livestock, id: animalId });
    await auditDelete(tx, ctx, livestock, { id: animalId, record: { ...row, name: displayName(row) } });
  });
}

/**
 * The farm's livestock at a glance: heads of active records by species, deaths dated this month
 * on the farm's clock and the mortality they make, and the eggs collected today.
 */
export async function livestockSummary(ctx: FarmCtx): Promise<LivestockSummary> {
  const today = await farmToday(ctx.db, ctx.farmId);
  const params = { farmId: ctx.farmId, today, monthStart: `${today.slice(0, 8)}01` };
  const [bySpecies, [deaths], [eggs], upcoming] = await Promise.all([
    headsQuery(ctx.db).execute(params),
    deathsQuery(ctx.db).execute(params),
    eggsQuery(ctx.db).execute(params),
    upcomingQuery(ctx.db).execute(params),
  ]);
  const headCount = bySpecies.reduce((total, row) => total + row.head_count, 0);
  const deathsThisMonth = deaths?.total ?? 0;
  return {
    by_species: bySpecies,
    head_count: headCount,
    deaths_this_month: deathsThisMonth,
    mortality_percent: mortalityPercent(deathsThisMonth, headCount),
    eggs_today: eggs?.total ?? 0,
    upcoming_vaccinations: upcoming.map(({ name, tag, ...row }) => ({
      ...row,
      animal_name: displayName({ name, tag }),
    })),
    today,
  };
}

// The summary's reads open the livestock screen on every phone: prepared once per connection.
const farmOf = sql.placeholder('farmId');
const todayOf = sql.placeholder('today');
const heads = sql<number>`coalesce(${sum(livestock.head_count)}, 0)::int`;
const headsQuery = preparedQuery((db) =>
  db
    .select({ species: livestock.species, head_count: heads, records: count() })
    .from(livestock)
    .where(and(eq(livestock.farm_id, farmOf), eq(livestock.status, 'active')))
    .groupBy(livestock.species)
    .orderBy(desc(heads), livestock.species)
    .prepare('gona_livestock_heads'),
);
const deathsQuery = preparedQuery((db) =>
  db
    .select({ total: sql<number>`coalesce(-${sum(livestock_events.change)}, 0)::int` })
    .from(livestock_events)
    .where(
      and(
        eq(livestock_events.farm_id, farmOf),
        eq(livestock_events.kind, 'mortality'),
        gte(livestock_events.date, sql.placeholder('monthStart')),
        lte(livestock_events.date, todayOf),
      ),
    )
    .prepare('gona_livestock_deaths'),
);
const eggsQuery = preparedQuery((db) =>
  db
    .select({ total: sql<number>`coalesce(${sum(livestock_production.eggs_collected)}, 0)::int` })
    .from(livestock_production)
    .where(and(eq(livestock_production.farm_id, farmOf), eq(livestock_production.date, todayOf)))
    .prepare('gona_livestock_eggs'),
);
/** The farm's next open vaccinations (from today), soonest first. */
const upcomingQuery = preparedQuery((db) =>
  db
    .select({
      task_id: tasks.id,
      title: tasks.title,
      due_date: tasks.due_date,
      animal_id: livestock.id,
      name: livestock.name,
      tag: livestock.tag,
    })
    .from(tasks)
    .innerJoin(livestock, eq(livestock.id, tasks.livestock_id))
    .where(
      and(
        eq(tasks.farm_id, farmOf),
        eq(tasks.status, 'open'),
        eq(tasks.type, 'vaccination'),
        isNotNull(tasks.livestock_id),
        gte(tasks.due_date, todayOf),
      ),
    )
    .orderBy(asc(tasks.due_date), asc(tasks.id))
    .limit(UPCOMING_MAX)
    .prepare('gona_livestock_upcoming_care'),
);

/** What a record is called in sentences: its name, or its tag. */
export function displayName(row: { name: string | null; tag: string | null }): string {
  return row.name ?? row.tag ?? '';
}

/** The row of one of the farm's animals or groups; 404 when it is not this farm's. */
export async function readRow(db: Db | Tx, farmId: string, animalId: string) {
  const [row] = await db
    .select()
    .from(livestock)
    .where(and(eq(livestock.farm_id, farmId), eq(livestock.id, animalId)));
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return row;
}

export async function readLivestock(db: Db | Tx, farmId: string, animalId: string): Promise<Livestock> {
  const [row, today] = await Promise.all([readRow(db, farmId, animalId), farmToday(db, farmId)]);
  return toLivestock(row, today);
}

async function readWithPhotos(db: Db | Tx, farmId: string, animalId: string): Promise<LivestockWithPhotos> {
  const animal = await readLivestock(db, farmId, animalId);
  return { ...animal, photos: await listFilesOf(db, farmId, livestock, animalId) };
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
