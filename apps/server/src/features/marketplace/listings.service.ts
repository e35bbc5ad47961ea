import { and, asc, desc, eq, getTableColumns, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { withdrawalNotice, isUnderWithdrawal } from '@gona/shared/livestock';
import {
  listingRuleIssues,
  pricePerKgKobo,
  sourceNeededMessage,
  sourceSpeciesOf,
  SOURCE_REQUIRED_PRODUCTS,
  unitKgOf,
  type BrowseListingsQuery,
  type CreateListing,
  type FarmListing,
  type FarmListingPage,
  type FarmListingQuery,
  type ListingBrowsePage,
  type ListingHidden,
  type ListingPhoto,
  type ListingSort,
  type ListingSources,
  type ListingStatus,
  type ListingWithdrawal,
  type PublicListing,
  type SellerPage,
  type UpdateListing,
} from '@gona/shared/marketplace';
import { can } from '@gona/shared/permissions';
import { milliOf, normalizeQuantity, quantityNumber, toMilli, type Quantity } from '@gona/shared/units';
import type { Db, Tx } from '../../db/client';
import {
  farm_memberships,
  farms,
  files,
  knowledge_crops,
  listings,
  livestock,
  users,
} from '../../db/schema/index';
import type { FileStorage } from '../../integrations/storage';
import { auditInsert, auditUpdate } from '../../lib/audit';
import type { Ctx, FarmCtx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import type { OpenedFile } from '../../lib/file-http';
import { farmToday } from '../../lib/farm-time';
import { isUuid, newId } from '../../lib/ids';
import { byValue, keyset, newestFirst, type Keyset } from '../../lib/pagination';
import { insertOnce, updateVersioned } from '../../lib/writes';
import { attachFiles, listFilesOf, openFileOf } from '../files/files.service';
import { produceStock, storedProduce } from '../crops/records.service';
import { assertMaySell, isFarmStopped, listingHiddenMessage } from './moderation.service';
import { sellerBriefs, sellerRatingSummary } from './ratings.service';
import { listingWithheldSql, withdrawalsOf } from './withdrawal.service';

/**
 * Listings: what a farm offers on the marketplace. Its owners and managers write them (drafts,
 * then published, paused, resumed, closed); every signed-in person browses the active ones and
 * those sold out, and sees of the seller only what is public (name, state, LGA).
 */

export const NOT_FOUND = 'Listing not found';
const SELLER_LISTINGS_MAX = 50;
const farmPages = keyset({ order: newestFirst(listings) });

type ListingRow = Omit<typeof listings.$inferSelect, 'search'>;
/**
 * A listing's columns without `search`: the words browsing matches are for the database, and a page
 * of listings read with them would carry every description a second time.
 */
const { search: _search, ...LISTING_COLUMNS } = getTableColumns(listings);
const SELLER_COLUMNS = { id: farms.id, name: farms.name, state: farms.state, lga: farms.lga };
type FarmRow = Pick<typeof farms.$inferSelect, 'id' | 'name' | 'state' | 'lga'>;

// ---------------------------------------------------------------------------------------------
// The seller's side

/**
 * The services below take `now`, the app's clock (deps.now), for the withdrawal periods that keep
 * listings off sale (withdrawal.service.ts): a listing is off sale until its farm's day reaches the end.
 */
export async function listFarmListings(
  ctx: FarmCtx,
  query: FarmListingQuery,
  now: Date = new Date(),
): Promise<FarmListingPage> {
  const rows = await ctx.db
    .select()
    .from(listings)
    .where(
      and(
        eq(listings.farm_id, ctx.farmId),
        query.status ? eq(listings.status, query.status) : undefined,
        farmPages.after(query.cursor),
      ),
    )
    .orderBy(...farmPages.orderBy)
    .limit(query.limit + 1);
  const page = farmPages.page(rows, query.limit);
  const farm = await readFarm(ctx.db, ctx.farmId);
  const [photos, withdrawals] = await Promise.all([
    photosOf(ctx.db, page.items),
    withdrawalsOf(
      ctx.db,
      ctx.farmId,
      page.items.map((row) => row.animal_id),
      now,
    ),
  ]);
  return {
    items: page.items.map((row) =>
      toFarmListing(row, farm, photos.get(row.id) ?? [], withdrawalOf(row, withdrawals)),
    ),
    next_cursor: page.next_cursor,
  };
}

export async function getFarmListing(
  ctx: FarmCtx,
  listingId: string,
  now: Date = new Date(),
): Promise<FarmListing> {
  return readFarmListing(ctx.db, ctx.farmId, listingId, now);
}

/** What the listing form offers: the farm's crops in store, its groups and animals, and where it is. */
export async function listingSources(ctx: FarmCtx, now: Date = new Date()): Promise<ListingSources> {
  const [farm, crops, harvest, animals, today] = await Promise.all([
    readFarm(ctx.db, ctx.farmId),
    ctx.db
      .select({ key: knowledge_crops.key, name: knowledge_crops.name })
      .from(knowledge_crops)
      .orderBy(asc(knowledge_crops.name)),
    produceStock(ctx),
    ctx.db
      .select({
        id: livestock.id,
        name: livestock.name,
        tag: livestock.tag,
        species: livestock.species,
        head_count: livestock.head_count,
        withdrawal_until: livestock.withdrawal_until,
      })
      .from(livestock)
      .where(and(eq(livestock.farm_id, ctx.farmId), eq(livestock.status, 'active')))
      .orderBy(asc(livestock.name), asc(livestock.id)),
    farmToday(ctx.db, ctx.farmId, now),
  ]);
  return {
    state: farm.state,
    lga: farm.lga,
    crops,
    harvest: harvest.map((row) => ({ ...row, kg: quantityNumber(row.kg) })),
    animals: animals.map(({ name, tag, withdrawal_until: until, ...row }) => ({
      ...row,
      name: name ?? tag ?? '',
      withdrawal_until: isUnderWithdrawal(until, today) ? until : null,
    })),
  };
}

/**
 * A new draft. Its title is the product's name unless given; its location is the farm's (taken
 * again when it is published). The client's id makes a replayed create answer the first listing.
 * A person Gona stopped selling cannot start one (nor change one: docs/decisions/045).
 */
export async function createListing(
  ctx: FarmCtx,
  input: CreateListing,
  now: Date = new Date(),
): Promise<FarmListing> {
  const { id = newId(), photo_ids: photoIds, title, unit_kg: typedKg, ...fields } = input;
  return ctx.db.transaction(async (tx) => {
    await assertMaySell(tx, ctx.userId);
    const farm = await readFarmFull(tx, ctx.farmId);
    const productName = await productNameOf(tx, input.category, input.product_key);
    const unitKg = unitKgOf(input.unit, typedKg);
    await checkSources(tx, ctx.farmId, { ...input, unit_kg: unitKg }, now);
    const { row, replayed } = await insertOnce(tx, listings, {
      id,
      farmId: ctx.farmId,
      values: {
        ...fields,
        title: title ?? productName,
        quality: input.quality ?? null,
        quantity_available: input.quantity_available,
        min_order: input.min_order,
        unit_kg: unitKg,
        delivery_fee_kobo: input.delivery_seller ? (input.delivery_fee_kobo ?? 0) : null,
        delivery_area: input.delivery_seller ? (input.delivery_area ?? null) : null,
        state: farm.state ?? '',
        lga: farm.lga,
        latitude: farm.latitude,
        longitude: farm.longitude,
        user_id: ctx.userId,
      },
    });
    if (!replayed) {
      await attachFiles(ctx, tx, { table: listings, id: row.id, kind: 'listing', fileIds: photoIds });
      await auditInsert(tx, ctx, listings, {
        id: row.id,
        record: {
          title: row.title,
          product_key: row.product_key,
          price_kobo: row.price_kobo,
          photos: photoIds.length,
        },
      });
    }
    return readFarmListing(tx, ctx.farmId, row.id, now);
  });
}

/**
 * A change to a listing (optimistic concurrency: a stale version is 409). A closed listing stays
 * as it was. A listing sold out that is given more to sell is active again.
 */
export async function updateListing(
  ctx: FarmCtx,
  listingId: string,
  input: UpdateListing,
  now: Date = new Date(),
): Promise<FarmListing> {
  const {
    version,
    photo_ids: photoIds,
    unit_kg: typedKg,
    title,
    quantity_available: quantity,
    min_order: minOrder,
    ...rest
  } = input;
  const changes = { ...rest, quantity_available: quantity, min_order: minOrder };
  return ctx.db.transaction(async (tx) => {
    const current = await readRow(tx, ctx.farmId, listingId);
    if (current.status === 'closed') throw new AppError('CONFLICT', 'A closed listing cannot be changed.');
    await assertMaySell(tx, ctx.userId);
    const merged = {
      ...withQuantities(current),
      ...withoutUndefined(changes),
    };
    const issues = listingRuleIssues(merged);
    if (issues.length > 0)
      throw new AppError(
        'VALIDATION',
        undefined,
        Object.fromEntries(issues.map((issue): [string, string] => [issue.path.join('.'), issue.message])),
      );
    if (changes.product_key !== undefined || changes.category !== undefined)
      await productNameOf(tx, merged.category, merged.product_key);
    const unit = changes.unit ?? current.unit;
    const unitKg =
      changes.unit !== undefined || typedKg !== undefined
        ? unitKgOf(unit, typedKg ?? (changes.unit === undefined ? merged.unit_kg : null))
        : merged.unit_kg;
    // The withdrawal is checked when the animal changes: a listing already off sale for it can
    // still be edited (it stays off sale until the period ends).
    const animalChanged = changes.animal_id !== undefined && changes.animal_id !== current.animal_id;
    await checkSources(tx, ctx.farmId, { ...merged, unit, unit_kg: unitKg }, now, {
      withdrawal: animalChanged,
    });
    const delivers = merged.delivery_seller;
    const set: Partial<typeof listings.$inferInsert> = {
      ...rest,
      ...(quantity !== undefined ? { quantity_available: quantity } : {}),
      ...(minOrder !== undefined ? { min_order: minOrder } : {}),
      unit_kg: unitKg,
      ...(title === undefined
        ? {}
        : { title: title ?? (await productNameOf(tx, merged.category, merged.product_key)) }),
      ...(delivers ? {} : { delivery_area: null, delivery_fee_kobo: null }),
      ...(current.status === 'sold_out' && milliOf(merged.quantity_available) > 0
        ? { status: 'active' as const }
        : {}),
    };
    const updated = await updateVersioned(tx, listings, {
      where: and(eq(listings.farm_id, ctx.farmId), eq(listings.id, listingId)),
      version,
      changes: set,
      notFound: NOT_FOUND,
    });
    const photos = photoIds
      ? await attachFiles(ctx, tx, { table: listings, id: listingId, kind: 'listing', fileIds: photoIds })
      : null;
    if (photoIds && photoIds.length === 0 && current.status !== 'draft')
      throw new AppError('VALIDATION', undefined, { photo_ids: PHOTO_NEEDED });
    await auditUpdate(tx, ctx, listings, {
      id: listingId,
      changes: updated.changes || photos ? { ...updated.changes, ...photos } : null,
      context: { title: updated.before.title },
    });
    return readFarmListing(tx, ctx.farmId, listingId, now);
  });
}

export const LISTING_ACTIONS = ['publish', 'pause', 'resume', 'close'] as const;
export type ListingAction = (typeof LISTING_ACTIONS)[number];

const PHOTO_NEEDED = 'Add at least one photo: buyers want to see what they buy';
const STATE_NEEDED =
  "Add your farm's state in Farm settings before publishing: buyers look for produce by state.";

/** Which statuses each action starts from, and the words when it cannot. */
const ACTION_FROM: Record<ListingAction, { from: readonly ListingStatus[]; refused: string }> = {
  publish: { from: ['draft'], refused: 'Only a draft can be published.' },
  pause: { from: ['active', 'sold_out'], refused: 'Only a listing on sale can be paused.' },
  resume: { from: ['paused'], refused: 'Only a paused listing can be resumed.' },
  close: { from: ['draft', 'active', 'paused', 'sold_out'], refused: 'This listing is already closed.' },
};

/**
 * Publish (a draft with a photo, from a farm with a state: its location is taken again from the
 * farm), pause, resume, close. Publishing and resuming check again what the listing draws on: the
 * stored harvest may have gone, a group may have been treated since. Neither is possible while Gona
 * hides the listing or has stopped the person selling (docs/decisions/045); pausing and closing are.
 */
export async function changeListingStatus(
  ctx: FarmCtx,
  listingId: string,
  action: ListingAction,
  version: number | undefined,
  now: Date = new Date(),
): Promise<FarmListing> {
  return ctx.db.transaction(async (tx) => {
    const current = await readRow(tx, ctx.farmId, listingId);
    const rule = ACTION_FROM[action];
    if (!rule.from.includes(current.status)) throw new AppError('CONFLICT', rule.refused);
    const set: Partial<typeof listings.$inferInsert> = {};
    if (action === 'publish' || action === 'resume') {
      if (current.hidden_at) throw new AppError('CONFLICT', listingHiddenMessage(current.hidden_reason));
      await assertMaySell(tx, ctx.userId);
      const farm = await readFarmFull(tx, ctx.farmId);
      if (!farm.state) throw new AppError('VALIDATION', STATE_NEEDED, { state: STATE_NEEDED });
      const photos = await listFilesOf(tx, ctx.farmId, listings, listingId);
      if (photos.length === 0) throw new AppError('VALIDATION', PHOTO_NEEDED, { photo_ids: PHOTO_NEEDED });
      await checkSources(tx, ctx.farmId, withQuantities(current), now);
      Object.assign(set, {
        state: farm.state,
        lga: farm.lga,
        latitude: farm.latitude,
        longitude: farm.longitude,
        status: milliOf(current.quantity_available) > 0 ? 'active' : 'sold_out',
      });
      if (action === 'publish') set.published_at = new Date();
    } else {
      set.status = action === 'pause' ? 'paused' : 'closed';
    }
    const updated = await updateVersioned(tx, listings, {
      where: and(eq(listings.farm_id, ctx.farmId), eq(listings.id, listingId)),
      version: version ?? null,
      changes: set,
      notFound: NOT_FOUND,
    });
    await auditUpdate(tx, ctx, listings, {
      id: listingId,
      changes: updated.changes,
      context: { title: updated.before.title },
    });
    return readFarmListing(tx, ctx.farmId, listingId, now);
  });
}

// ---------------------------------------------------------------------------------------------
// The buyer's side

/** Statuses a buyer browsing sees: on sale, and sold out (shown as such). */
const BROWSED: ListingStatus[] = ['active', 'sold_out'];
/** Statuses anyone signed in may open by address. */
const VIEWABLE: ListingStatus[] = ['active', 'paused', 'sold_out'];
/**
 * Of a listing read with its farm and the farm's owner: buyers may see it, not hidden by Gona and
 * its owner not stopped selling (docs/decisions/045).
 */
const SHOWN_TO_BUYERS = sql<boolean>`(${listings.hidden_at} IS NULL AND ${users.selling_suspended_at} IS NULL)`;

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
  const rows = await ctx.db
    .select({ row: LISTING_COLUMNS, farm: SELLER_COLUMNS, sort_value: value })
    .from(listings)
    .innerJoin(farms, eq(farms.id, listings.farm_id))
    // The farms of people Gona stopped selling are not shown. A join on the owner's key (one
    // lookup per farm, remembered) rather than NOT EXISTS, which reads every person to find the few.
    .innerJoin(users, and(eq(users.id, farms.owner_id), isNull(users.selling_suspended_at)))
    .where(where)
    .orderBy(...pages.orderBy)
    .limit(query.limit + 1);
  const { items, next_cursor } = pages.page(
    rows.map((r) => ({ ...r, id: r.row.id })),
    query.limit,
  );
  return {
    items: await toPublicListings(
      ctx.db,
      items.map((item) => item.row),
      now,
      items.map((item) => item.farm),
    ),
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
  storage: FileStorage,
  listingId: string,
  fileId: string,
  query: { size: 'full' | 'thumb'; ifNoneMatch: string | undefined },
  now: Date = new Date(),
): Promise<OpenedFile> {
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

// ---------------------------------------------------------------------------------------------
// Rules

/**
 * What a listing draws on must hold it: stored harvest of `crop_key` at least its kg (quantity ×
 * kg per unit), and a group of the farm out of any withdrawal period (unless `withdrawal: false`:
 * an edit that keeps the animal). Eggs, milk and meat name the group they come from when the farm
 * keeps animals that give them, and a named group must be of a species that does
 * (docs/decisions/052).
 */
async function checkSources(
  tx: Tx,
  farmId: string,
  listing: {
    category: string;
    product_key: string;
    quantity_available: Quantity;
    unit: string;
    unit_kg: Quantity | null;
    crop_key?: string | null;
    animal_id?: string | null;
  },
  now: Date,
  options: { withdrawal: boolean } = { withdrawal: true },
): Promise<void> {
  if (listing.crop_key) {
    if (listing.unit_kg === null)
      throw new AppError('VALIDATION', undefined, {
        unit_kg: 'Say how many kg one unit weighs, so it can be taken from the store',
      });
    const [stored] = await storedProduce(tx, farmId, { cropKey: listing.crop_key });
    // In BigInt millionths of a kg: quantity (milli) × kg per unit (milli) against kg stored (milli) × 1000.
    const kgMilli = BigInt(Math.max(0, toMilli(stored?.kg ?? '0') ?? 0));
    const unitKgMilli = BigInt(milliOf(listing.unit_kg));
    if (BigInt(milliOf(listing.quantity_available)) * unitKgMilli > kgMilli * 1000n) {
      const name = (await cropName(tx, listing.crop_key)).toLowerCase();
      const units = unitKgMilli === 0n ? 0 : Number((kgMilli * 1000n) / unitKgMilli);
      throw new AppError('VALIDATION', undefined, {
        quantity_available:
          kgMilli === 0n
            ? `No ${name} is in store: record the harvest as stored first`
            : `Only ${grouped(Number(kgMilli) / 1000)} kg of ${name} is in store (${grouped(units / 1000)} ${listing.unit === 'kg' ? 'kg' : 'units'})`,
      });
    }
  }
  const sourceSpecies = sourceSpeciesOf(listing.category, listing.product_key);
  if (
    sourceSpecies &&
    !listing.animal_id &&
    SOURCE_REQUIRED_PRODUCTS.includes(listing.product_key as (typeof SOURCE_REQUIRED_PRODUCTS)[number])
  ) {
    const [kept] = await tx
      .select({ id: livestock.id })
      .from(livestock)
      .where(
        and(
          eq(livestock.farm_id, farmId),
          eq(livestock.status, 'active'),
          inArray(livestock.species, [...sourceSpecies]),
          sql`${livestock.head_count} > 0`,
        ),
      )
      .limit(1);
    if (kept)
      throw new AppError('VALIDATION', undefined, { animal_id: sourceNeededMessage(listing.product_key) });
  }
  if (listing.animal_id) {
    const [animal] = await tx
      .select({
        species: livestock.species,
        status: livestock.status,
        head_count: livestock.head_count,
        withdrawal_until: livestock.withdrawal_until,
      })
      .from(livestock)
      .where(and(eq(livestock.farm_id, farmId), eq(livestock.id, listing.animal_id)));
    if (!animal || animal.status !== 'active')
      throw new AppError('VALIDATION', undefined, {
        animal_id: 'Choose one of the farm’s animals or groups',
      });
    if (sourceSpecies && !sourceSpecies.includes(animal.species))
      throw new AppError('VALIDATION', undefined, {
        animal_id: `Choose a group that gives ${listing.product_key}`,
      });
    const today = await farmToday(tx, farmId, now);
    if (options.withdrawal && isUnderWithdrawal(animal.withdrawal_until, today))
      throw new AppError('VALIDATION', undefined, {
        animal_id: `${withdrawalNotice(animal.withdrawal_until!)}: a treated animal cannot be listed in its withdrawal period.`,
      });
    if (
      listing.category === 'livestock' &&
      listing.unit === 'head' &&
      milliOf(listing.quantity_available) > animal.head_count * 1000
    )
      throw new AppError('VALIDATION', undefined, {
        quantity_available: `The group has ${animal.head_count} head`,
      });
  }
}

/** The product's name for a default title; a crop key the knowledge base does not have is refused. */
async function productNameOf(tx: Tx, category: string, productKey: string): Promise<string> {
  if (category === 'crop') {
    const [crop] = await tx
      .select({ name: knowledge_crops.name })
      .from(knowledge_crops)
      .where(eq(knowledge_crops.key, productKey));
    if (!crop) throw new AppError('VALIDATION', undefined, { product_key: 'Choose a crop from the list' });
    return crop.name;
  }
  return humanize(productKey);
}

async function cropName(tx: Tx, cropKey: string): Promise<string> {
  const [row] = await tx
    .select({ name: knowledge_crops.name })
    .from(knowledge_crops)
    .where(eq(knowledge_crops.key, cropKey));
  return row?.name ?? humanize(cropKey);
}

/** chicken_layer → "Chicken layer". */
function humanize(key: string): string {
  const words = key.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function grouped(value: number): string {
  return value.toLocaleString('en-NG', { maximumFractionDigits: 3 });
}

// ---------------------------------------------------------------------------------------------
// Sorting and cursors

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

// ---------------------------------------------------------------------------------------------
// Reading and shaping

async function readRow(db: Db | Tx, farmId: string, listingId: string): Promise<ListingRow> {
  const [row] = await db
    .select()
    .from(listings)
    .where(and(eq(listings.farm_id, farmId), eq(listings.id, listingId)));
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return row;
}

async function readFarmListing(
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

function withdrawalOf(
  row: ListingRow,
  withdrawals: Map<string, ListingWithdrawal>,
): ListingWithdrawal | null {
  return (row.animal_id && withdrawals.get(row.animal_id)) || null;
}

async function readFarm(db: Db | Tx, farmId: string): Promise<FarmRow> {
  const [farm] = await db
    .select({ id: farms.id, name: farms.name, state: farms.state, lga: farms.lga })
    .from(farms)
    .where(eq(farms.id, farmId));
  if (!farm) throw new AppError('NOT_FOUND');
  return farm;
}

async function readFarmFull(db: Db | Tx, farmId: string) {
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
async function readViewable(
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

async function isMember(ctx: Ctx, farmId: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ role: farm_memberships.role })
    .from(farm_memberships)
    .where(and(eq(farm_memberships.farm_id, farmId), eq(farm_memberships.user_id, ctx.userId)))
    .limit(1);
  return Boolean(row && can(row.role, 'marketplace.read'));
}

/** The position of one of the caller's farms, or null (not theirs, or without a position). */
async function farmPosition(ctx: Ctx, farmId: string): Promise<{ lat: number; lng: number } | null> {
  const [row] = await ctx.db
    .select({ lat: farms.latitude, lng: farms.longitude })
    .from(farms)
    .innerJoin(farm_memberships, eq(farm_memberships.farm_id, farms.id))
    .where(and(eq(farms.id, farmId), eq(farm_memberships.user_id, ctx.userId)))
    .limit(1);
  return row && row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null;
}

/** The photos of listings, in the order they were added, by listing; one query for a page. */
async function photosOf(db: Db | Tx, rows: ListingRow[]) {
  const byListing = new Map<string, Awaited<ReturnType<typeof listFilesOf>>>();
  await Promise.all(
    rows.map(async (row) => byListing.set(row.id, await listFilesOf(db, row.farm_id, listings, row.id))),
  );
  return byListing;
}

/** Listings as buyers see them, with their photos; `sellers`, when the caller has read them already. */
async function toPublicListings(
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
  return rows.map((row) => {
    const photos: ListingPhoto[] = photoRows
      .filter((photo) => photo.listing_id === row.id)
      .map((photo) => {
        const url = `/api/marketplace/listings/${row.id}/photos/${photo.id}`;
        return { id: photo.id, url, thumb_url: photo.thumb_key ? `${url}?size=thumb` : null };
      });
    const fields = publicFields(row, farmsById.get(row.farm_id)!);
    return { ...fields, seller: { ...fields.seller, rating: briefs.get(row.farm_id) }, photos };
  });
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
    quantity_available: quantityNumber(row.quantity_available),
    unit: row.unit,
    unit_kg: unitKg === null ? null : quantityNumber(unitKg),
    min_order: quantityNumber(row.min_order),
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

function toFarmListing(
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

function toSeller(farm: FarmRow) {
  return { farm_id: farm.id, name: farm.name, state: farm.state, lga: farm.lga };
}

/** A stored row with its quantities as canonical decimal strings ("12.5", not "12.500"), for the rules. */
function withQuantities(row: ListingRow) {
  return {
    ...row,
    quantity_available: normalizeQuantity(row.quantity_available),
    min_order: normalizeQuantity(row.min_order),
    unit_kg: row.unit_kg === null ? null : normalizeQuantity(row.unit_kg),
  };
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
