import { and, eq, ilike, inArray, isNotNull, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import type {
  AdminListing,
  AdminListingPage,
  AdminListingQuery,
  AdminUser,
  AdminUserPage,
  AdminUserQuery,
} from '@gona/shared/marketplace';
import { NOTIFICATION_PATHS } from '@gona/shared/notifications';
import { normalizeNigerianPhone } from '@gona/shared/phone';
import { normalizeQuantity } from '@gona/shared/units';
import type { Db, Tx } from '../../db/client';
import { farms, listings, users } from '../../db/schema/index';
import { auditUpdate } from '../../lib/audit';
import type { Ctx, Deps } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { keyset, newestFirst } from '../../lib/pagination';
import { containing } from '../../lib/search';
import { notify } from '../notifications/notify.service';

/**
 * Gona's staff keep the marketplace honest (docs/decisions/045). A listing hidden by Gona is not
 * shown to buyers and cannot be ordered; its farm still sees it, with the reason, and cannot put
 * it on sale until Gona shows it again. A person stopped selling cannot put listings on sale or
 * accept orders on any farm, and the farms they own are not shown to buyers. Orders already paid
 * go on to delivery or refund either way. Every step is audited and told to whom it concerns.
 */

type ModerationDeps = Pick<Deps, 'db' | 'logger' | 'now'>;

const LISTING_NOT_FOUND = 'Listing not found';
const PERSON_NOT_FOUND = 'Person not found';
/** What a buyer is told of a listing hidden by Gona: no more than of a paused one. */
const NOT_FOR_SALE = 'This listing is not for sale now';
const SELLER_STOPPED = 'This seller is not selling on Gona now';

const listingPages = keyset({ order: newestFirst(listings) });
const userPages = keyset({ order: newestFirst(users) });

// ---------------------------------------------------------------------------------------------
// What the rest of the marketplace asks

/** Refuses (409) a person Gona stopped selling, with Gona's reason. */
export async function assertMaySell(db: Db | Tx, userId: string): Promise<void> {
  const [person] = await db
    .select({ at: users.selling_suspended_at, reason: users.selling_suspended_reason })
    .from(users)
    .where(eq(users.id, userId));
  if (person?.at) throw new AppError('CONFLICT', sellingSuspendedMessage(person.reason));
}

function sellingSuspendedMessage(reason: string | null): string {
  return `Selling is suspended on your account: ${reason ?? 'contact Gona support'}`;
}

/** Why a farm cannot put a listing hidden by Gona on sale. */
export function listingHiddenMessage(reason: string | null): string {
  return `Hidden by Gona: ${reason ?? 'contact Gona support'}. It cannot be put on sale while it is hidden; change what is wrong and contact Gona support.`;
}

/**
 * Why buyers cannot order a listing now, beside its status: hidden by Gona, or its farm's owner
 * stopped selling. Null when neither (or the listing is gone).
 */
export async function listingOffSale(db: Db | Tx, listingId: string): Promise<string | null> {
  const [row] = await db
    .select({ hidden_at: listings.hidden_at, suspended_at: users.selling_suspended_at })
    .from(listings)
    .innerJoin(farms, eq(farms.id, listings.farm_id))
    .innerJoin(users, eq(users.id, farms.owner_id))
    .where(eq(listings.id, listingId));
  if (!row) return null;
  if (row.hidden_at) return NOT_FOR_SALE;
  if (row.suspended_at) return SELLER_STOPPED;
  return null;
}

/** True when the farm's owner is stopped from selling: buyers do not see the farm. */
export async function isFarmStopped(db: Db | Tx, farmId: string): Promise<boolean> {
  const [row] = await db
    .select({ at: users.selling_suspended_at })
    .from(farms)
    .innerJoin(users, eq(users.id, farms.owner_id))
    .where(eq(farms.id, farmId));
  return Boolean(row?.at);
}

// ---------------------------------------------------------------------------------------------
// Listings

/** Listings by title or farm name (any part, any case), hidden or not, newest first. */
export async function listAdminListings(
  { db }: Pick<Ctx, 'db'>,
  query: AdminListingQuery,
): Promise<AdminListingPage> {
  const rows = await selectAdminListings(db)
    .where(
      and(
        query.q
          ? or(ilike(listings.title, containing(query.q)), ilike(farms.name, containing(query.q)))
          : undefined,
        query.hidden === undefined
          ? undefined
          : query.hidden
            ? isNotNull(listings.hidden_at)
            : isNull(listings.hidden_at),
        listingPages.after(query.cursor),
      ),
    )
    .orderBy(...listingPages.orderBy)
    .limit(query.limit + 1);
  const page = listingPages.page(rows, query.limit);
  return { items: page.items.map(toAdminListing), next_cursor: page.next_cursor };
}

/**
 * Hides a listing from buyers with the reason its farm reads. Its status stays as it is (the farm
 * may still pause or close it); orders already placed go on. The farm's owners and managers are told.
 */
export function hideListing(
  ctx: Ctx,
  listingId: string,
  input: { reason: string },
  deps: ModerationDeps,
): Promise<AdminListing> {
  return setListingHidden(deps, ctx.userId, listingId, input.reason);
}

/** Shows a hidden listing to buyers again (as its status allows); the farm is told. */
export function unhideListing(ctx: Ctx, listingId: string, deps: ModerationDeps): Promise<AdminListing> {
  return setListingHidden(deps, ctx.userId, listingId, null);
}

/**
 * Hides the listing with `reason`, or shows it again when `reason` is null: the change, its audit
 * row and the notice to the farm's owners and managers in one transaction.
 */
async function setListingHidden(
  deps: ModerationDeps,
  adminId: string,
  listingId: string,
  reason: string | null,
): Promise<AdminListing> {
  const hiding = reason !== null;
  const now = new Date(deps.now());
  await deps.db.transaction(async (tx) => {
    const listing = await lockListing(tx, listingId);
    if (hiding && listing.hidden_at) throw new AppError('CONFLICT', 'This listing is already hidden');
    if (!hiding && !listing.hidden_at) throw new AppError('CONFLICT', 'This listing is not hidden');
    await tx
      .update(listings)
      .set({
        hidden_at: hiding ? now : null,
        hidden_reason: reason,
        hidden_by: hiding ? adminId : null,
        updated_at: now,
        version: sql`${listings.version} + 1`,
      })
      .where(eq(listings.id, listingId));
    await auditUpdate(tx, { logger: deps.logger, userId: adminId, farmId: listing.farm_id }, listings, {
      id: listingId,
      changes: {
        hidden_at: { from: listing.hidden_at?.toISOString() ?? null, to: hiding ? now.toISOString() : null },
        hidden_reason: { from: listing.hidden_reason, to: reason },
      },
      context: { title: listing.title },
    });
    const about = { listing_id: listingId, listing_title: listing.title };
    await notify(
      { db: tx },
      {
        farmId: listing.farm_id,
        roles: ['owner', 'manager'],
        kind: 'moderation',
        params: hiding
          ? { status: 'listing_hidden', ...about, reason }
          : { status: 'listing_shown', ...about },
        link: NOTIFICATION_PATHS.farmListings,
      },
    );
  });
  return readAdminListing(deps.db, listingId);
}

// ---------------------------------------------------------------------------------------------
// People

/**
 * People by email (the whole address or its start), phone (the whole number, however it is
 * written) or name (any part, any case), newest first, with the farms they own.
 */
export async function listAdminUsers({ db }: Pick<Ctx, 'db'>, query: AdminUserQuery): Promise<AdminUserPage> {
  const rows = await db
    .select(USER_COLUMNS)
    .from(users)
    .where(and(query.q ? personMatches(query.q) : undefined, userPages.after(query.cursor)))
    .orderBy(...userPages.orderBy)
    .limit(query.limit + 1);
  const page = userPages.page(rows, query.limit);
  const owned = await ownedFarms(
    db,
    page.items.map((row) => row.id),
  );
  return {
    items: page.items.map((row) => toAdminUser(row, owned.get(row.id) ?? [])),
    next_cursor: page.next_cursor,
  };
}

/**
 * Stops a person selling, with the reason they read: the farms they own leave the marketplace
 * and cannot be ordered from, and they cannot put listings on sale or accept orders on any farm.
 * An admin cannot stop themselves.
 */
export async function suspendSelling(
  ctx: Ctx,
  userId: string,
  input: { reason: string },
  deps: ModerationDeps,
): Promise<AdminUser> {
  if (userId === ctx.userId) throw new AppError('CONFLICT', 'You cannot suspend selling on your own account');
  return setSellingSuspended(deps, ctx.userId, userId, input.reason);
}

/** Lets a stopped person sell again; they are told. */
export function restoreSelling(ctx: Ctx, userId: string, deps: ModerationDeps): Promise<AdminUser> {
  return setSellingSuspended(deps, ctx.userId, userId, null);
}

/**
 * Stops the person selling with `reason`, or lets them sell again when `reason` is null: the
 * change, its audit row and the notice to them in one transaction.
 */
async function setSellingSuspended(
  deps: ModerationDeps,
  adminId: string,
  userId: string,
  reason: string | null,
): Promise<AdminUser> {
  const suspending = reason !== null;
  const now = new Date(deps.now());
  await deps.db.transaction(async (tx) => {
    const person = await lockPerson(tx, userId);
    if (suspending && person.selling_suspended_at)
      throw new AppError('CONFLICT', 'Selling is already suspended on this account');
    if (!suspending && !person.selling_suspended_at)
      throw new AppError('CONFLICT', 'Selling is not suspended on this account');
    await tx
      .update(users)
      .set({
        selling_suspended_at: suspending ? now : null,
        selling_suspended_reason: reason,
        updated_at: now,
      })
      .where(eq(users.id, userId));
    await auditUpdate(tx, { logger: deps.logger, userId: adminId, farmId: null }, users, {
      id: userId,
      changes: {
        selling_suspended_at: {
          from: person.selling_suspended_at?.toISOString() ?? null,
          to: suspending ? now.toISOString() : null,
        },
        selling_suspended_reason: { from: person.selling_suspended_reason, to: reason },
      },
      context: { name: person.name, email: person.email },
    });
    await notify(
      { db: tx },
      suspending
        ? {
            userIds: [userId],
            kind: 'moderation',
            params: { status: 'selling_suspended', reason },
            link: null,
          }
        : {
            userIds: [userId],
            kind: 'moderation',
            params: { status: 'selling_restored' },
            link: NOTIFICATION_PATHS.farmListings,
          },
    );
  });
  return readAdminUser(deps.db, userId);
}

// ---------------------------------------------------------------------------------------------
// Reading and shaping

function selectAdminListings(db: Db) {
  return db
    .select({
      id: listings.id,
      title: listings.title,
      farm_id: farms.id,
      farm_name: farms.name,
      status: listings.status,
      price_kobo: listings.price_kobo,
      quantity_available: listings.quantity_available,
      unit: listings.unit,
      published_at: listings.published_at,
      created_at: listings.created_at,
      hidden_at: listings.hidden_at,
      hidden_reason: listings.hidden_reason,
      owner_suspended: sql<boolean>`${users.selling_suspended_at} IS NOT NULL`,
    })
    .from(listings)
    .innerJoin(farms, eq(farms.id, listings.farm_id))
    .innerJoin(users, eq(users.id, farms.owner_id));
}

type AdminListingRow = Awaited<ReturnType<ReturnType<typeof selectAdminListings>['execute']>>[number];

async function readAdminListing(db: Db, listingId: string): Promise<AdminListing> {
  const [row] = await selectAdminListings(db).where(eq(listings.id, listingId));
  if (!row) throw new AppError('NOT_FOUND', LISTING_NOT_FOUND);
  return toAdminListing(row);
}

function toAdminListing(row: AdminListingRow): AdminListing {
  return {
    id: row.id,
    title: row.title,
    farm: { id: row.farm_id, name: row.farm_name },
    status: row.status,
    price_kobo: row.price_kobo,
    quantity_available: normalizeQuantity(row.quantity_available),
    unit: row.unit,
    published_at: row.published_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    hidden_at: row.hidden_at?.toISOString() ?? null,
    hidden_reason: row.hidden_reason,
    owner_suspended: row.owner_suspended,
  };
}

async function lockListing(tx: Tx, listingId: string) {
  const [listing] = await tx
    .select({
      farm_id: listings.farm_id,
      title: listings.title,
      hidden_at: listings.hidden_at,
      hidden_reason: listings.hidden_reason,
    })
    .from(listings)
    .where(eq(listings.id, listingId))
    .for('update');
  if (!listing) throw new AppError('NOT_FOUND', LISTING_NOT_FOUND);
  return listing;
}

const USER_COLUMNS = {
  id: users.id,
  name: sql<string>`trim(${users.first_name} || ' ' || ${users.last_name})`,
  email: users.email,
  phone: users.phone,
  selling_suspended_at: users.selling_suspended_at,
  selling_suspended_reason: users.selling_suspended_reason,
  created_at: users.created_at,
};

type UserRow = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  selling_suspended_at: Date | null;
  selling_suspended_reason: string | null;
  created_at: Date;
};

/** An email's start, a whole phone number, or any part of a name. */
function personMatches(q: string): SQL | undefined {
  const phone = normalizeNigerianPhone(q);
  const escaped = q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return or(
    like(sql`lower(${users.email})`, `${escaped}%`),
    phone ? eq(users.phone, phone) : undefined,
    ilike(sql`${users.first_name} || ' ' || ${users.last_name}`, containing(q)),
  );
}

async function ownedFarms(db: Db, userIds: string[]): Promise<Map<string, { id: string; name: string }[]>> {
  const byOwner = new Map<string, { id: string; name: string }[]>();
  if (userIds.length === 0) return byOwner;
  const rows = await db
    .select({ id: farms.id, name: farms.name, owner_id: farms.owner_id })
    .from(farms)
    .where(inArray(farms.owner_id, userIds))
    .orderBy(farms.name, farms.id);
  for (const { owner_id: owner, ...farm } of rows) byOwner.set(owner, [...(byOwner.get(owner) ?? []), farm]);
  return byOwner;
}

async function readAdminUser(db: Db, userId: string): Promise<AdminUser> {
  const [row] = await db.select(USER_COLUMNS).from(users).where(eq(users.id, userId));
  if (!row) throw new AppError('NOT_FOUND', PERSON_NOT_FOUND);
  const owned = await ownedFarms(db, [userId]);
  return toAdminUser(row, owned.get(userId) ?? []);
}

function toAdminUser(row: UserRow, owned: { id: string; name: string }[]): AdminUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    farms: owned,
    selling_suspended_at: row.selling_suspended_at?.toISOString() ?? null,
    selling_suspended_reason: row.selling_suspended_reason,
    created_at: row.created_at.toISOString(),
  };
}

async function lockPerson(tx: Tx, userId: string) {
  const [person] = await tx
    .select({
      name: sql<string>`trim(${users.first_name} || ' ' || ${users.last_name})`,
      email: users.email,
      selling_suspended_at: users.selling_suspended_at,
      selling_suspended_reason: users.selling_suspended_reason,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!person) throw new AppError('NOT_FOUND', PERSON_NOT_FOUND);
  return person;
}
