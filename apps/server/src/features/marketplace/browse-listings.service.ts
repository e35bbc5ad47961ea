/**
 * Listings, the buyer's side: every signed-in person browses the active ones and those sold out, and
 * sees of the seller only what is public (name, state, LGA).
 */
import { and, desc, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import {
  type BrowseListingsQuery,
  type ListingBrowsePage,
  type ListingSort,
  type PublicListing,
  type SellerPage,
} from '@gona/shared/marketplace';
import { farms, listings, users } from '../../db/schema/index';
import type { FileStorage } from '../../integrations/storage';
import type { Ctx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import type { OpenedFile } from '../../lib/file-http';
import { byValue, keyset, type Keyset } from '../../lib/pagination';
import { literalLimit } from '../../lib/prepared';
import { openFileOf } from '../files/files.service';
import { isFarmStopped } from './moderation.service';
import { sellerBriefSql, sellerRatingSummary } from './ratings.service';
import { listingWithheldSql } from './withdrawal.service';
import {
  BROWSED,
  LISTING_COLUMNS,
  LISTING_PHOTOS,
  SELLER_COLUMNS,
  SHOWN_TO_BUYERS,
  farmPosition,
  isMember,
  publicListingOf,
  readViewable,
  toPublicListings,
  toSeller,
} from './listings.rows';

const SELLER_LISTINGS_MAX = 50;

/**
 * Browsing: full-text words (`plainto_tsquery('simple', q)` against the title, variety,
 * description, state and LGA), filters, and one of four sorts with keyset pages. Nearest measures
 * from the buyer's farm (`near_farm`, one they are a member of) when it has a position; otherwise
 * the newest come first and the answer says so.
 */
export async function browseListings(
  ctx: Ctx,
  query: BrowseListingsQuery,
  now: Date = new Date(),
): Promise<ListingBrowsePage> {
  let sort: ListingSort = query.sort;
  let origin: { lat: number; lng: number } | null = null;
  if (sort === 'nearest') {
    origin = query.near_farm ? await farmPosition(ctx, query.near_farm) : null;
    if (!origin) sort = 'newest';
  }
  const { pages, value } = sortKey(sort, origin);
  const where = and(
    // Written out, not as parameters, so the planner matches the browsing indexes' predicate.
    sql`${listings.status} IN ('active', 'sold_out')`,
    // Hidden by Gona: a filter on the rows the browsing indexes give (hidden listings are few).
    isNull(listings.hidden_at),
    // Off sale while its animals are in a withdrawal period (one lookup by key for a listing with one).
    sql`NOT ${listingWithheldSql(now)}`,
    query.q ? sql`${listings.search} @@ plainto_tsquery('simple', ${query.q})` : undefined,
    query.category ? eq(listings.category, query.category) : undefined,
    query.product_key ? eq(listings.product_key, query.product_key) : undefined,
    query.state ? sql`lower(${listings.state}) = lower(${query.state})` : undefined,
    query.min_price !== undefined ? gte(listings.price_kobo, query.min_price) : undefined,
    query.max_price !== undefined ? lte(listings.price_kobo, query.max_price) : undefined,
    query.seller ? eq(listings.farm_id, query.seller) : undefined,
    pages.after(query.cursor),
  );
  // One statement: each listing with its seller, photos and the seller's ratings (three more
  // round trips, each planned again, cost a page more than the listings themselves).
  const rows = await ctx.db
    .select({
      row: LISTING_COLUMNS,
      farm: SELLER_COLUMNS,
      photos: LISTING_PHOTOS,
      rating: sellerBriefSql(listings.farm_id, now.getTime()),
      sort_value: value,
    })
    .from(listings)
    .innerJoin(farms, eq(farms.id, listings.farm_id))
    // The farms of people Gona stopped selling are not shown. A join on the owner's key (one
    // lookup per farm, remembered) rather than NOT EXISTS, which reads every person to find the few.
    .innerJoin(users, and(eq(users.id, farms.owner_id), isNull(users.selling_suspended_at)))
    .where(where)
    .orderBy(...pages.orderBy)
    .limit(literalLimit(query.limit + 1));
  const { items, next_cursor } = pages.page(
    rows.map((r) => ({ ...r, id: r.row.id })),
    query.limit,
  );
  return {
    items: items.map((item) => publicListingOf(item.row, item.farm, item.photos, item.rating)),
    next_cursor,
    sort,
    nearest_unavailable: query.sort === 'nearest' && sort !== 'nearest',
  };
}

/**
 * One listing by its address: on sale, paused or sold out for anyone signed in; a draft or a closed
 * one, one hidden by Gona, or one of a farm whose owner is stopped selling, only for its farm's
 * members. Anything else is 404, saying nothing of whether it exists.
 */
export async function getPublicListing(
  ctx: Ctx,
  listingId: string,
  now: Date = new Date(),
): Promise<PublicListing> {
  const { row, withdrawal } = await readViewable(ctx, listingId, now);
  const [listing] = await toPublicListings(ctx.db, [row], now);
  return withdrawal ? { ...listing!, withdrawal } : listing!;
}

/**
 * A seller's public page: the farm's name, state and LGA, and its listings on sale, newest first
 * (none hidden by Gona, and none at all when its owner is stopped selling).
 */
export async function sellerPage(ctx: Ctx, farmId: string, now: Date = new Date()): Promise<SellerPage> {
  const [farm] = await ctx.db
    .select({ id: farms.id, name: farms.name, state: farms.state, lga: farms.lga })
    .from(farms)
    .where(eq(farms.id, farmId));
  if (!farm) throw new AppError('NOT_FOUND', 'Seller not found');
  const rows = (await isFarmStopped(ctx.db, farmId))
    ? []
    : await ctx.db
        .select(LISTING_COLUMNS)
        .from(listings)
        .where(
          and(
            eq(listings.farm_id, farmId),
            inArray(listings.status, BROWSED),
            isNull(listings.hidden_at),
            sql`NOT ${listingWithheldSql(now)}`,
          ),
        )
        .orderBy(desc(listings.published_at), desc(listings.id))
        .limit(SELLER_LISTINGS_MAX);
  if (rows.length === 0 && !(await isMember(ctx, farmId)))
    throw new AppError('NOT_FOUND', 'Seller not found');
  const [publicListings, ratings] = await Promise.all([
    toPublicListings(ctx.db, rows, now, [farm]),
    sellerRatingSummary(ctx.db, farmId, now.getTime()),
  ]);
  const rating = { count: ratings.count, average: ratings.average };
  return { ...toSeller(farm), rating, listings: publicListings, ratings };
}

/**
 * A listing's photo for a buyer: while it is on sale (and shown: not hidden by Gona, its owner not
 * stopped selling), anyone signed in; otherwise only members of its farm. Any other photo is 404.
 */
export async function openListingPhoto(
  ctx: Ctx,
  listingId: string,
  input: { fileId: string; size: 'full' | 'thumb'; ifNoneMatch: string | undefined },
  deps: { storage: FileStorage; now: Date },
): Promise<OpenedFile> {
  const { fileId } = input;
  const { storage, now } = deps;
  const query = { size: input.size, ifNoneMatch: input.ifNoneMatch };
  const [row] = await ctx.db
    .select({
      farm_id: listings.farm_id,
      status: listings.status,
      shown: sql<boolean>`(${SHOWN_TO_BUYERS} AND NOT ${listingWithheldSql(now)})`,
    })
    .from(listings)
    .innerJoin(farms, eq(farms.id, listings.farm_id))
    .innerJoin(users, eq(users.id, farms.owner_id))
    .where(eq(listings.id, listingId));
  if (!row) throw new AppError('NOT_FOUND', 'File not found');
  if ((row.status !== 'active' || !row.shown) && !(await isMember(ctx, row.farm_id)))
    throw new AppError('NOT_FOUND', 'File not found');
  return openFileOf(ctx, storage, { table: listings, recordId: listingId, fileId }, query);
}

/** Listings without a position sort after every measured one. */
const FAR_AWAY = 1e12;

const PRICE = /^\d{1,15}$/;
const TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const DISTANCE = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i;

/**
 * The browse sort's pages (lib/pagination's one cursor format, tagged with the sort, so a cursor
 * made for another sort is a 400 beside `cursor`) and the value each row carries for its cursor.
 */
function sortKey(
  sort: ListingSort,
  origin: { lat: number; lng: number } | null,
): { pages: Keyset; value: SQL } {
  if (sort === 'price_asc' || sort === 'price_desc') {
    const key = {
      tag: sort,
      key: listings.price_kobo,
      cast: 'bigint',
      valid: (v: string) => PRICE.test(v),
    } as const;
    return {
      pages: keyset({ order: byValue(listings, { ...key, descending: sort === 'price_desc' }) }),
      value: sql`${listings.price_kobo}`,
    };
  }
  if (sort === 'nearest' && origin) {
    // Equirectangular distance squared: enough to order places within a country.
    const cos = Math.cos((origin.lat * Math.PI) / 180);
    const distance = sql`coalesce(power(${listings.latitude}::float8 - ${origin.lat}::float8, 2) + power((${listings.longitude}::float8 - ${origin.lng}::float8) * ${cos}::float8, 2), ${FAR_AWAY}::float8)`;
    return {
      pages: keyset({
        order: byValue(listings, {
          tag: sort,
          key: distance,
          cast: 'float8',
          valid: (v) => DISTANCE.test(v),
        }),
      }),
      value: sql`${distance}`.mapWith(Number),
    };
  }
  // Every listing a buyer browses has been published (publishing sets the day), so the newest sort
  // walks the browsing index by that day instead of sorting every match.
  const published = listings.published_at;
  return {
    pages: keyset({
      order: byValue(listings, {
        tag: 'newest',
        key: published,
        cast: 'timestamptz',
        descending: true,
        valid: (v) => TIME.test(v) && !Number.isNaN(Date.parse(v)),
      }),
    }),
    value: sql`to_char(${published} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  };
}
