import { eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client';
import type { FieldChanges } from './audit';
import { AppError } from './errors';

type VersionedTable = PgTable & { id: PgColumn; version: PgColumn; updated_at: PgColumn };
type FarmTable = PgTable & { id: PgColumn; farm_id: PgColumn };
type Row<T extends PgTable> = T['$inferSelect'];
type Versioned<T extends PgTable> = Row<T> & { version: number };

/**
 * Optimistic concurrency, the one way: the row `where` picks (which names the farm) is locked; none
 * is 404, a version other than the caller's is 409 (someone saved since they read it); `version`
 * null is for an action without a form (deactivating), which applies to any version. The fields of
 * `changes` that really differ are written with the next version and a new `updated_at`; when none
 * differ (an unchanged form saved) nothing is written and `changes` is null, so `auditUpdate`
 * writes no row either.
 */
export async function updateVersioned<T extends VersionedTable>(
  tx: Tx,
  table: T,
  options: {
    where: SQL | undefined;
    version: number | null;
    changes: Partial<T['$inferInsert']>;
    notFound?: string;
  },
): Promise<{ before: Row<T>; row: Row<T>; changes: FieldChanges | null }> {
  const source: PgTable = table;
  const [before] = (await tx
    .select()
    .from(source)
    .where(options.where)
    .limit(1)
    .for('update')) as Versioned<T>[];
  if (!before) throw new AppError('NOT_FOUND', options.notFound);
  if (options.version !== null && before.version !== options.version) throw new AppError('CONFLICT');
  const changes = changedFields(table, before, options.changes);
  if (Object.keys(changes).length === 0) return { before, row: before, changes: null };
  const set = Object.fromEntries(Object.entries(changes).map(([key, { to }]) => [key, to]));
  const [row] = (await tx
    .update(table)
    .set({ ...set, version: before.version + 1, updated_at: new Date() } as PgUpdateSetSource<T>)
    .where(eq(table.id, before.id))
    .returning()) as Row<T>[];
  if (!row) throw new AppError('CONFLICT');
  return { before, row, changes };
}

/**
 * A create whose id the client made (decision 020): the first request records it; a replay of the
 * same id (a retry, a queued change sent again) writes nothing and gets the first record back, with
 * `replayed` true so the caller skips its side effects and audit row. An id already used by another
 * farm's record, or under another parent (`parent`, e.g. a movement's supply), is 409 without a word
 * about that record. `values` may be a function: it runs only for a first request, so a rule it
 * checks (enough stock) never refuses a replay of what it once allowed.
 */
export async function insertOnce<T extends FarmTable>(
  tx: Tx,
  table: T,
  options: {
    id: string;
    farmId: string;
    parent?: Partial<Row<T>>;
    values: NewValues<T> | (() => NewValues<T>);
  },
): Promise<{ row: Row<T>; replayed: boolean }> {
  const first = await recorded(tx, table, options);
  if (first) return { row: first, replayed: true };
  const values = typeof options.values === 'function' ? options.values() : options.values;
  const [row] = (await tx
    .insert(table)
    .values({ ...values, id: options.id, farm_id: options.farmId } as T['$inferInsert'])
    .onConflictDoNothing({ target: table.id })
    .returning()) as Row<T>[];
  if (row) return { row, replayed: false };
  // A request with the same id committed between the look-up and the insert.
  const raced = await recorded(tx, table, options);
  if (!raced) throw new AppError('CONFLICT', ALREADY_RECORDED);
  return { row: raced, replayed: true };
}

type NewValues<T extends FarmTable> = Omit<T['$inferInsert'], 'id' | 'farm_id'>;

const ALREADY_RECORDED = 'This record already exists.';

async function recorded<T extends FarmTable>(
  tx: Tx,
  table: T,
  { id, farmId, parent = {} }: { id: string; farmId: string; parent?: Partial<Row<T>> },
): Promise<Row<T> | undefined> {
  const source: PgTable = table;
  const [row] = (await tx.select().from(source).where(eq(table.id, id)).limit(1)) as Row<T>[];
  if (!row) return undefined;
  const ours = row.farm_id === farmId && Object.entries(parent).every(([key, value]) => row[key] === value);
  if (!ours) throw new AppError('CONFLICT', ALREADY_RECORDED);
  return row;
}

/**
 * { field: { from, to } } for the fields of `patch` whose value differs from the row's. Numeric
 * columns are compared as numbers written out ("5.000" is "5"), and show that way.
 */
function changedFields(table: PgTable, before: Record<string, unknown>, patch: object): FieldChanges {
  const columns: Record<string, PgColumn> = getTableColumns(table);
  const changes: FieldChanges = {};
  for (const [key, to] of Object.entries(patch)) {
    if (to === undefined) continue;
    const numeric = columns[key]?.columnType === 'PgNumeric';
    const from = numeric ? decimal(before[key]) : before[key];
    if (from !== (numeric ? decimal(to) : to)) changes[key] = { from, to };
  }
  return changes;
}

/** A numeric column's text without trailing zeros: "12.500" → "12.5", "3.000" → "3". */
function decimal(value: unknown): unknown {
  return typeof value === 'string' && value.includes('.') ? value.replace(/\.?0+$/, '') : value;
}
