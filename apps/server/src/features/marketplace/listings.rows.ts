/**
 * Listings as rows: the columns read, and how a listing is read and shaped for its farm
 * (toFarmListing) and for buyers (toPublicListings), shared by the seller's and the browsing services.
 */
import { and, asc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import {
  pricePerKgKobo,
  type FarmListing,
  type ListingHidden,
  type ListingPhoto,
  type ListingStatus,
  type ListingWithdrawal,
  type PublicListing,
  type RatingBrief,
} from '@gona/shared/marketplace';
import { can } from '@gona/shared/permissions';
import { normalizeQuantity } from '@gona/shared/units';
import type { Db, Tx } from '../../db/client';
import { farm_memberships, farms, files, listings, users } from '../../db/schema/index';
import type { Ctx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { listFilesOf } from '../files/files.service';
import { sellerBriefs } from './ratings.service';
import { listingWithheldSql, withdrawalsOf } from './withdrawal.service';

export const NOT_FOUND = 'Listing not found';

type ListingRow = Omit<typeof listings.$inferSelect, 'search'>;
/**
 * A listing's columns without `search`: the words browsing matches are for the database, and a page
 * of listings read with them would carry every description a second time.
 */
export const { search: _search, ...LISTING_COLUMNS } = getTableColumns(listings);
export const SELLER_COLUMNS = { id: farms.id, name: farms.name, state: farms.state, lga: farms.lga };
type FarmRow = Pick<typeof farms.$inferSelect, 'id' | 'name' | 'state' | 'lga'>;

/** Statuses a buyer browsing sees: on sale, and sold out (shown as such). */
export const BROWSED: ListingStatus[] = ['active', 'sold_out'];
/** Statuses anyone signed in may open by address. */
const VIEWABLE: ListingStatus[] = ['active', 'paused', 'sold_out'];
/**
 * Of a listing read with its farm and the farm's owner: buyers may see it, not hidden by Gona and
 * its owner not stopped selling (docs/decisions/045).
 */
export const SHOWN_TO_BUYERS = sql<boolean>`(${listings.hidden_at} IS NULL AND ${users.selling_suspended_at} IS NULL)`;

export async function readRow(db: Db | Tx, farmId: string, listingId: string): Promise<ListingRow> {
  const [row] = await db
    .select()
    .from(listings)
    .where(and(eq(listings.farm_id, farmId), eq(listings.id, listingId)));
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return row;
}

export async function readFarmListing(
  db: Db | Tx,
  farmId: string,
  listingId: string,
  now: Date,
): Promise<FarmListing> {
  const [row, farm, photos] = await Promise.all([
    readRow(db, farmId, listingId),
    readFarm(db, farmId),
    listFilesOf(db, farmId, listings, listingId),
  ]);
  const withdrawals = await withdrawalsOf(db, farmId, [row.animal_id], now);
  return toFarmListing(row, farm, photos, withdrawalOf(row, withdrawals));
}

export function withdrawalOf(
  row: ListingRow,
  withdrawals: Map<string, ListingWithdrawal>,
): ListingWithdrawal | null {
  return (row.animal_id && withdrawals.get(row.animal_id)) || null;
}

export async function readFarm(db: Db | Tx, farmId: string): Promise<FarmRow> {
  const [farm] = await db
    .select({ id: farms.id, name: farms.name, state: farms.state, lga: farms.lga })
    .from(farms)
    .where(eq(farms.id, farmId));
  if (!farm) throw new AppError('NOT_FOUND');
  return farm;
}

export async function readFarmFull(db: Db | Tx, farmId: string) {
  const [farm] = await db
    .select({ state: farms.state, lga: farms.lga, latitude: farms.latitude, longitude: farms.longitude })
    .from(farms)
    .where(eq(farms.id, farmId));
  if (!farm) throw new AppError('NOT_FOUND');
  return farm;
}

/**
 * A listing anyone signed in may open (readViewable's rules). One off sale for a withdrawal period
 * reads as paused to buyers, with no reason; its farm's members read the real status and why.
 */
export async function readViewable(
  ctx: Ctx,
  listingId: string,
  now: Date,
): Promise<{ row: ListingRow; withdrawal: ListingWithdrawal | null }> {
  if (!isUuid(listingId)) throw new AppError('NOT_FOUND', NOT_FOUND);
  const [found] = await ctx.db
    .select({ row: LISTING_COLUMNS, shown: SHOWN_TO_BUYERS, withheld: listingWithheldSql(now) })
    .from(listings)
    .innerJoin(farms, eq(farms.id, listings.farm_id))
    .innerJoin(users, eq(users.id, farms.owner_id))
    .where(eq(listings.id, listingId));
  if (!found) throw new AppError('NOT_FOUND', NOT_FOUND);
  const { row, shown, withheld } = found;
  const member = (!VIEWABLE.includes(row.status) || !shown || withheld) && (await isMember(ctx, row.farm_id));
  if ((!VIEWABLE.includes(row.status) || !shown) && !member) throw new AppError('NOT_FOUND', NOT_FOUND);
  if (!withheld) return { row, withdrawal: null };
  if (!member)
    return { row: BROWSED.includes(row.status) ? { ...row, status: 'paused' } : row, withdrawal: null };
  const withdrawals = await withdrawalsOf(ctx.db, row.farm_id, [row.animal_id], now);
  return { row, withdrawal: withdrawalOf(row, withdrawals) };
}

export async function isMember(ctx: Ctx, farmId: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ role: farm_memberships.role })
    .from(farm_memberships)
    .where(and(eq(farm_memberships.farm_id, farmId), eq(farm_memberships.user_id, ctx.userId)))
    .limit(1);
  return Boolean(row && can(row.role, 'marketplace.read'));
}

/** The position of one of the caller's farms, or null (not theirs, or without a position). */
export async function farmPosition(ctx: Ctx, farmId: string): Promise<{ lat: number; lng: number } | null> {
  const [row] = await ctx.db
    .select({ lat: farms.latitude, lng: farms.longitude })
    .from(farms)
    .innerJoin(farm_memberships, eq(farm_memberships.farm_id, farms.id))
    .where(and(eq(farms.id, farmId), eq(farm_memberships.user_id, ctx.userId)))
    .limit(1);
  return row && row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null;
}

/** The photos of listings, in the order they were added, by listing; one query for a page. */
export async function photosOf(db: Db | Tx, rows: ListingRow[]) {
  const byListing = new Map<string, Awaited<ReturnType<typeof listFilesOf>>>();
  await Promise.all(
    rows.map(async (row) => byListing.set(row.id, await listFilesOf(db, row.farm_id, listings, row.id))),
  );
  return byListing;
}

type PhotoRow = { id: string; thumb_key: string | null };

/** A listing's photos (id and thumbnail key, oldest first) for a statement that reads them beside its rows. */
export const LISTING_PHOTOS = sql<PhotoRow[]>`coalesce((
  select json_agg(json_build_object('id', f.id, 'thumb_key', f.thumb_key) order by f.id)
  from files f
  where f.farm_id = ${listings.farm_id} and f.attached_to_table = 'listings'
    and f.attached_to_id = ${listings.id} and f.deleted_at is null), '[]'::json)`;

/** A listing as buyers see it, from its row, its farm, its photos and its seller's ratings. */
export function publicListingOf(
  row: ListingRow,
  farm: FarmRow,
  photoRows: readonly PhotoRow[],
  rating: RatingBrief | undefined,
): PublicListing {
  const photos: ListingPhoto[] = photoRows.map((photo) => {
    const url = `/api/marketplace/listings/${row.id}/photos/${photo.id}`;
    return { id: photo.id, url, thumb_url: photo.thumb_key ? `${url}?size=thumb` : null };
  });
  const fields = publicFields(row, farm);
  return { ...fields, seller: { ...fields.seller, rating }, photos };
}

/** Listings as buyers see them, with their photos; `sellers`, when the caller has read them already. */
export async function toPublicListings(
  db: Db | Tx,
  rows: ListingRow[],
  /** The app's clock: the sellers' ratings are weighed by their age at it. */
  now: Date,
  sellers?: FarmRow[],
): Promise<PublicListing[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const farmIds = [...new Set(rows.map((row) => row.farm_id))];
  const [photoRows, farmRows, briefs] = await Promise.all([
    db
      .select({ id: files.id, listing_id: files.attached_to_id, thumb_key: files.thumb_key })
      .from(files)
      .where(
        and(
          // The farms lead the attachments index; without them every file would be read.
          inArray(files.farm_id, farmIds),
          eq(files.attached_to_table, 'listings'),
          inArray(files.attached_to_id, ids),
          isNull(files.deleted_at),
        ),
      )
      .orderBy(asc(files.id)),
    sellers
      ? Promise.resolve(sellers)
      : db.select(SELLER_COLUMNS).from(farms).where(inArray(farms.id, farmIds)),
    sellerBriefs(db, farmIds, now.getTime()),
  ]);
  const farmsById = new Map(farmRows.map((farm) => [farm.id, farm]));
  return rows.map((row) =>
    publicListingOf(
      row,
      farmsById.get(row.farm_id)!,
      photoRows.filter((photo) => photo.listing_id === row.id),
      briefs.get(row.farm_id),
    ),
  );
}

function publicFields(row: ListingRow, farm: FarmRow): Omit<PublicListing, 'photos'> {
  const unitKg = row.unit_kg === null ? null : normalizeQuantity(row.unit_kg);
  return {
    id: row.id,
    farm_id: row.farm_id,
    status: row.status,
    category: row.category,
    product_key: row.product_key,
    title: row.title,
    variety: row.variety,
    grade: row.grade,
    quality: row.quality ?? null,
    quantity_available: normalizeQuantity(row.quantity_available),
    unit: row.unit,
    unit_kg: unitKg,
    min_order: normalizeQuantity(row.min_order),
    price_kobo: row.price_kobo,
    price_per_kg_kobo: pricePerKgKobo(row.price_kobo, unitKg),
    state: row.state,
    lga: row.lga,
    harvest_date: row.harvest_date,
    available_from: row.available_from,
    delivery_pickup: row.delivery_pickup,
    delivery_seller: row.delivery_seller,
    delivery_area: row.delivery_area,
    delivery_fee_kobo: row.delivery_fee_kobo,
    description: row.description,
    seller: toSeller(farm),
    published_at: row.published_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    // Only its farm's members read a hidden listing (readViewable).
    ...(row.hidden_at ? { hidden: hiddenOf(row)! } : {}),
  };
}

function hiddenOf(row: ListingRow): ListingHidden | null {
  return row.hidden_at ? { at: row.hidden_at.toISOString(), reason: row.hidden_reason ?? '' } : null;
}

export function toFarmListing(
  row: ListingRow,
  farm: FarmRow,
  photos: Awaited<ReturnType<typeof listFilesOf>>,
  withdrawal: ListingWithdrawal | null,
): FarmListing {
  return {
    ...publicFields(row, farm),
    withdrawal,
    crop_key: row.crop_key,
    animal_id: row.animal_id,
    photos,
    updated_at: row.updated_at.toISOString(),
    version: row.version,
    hidden: hiddenOf(row),
  };
}

export function toSeller(farm: FarmRow) {
  return { farm_id: farm.id, name: farm.name, state: farm.state, lga: farm.lga };
}

/** A stored row with its quantities as canonical decimal strings ("12.5", not "12.500"), for the rules. */
export function withQuantities(row: ListingRow) {
  return {
    ...row,
    quantity_available: normalizeQuantity(row.quantity_available),
    min_order: normalizeQuantity(row.min_order),
    unit_kg: row.unit_kg === null ? null : normalizeQuantity(row.unit_kg),
  };
}

export function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
