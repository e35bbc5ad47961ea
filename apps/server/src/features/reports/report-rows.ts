import { sql, type SQL } from 'drizzle-orm';
import { fromMilli, milliOf, type Unit } from '@gona/shared/units';
import type { Db, Tx } from '../../db/client';

/** What every section of a report is asked with: the farm, its days and zone, today, the scope. */
export type ReportInput = {
  db: Db | Tx;
  farmId: string;
  from: string;
  to: string;
  timeZone: string;
  /** The farm's today, for what is late (a task due before it, still open). */
  today: string;
  scope: { kind: 'farm' | 'crop' | 'animal'; id: string | null };
};

/** The rows of a raw statement (both drivers answer one with its rows). */
export async function rowsOf<T>(db: Db | Tx, statement: SQL): Promise<T[]> {
  const result: unknown = await db.execute(statement);
  return (result as { rows: T[] }).rows;
}

/** The first instant of the period's first day in the farm's zone. */
export const periodStart = (input: ReportInput) =>
  sql`(${input.from}::date::timestamp at time zone ${input.timeZone})`;
/** The first instant after the period's last day in the farm's zone. */
export const periodEnd = (input: ReportInput) =>
  sql`((${input.to}::date + 1)::timestamp at time zone ${input.timeZone})`;

/** Sum of exact decimals (numeric columns as text), exactly. */
export function sumQuantities(values: readonly (string | number | null | undefined)[]): string {
  return fromMilli(values.reduce<number>((total, v) => total + (v == null ? 0 : milliOf(String(v))), 0));
}

/** Kilograms in one of a unit, for units that say their weight. */
const KG_PER_UNIT: Partial<Record<Unit, number>> = {
  kg: 1,
  g: 0.001,
  t: 1000,
  bag_25kg: 25,
  bag_50kg: 50,
  bag_100kg: 100,
};

/** A quantity of a unit in milli-kg, or null for a unit that does not say its weight (a basket). */
export function milliKg(quantity: string, unit: string | null): number | null {
  const factor = unit ? KG_PER_UNIT[unit as Unit] : undefined;
  return factor === undefined ? null : Math.round(milliOf(quantity) * factor);
}

/** n ÷ d × 100 to one decimal; null when d is 0. */
export function percent(n: number, d: number): number | null {
  return d > 0 ? Math.round((n * 1000) / d) / 10 : null;
}
