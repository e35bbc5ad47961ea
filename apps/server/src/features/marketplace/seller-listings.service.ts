/**
 * Listings, the seller's side: what a farm offers on the marketplace. Its owners and managers write
 * them (drafts, then published, paused, resumed, closed) from what the farm holds.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { withdrawalNotice, isUnderWithdrawal } from '@gona/shared/livestock';
import {
  listingRuleIssues,
  sourceNeededMessage,
  sourceSpeciesOf,
  SOURCE_REQUIRED_PRODUCTS,
  unitKgOf,
  type CreateListing,
  type FarmListing,
  type FarmListingPage,
  type FarmListingQuery,
  type ListingSources,
  type ListingStatus,
  type UpdateListing,
} from '@gona/shared/marketplace';
import {
  fromMilli,
  groupQuantity,
  milliOf,
  normalizeQuantity,
  toMilli,
  type Quantity,
} from '@gona/shared/units';
import type { Tx } from '../../db/client';
import { knowledge_crops, listings, livestock } from '../../db/schema/index';
import { auditInsert, auditUpdate } from '../../lib/audit';
import type { FarmCtx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { farmToday } from '../../lib/farm-time';
import { newId } from '../../lib/ids';
import { keyset, newestFirst } from '../../lib/pagination';
import { insertOnce, updateVersioned } from '../../lib/writes';
import { attachFilesIn, listFilesOf } from '../files/files.service';
import { produceStock, storedProduce } from '../crops/records.service';
import { assertMaySell, listingHiddenMessage } from './moderation.service';
import { withdrawalsOf } from './withdrawal.service';
import {
  NOT_FOUND,
  photosOf,
  readFarm,
  readFarmFull,
  readFarmListing,
  readRow,
  toFarmListing,
  withQuantities,
  withdrawalOf,
  withoutUndefined,
} from './listings.rows';

const farmPages = keyset({ order: newestFirst(listings) });

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
    harvest: harvest.map((row) => ({ ...row, kg: normalizeQuantity(row.kg) })),
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
      await attachFilesIn(tx, ctx, { table: listings, id: row.id, kind: 'listing', fileIds: photoIds });
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
      ? await attachFilesIn(tx, ctx, { table: listings, id: listingId, kind: 'listing', fileIds: photoIds })
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
  input: { action: ListingAction; version?: number | undefined },
  now: Date = new Date(),
): Promise<FarmListing> {
  const { action, version } = input;
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
            : `Only ${groupQuantity(fromMilli(Number(kgMilli)))} kg of ${name} is in store (${groupQuantity(fromMilli(units))} ${listing.unit === 'kg' ? 'kg' : 'units'})`,
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
