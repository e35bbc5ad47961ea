import { and, eq } from 'drizzle-orm';
import {
  CATEGORY_WORDS,
  isLowStock,
  KIND_WORDS,
  normalizeQuantity,
  UNIT_WORDS,
} from '@gona/shared/inventory';
import { can } from '@gona/shared/permissions';
import { isTimeZone } from '@gona/shared/fields';
import { DEFAULT_TIMEZONE } from '@gona/shared/farms';
import { farms, suppliers, supplies, supply_movements, users } from '../../db/schema/index';
import type { FarmCtx } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { keyset, newestFirst } from '../../lib/pagination';

/** Rows read per query while streaming, so a farm's whole history never sits in memory at once. */
const BATCH = 1000;

export type CsvExport = { filename: string; body: ReadableStream<Uint8Array> };

const COST = 'Unit cost (₦)';

const SUPPLY_HEADER = [
  'Name',
  'Category',
  'Quantity',
  'Unit',
  'Low-stock level',
  'Low stock',
  COST,
  'Supplier',
  'Storage location',
  'Expiry date',
  'Notes',
  'Added',
  'Last changed',
];

const MOVEMENT_HEADER = [
  'Date',
  'Supply',
  'What happened',
  'Change',
  'Unit',
  'Stock after',
  'Reason',
  'Note',
  COST,
  'Recorded by',
];

/** Every supply of the farm as CSV, newest first. */
export async function exportSuppliesCsv(ctx: FarmCtx): Promise<CsvExport> {
  const { filename, timeZone } = await exportFarm(ctx, 'supplies');
  const pages = keyset({ order: newestFirst(supplies) });
  const money = can(ctx.role, 'money.read');
  return {
    filename,
    body: csvStream(withoutCostColumn(SUPPLY_HEADER, money), async (cursor) => {
      const rows = await ctx.db
        .select({
          id: supplies.id,
          created_at: supplies.created_at,
          name: supplies.name,
          category: supplies.category,
          quantity: supplies.quantity,
          unit: supplies.unit,
          low_threshold: supplies.low_threshold,
          unit_cost_kobo: supplies.unit_cost_kobo,
          supplier: suppliers.name,
          storage_location: supplies.storage_location,
          expiry_date: supplies.expiry_date,
          notes: supplies.notes,
          updated_at: supplies.updated_at,
        })
        .from(supplies)
        .leftJoin(suppliers, eq(suppliers.id, supplies.supplier_id))
        .where(and(eq(supplies.farm_id, ctx.farmId), pages.after(cursor)))
        .orderBy(...pages.orderBy)
        .limit(BATCH + 1);
      const page = pages.page(rows, BATCH);
      return {
        next_cursor: page.next_cursor,
        rows: page.items.map((r) => [
          text(r.name),
          CATEGORY_WORDS[r.category],
          normalizeQuantity(r.quantity),
          UNIT_WORDS[r.unit],
          normalizeQuantity(r.low_threshold),
          isLowStock(r.quantity, r.low_threshold) ? 'Yes' : 'No',
          ...(money ? [naira(r.unit_cost_kobo)] : []),
          text(r.supplier),
          text(r.storage_location),
          r.expiry_date ? dayMonthYear(r.expiry_date) : '',
          text(r.notes),
          localTime(r.created_at, timeZone),
          localTime(r.updated_at, timeZone),
        ]),
      };
    }),
  };
}

/** Every stock movement of the farm as CSV, newest first, with the supply and who recorded it. */
export async function exportMovementsCsv(ctx: FarmCtx): Promise<CsvExport> {
  const { filename, timeZone } = await exportFarm(ctx, 'stock-movements');
  const pages = keyset({ order: newestFirst(supply_movements) });
  const money = can(ctx.role, 'money.read');
  return {
    filename,
    body: csvStream(withoutCostColumn(MOVEMENT_HEADER, money), async (cursor) => {
      const rows = await ctx.db
        .select({
          id: supply_movements.id,
          created_at: supply_movements.created_at,
          supply: supplies.name,
          unit: supplies.unit,
          kind: supply_movements.kind,
          quantity: supply_movements.quantity,
          quantity_after: supply_movements.quantity_after,
          reason: supply_movements.reason,
          note: supply_movements.note,
          unit_cost_kobo: supply_movements.unit_cost_kobo,
          first_name: users.first_name,
          last_name: users.last_name,
        })
        .from(supply_movements)
        .innerJoin(supplies, eq(supplies.id, supply_movements.supply_id))
        .innerJoin(users, eq(users.id, supply_movements.user_id))
        .where(and(eq(supply_movements.farm_id, ctx.farmId), pages.after(cursor)))
        .orderBy(...pages.orderBy)
        .limit(BATCH + 1);
      const page = pages.page(rows, BATCH);
      return {
        next_cursor: page.next_cursor,
        rows: page.items.map((r) => [
          localTime(r.created_at, timeZone),
          text(r.supply),
          KIND_WORDS[r.kind],
          signed(normalizeQuantity(r.quantity)),
          UNIT_WORDS[r.unit],
          normalizeQuantity(r.quantity_after),
          text(r.reason),
          text(r.note),
          ...(money ? [naira(r.unit_cost_kobo)] : []),
          text(`${r.first_name} ${r.last_name}`),
        ]),
      };
    }),
  };
}

/** Workers do not see money (product.md): their exports have no cost column. */
function withoutCostColumn(header: string[], money: boolean): string[] {
  return money ? header : header.filter((name) => name !== COST);
}

/** One CSV field: quoted when it holds a comma, quote or line break; inner quotes doubled (RFC 4180). */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

type Batch = { rows: string[][]; next_cursor: string | null };

function csvStream(
  header: string[],
  readBatch: (cursor: string | undefined) => Promise<Batch>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: string | undefined;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        // The byte-order mark makes spreadsheet programs read the file as UTF-8 (₦, names with accents).
        controller.enqueue(encoder.encode(`\uFEFF${header.join(',')}\r\n`));
        return;
      }
      const batch = await readBatch(cursor);
      if (batch.rows.length > 0) {
        controller.enqueue(
          encoder.encode(batch.rows.map((cells) => `${cells.map(csvField).join(',')}\r\n`).join('')),
        );
      }
      if (!batch.next_cursor) {
        controller.close();
        return;
      }
      cursor = batch.next_cursor;
    },
  });
}

/** gona-supplies-<farm>-<date>.csv, the date in the farm's own timezone, and that timezone. */
async function exportFarm(ctx: FarmCtx, what: string): Promise<{ filename: string; timeZone: string }> {
  const [farm] = await ctx.db
    .select({ name: farms.name, timezone: farms.timezone })
    .from(farms)
    .where(eq(farms.id, ctx.farmId));
  if (!farm) throw new AppError('NOT_FOUND');
  // A zone stored before time zones were checked may be unknown: the farm's default then.
  const timeZone = isTimeZone(farm.timezone) ? farm.timezone : DEFAULT_TIMEZONE;
  const date = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const slug =
    farm.name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'farm';
  return { filename: `gona-${what}-${slug}-${date}.csv`, timeZone };
}

/** "26/05/2025 14:05" in the farm's time zone, as the app shows it. */
function localTime(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

/** A calendar date (yyyy-mm-dd) as dd/mm/yyyy. */
function dayMonthYear(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

/** "+5" for 5 received, "-2" for 2 used: the column sums to the change in stock. */
function signed(quantity: string): string {
  return quantity.startsWith('-') || quantity === '0' ? quantity : `+${quantity}`;
}

/**
 * Free text typed by people. A leading =, +, - or @ would make a spreadsheet run it as a formula,
 * so such text is prefixed with an apostrophe (OWASP CSV injection advice).
 */
function text(value: string | null): string {
  if (!value) return '';
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** Kobo as a plain naira amount a spreadsheet can sum ("1250.50"); exact, no floating point. */
function naira(koboAmount: number | null): string {
  if (koboAmount === null) return '';
  return `${Math.floor(koboAmount / 100)}.${String(koboAmount % 100).padStart(2, '0')}`;
}
