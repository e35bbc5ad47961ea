import { and, desc, eq, sql } from 'drizzle-orm';
import {
  ringAreaHa,
  soilAdvice,
  type CreateField,
  type CreateSoilRecord,
  type Field,
  type SoilRecord,
  type UpdateField,
} from '@gona/shared/crops';
import type { Page, PageQuery } from '@gona/shared/pagination';
import { normalizeQuantity } from '@gona/shared/units';
import type { Db, Tx } from '../../db/client';
import { fields, soil_records } from '../../db/schema/index';
import { auditDelete, auditInsert, auditUpdate } from '../../lib/audit';
import type { FarmCtx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { keyset, newestFirst } from '../../lib/pagination';
import { insertOnce, updateVersioned } from '../../lib/writes';

const NOT_FOUND = 'Field not found';
const pages = keyset({ order: newestFirst(fields) });

/**
 * The latest value of one soil measure over a field's tests. Written out in full: in a one-table
 * select drizzle leaves column names unqualified, and "id" inside the subquery would be the soil
 * record's. The measure is one of our own column names, never input.
 */
const latestSoil = (column: keyof Field['latest_soil'] | 'ph') =>
  sql<number | null>`(
    select sr.${sql.raw(column)} from soil_records sr
    where sr.field_id = "fields"."id" and sr.${sql.raw(column)} is not null
    order by sr.sample_date desc, sr.id desc limit 1
  )`;

/** A field with the latest value of each soil measure over its tests. */
function selectFields(db: Db | Tx) {
  return db
    .select({
      field: fields,
      latest_ph: latestSoil('ph'),
      organic_carbon_percent: latestSoil('organic_carbon_percent'),
      phosphorus_mg_kg: latestSoil('phosphorus_mg_kg'),
      potassium_cmol_kg: latestSoil('potassium_cmol_kg'),
      ec_ds_m: latestSoil('ec_ds_m'),
    })
    .from(fields);
}

type FieldRow = {
  field: typeof fields.$inferSelect;
  latest_ph: number | null;
} & Record<keyof Field['latest_soil'], number | null>;

const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));

function toField({ field, latest_ph, ...soil }: FieldRow): Field {
  return {
    id: field.id,
    farm_id: field.farm_id,
    name: field.name,
    area_ha: field.area_ha === null ? null : normalizeQuantity(trimScale(field.area_ha)),
    area_source: field.area_source,
    tenure: field.tenure,
    rent_kobo: field.rent_kobo,
    irrigation: field.irrigation,
    soil_type: field.soil_type,
    notes: field.notes,
    boundary: field.boundary?.[0] ?? null,
    latest_ph: numberOrNull(latest_ph),
    latest_soil: {
      organic_carbon_percent: numberOrNull(soil.organic_carbon_percent),
      phosphorus_mg_kg: numberOrNull(soil.phosphorus_mg_kg),
      potassium_cmol_kg: numberOrNull(soil.potassium_cmol_kg),
      ec_ds_m: numberOrNull(soil.ec_ds_m),
    },
    created_at: field.created_at.toISOString(),
    updated_at: field.updated_at.toISOString(),
    version: field.version,
  };
}

/** numeric(12,4) text to at most the 3 decimals quantities carry (areas are typed to the 10 m²). */
function trimScale(value: string): string {
  const [whole, fraction = ''] = value.split('.');
  return fraction ? `${whole}.${fraction.slice(0, 3)}` : value;
}

/** The farm's fields, newest first. */
export async function listFields(ctx: FarmCtx, query: PageQuery): Promise<Page<Field>> {
  const rows = await selectFields(ctx.db)
    .where(and(eq(fields.farm_id, ctx.farmId), pages.after(query.cursor)))
    .orderBy(...pages.orderBy)
    .limit(query.limit + 1);
  const page = pages.page(
    rows.map((row) => ({ ...row, id: row.field.id, created_at: row.field.created_at })),
    query.limit,
  );
  return { items: page.items.map(toField), next_cursor: page.next_cursor };
}

export async function readField(db: Db | Tx, farmId: string, fieldId: string): Promise<Field> {
  const [row] = await selectFields(db).where(and(eq(fields.farm_id, farmId), eq(fields.id, fieldId)));
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return toField(row);
}

/** The latest soil pH of a field, or null (the yield prediction's soil factor). */
export async function latestPh(db: Db | Tx, farmId: string, fieldId: string | null): Promise<number | null> {
  if (!fieldId) return null;
  const [row] = await db
    .select({ ph: soil_records.ph })
    .from(soil_records)
    .where(
      and(
        eq(soil_records.farm_id, farmId),
        eq(soil_records.field_id, fieldId),
        sql`${soil_records.ph} is not null`,
      ),
    )
    .orderBy(desc(soil_records.sample_date), desc(soil_records.id))
    .limit(1);
  return row?.ph ?? null;
}

/**
 * A drawn outline sets the area (measured on the sphere, to the 10 m²) and marks it drawn; a typed
 * area without one marks it typed; taking the outline away (null) keeps the area, as typed.
 */
function withArea<
  T extends { area_ha?: string | null | undefined; boundary?: [number, number][] | null | undefined },
>(input: T) {
  const { boundary, ...rest } = input;
  if (boundary)
    return {
      ...rest,
      boundary: [boundary],
      area_ha: ringAreaHa(boundary).toFixed(3),
      area_source: 'drawn' as const,
    };
  if (boundary === null) return { ...rest, boundary: null, area_source: 'typed' as const };
  return rest.area_ha !== undefined ? { ...rest, area_source: 'typed' as const } : rest;
}

/** A field, once per client id. */
export async function createField(ctx: FarmCtx, input: CreateField): Promise<Field> {
  const { id, ...values } = input;
  return ctx.db.transaction(async (tx) => {
    const { row, replayed } = await insertOnce(tx, fields, {
      id,
      farmId: ctx.farmId,
      values: { area_source: 'typed', ...withArea(values) },
    });
    if (!replayed) await auditInsert(tx, ctx, fields, { id: row.id, record: values });
    return readField(tx, ctx.farmId, row.id);
  });
}

/** A change (optimistic concurrency). */
export async function updateField(ctx: FarmCtx, fieldId: string, input: UpdateField): Promise<Field> {
  const { version, ...changes } = input;
  return ctx.db.transaction(async (tx) => {
    const updated = await updateVersioned(tx, fields, {
      where: and(eq(fields.farm_id, ctx.farmId), eq(fields.id, fieldId)),
      version,
      changes: withArea(changes),
      notFound: NOT_FOUND,
    });
    if (updated.row.tenure !== 'rented' && updated.row.rent_kobo !== null)
      throw new AppError('VALIDATION', undefined, { rent_kobo: 'Only a rented field has rent' });
    await auditUpdate(tx, ctx, fields, {
      id: fieldId,
      changes: updated.changes,
      context: { name: updated.row.name },
    });
    return readField(tx, ctx.farmId, fieldId);
  });
}

/** A field recorded by mistake: its soil tests go with it; crops on it keep their record, without the field. */
export async function deleteField(ctx: FarmCtx, fieldId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(fields)
      .where(and(eq(fields.farm_id, ctx.farmId), eq(fields.id, fieldId)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    await auditDelete(tx, ctx, fields, { id: fieldId, record: row });
  });
}

function toSoil(row: typeof soil_records.$inferSelect): SoilRecord {
  return {
    id: row.id,
    field_id: row.field_id,
    sample_date: row.sample_date,
    ph: row.ph,
    organic_carbon_percent: row.organic_carbon_percent,
    nitrogen_percent: row.nitrogen_percent,
    phosphorus_mg_kg: row.phosphorus_mg_kg,
    potassium_cmol_kg: row.potassium_cmol_kg,
    ec_ds_m: row.ec_ds_m,
    texture: row.texture,
    lab: row.lab,
    notes: row.notes,
    advice: soilAdvice(row),
    created_at: row.created_at.toISOString(),
  };
}

/** A soil test of the field, once per client id, with what it says to do. */
export async function recordSoil(
  ctx: FarmCtx,
  fieldId: string,
  input: CreateSoilRecord,
): Promise<SoilRecord> {
  return ctx.db.transaction(async (tx) => {
    const field = await readField(tx, ctx.farmId, fieldId);
    const { id, ...values } = input;
    const { row, replayed } = await insertOnce(tx, soil_records, {
      id,
      farmId: ctx.farmId,
      parent: { field_id: fieldId },
      values: { ...values, field_id: fieldId, user_id: ctx.userId },
    });
    if (!replayed)
      await auditInsert(tx, ctx, soil_records, { id: row.id, record: { ...values, field: field.name } });
    return toSoil(row);
  });
}

/** A field's soil tests, the latest first. */
export async function listSoil(ctx: FarmCtx, fieldId: string): Promise<SoilRecord[]> {
  await readField(ctx.db, ctx.farmId, fieldId);
  const rows = await ctx.db
    .select()
    .from(soil_records)
    .where(and(eq(soil_records.farm_id, ctx.farmId), eq(soil_records.field_id, fieldId)))
    .orderBy(desc(soil_records.sample_date), desc(soil_records.id))
    .limit(200);
  return rows.map(toSoil);
}
