import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { withdrawalNotice } from '@gona/shared/livestock';
import type { ListingWithdrawal } from '@gona/shared/marketplace';
import { NOTIFICATION_PATHS } from '@gona/shared/notifications';
import type { Db, Tx } from '../../db/client';
import { farms, listings, livestock, livestock_health_records, orders } from '../../db/schema/index';
import { farmToday } from '../../lib/farm-time';
import { notify } from '../notifications/notify.service';

/**
 * Listings off sale while their animals are in a withdrawal period (docs/decisions/052). Nothing is
 * written on the listing: whether it is withheld is worked out, whenever it is read, from the
 * withdrawal end kept on its animal or group (`livestock.withdrawal_until`, the latest a health
 * record set) and the farm's calendar day at the app's clock. So a listing is off sale from the
 * moment the treatment is recorded and on sale again on the day the period ends, with no sweep to
 * run late or to resume a listing its farm paused by hand (its status stays the farm's).
 *
 * A listing's animal is `listings.animal_id`: the group it sells, or the flock or herd its eggs,
 * milk, meat or fish come from.
 */

/**
 * Of a listing read with `listings`: its animal or group is in a withdrawal period at `now`. The
 * outer columns are named in full: drizzle leaves the table off a column of a one-table query,
 * which inside the subquery would name the subquery's own column.
 */
export function listingWithheldSql(now: Date): SQL<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM ${livestock} wl INNER JOIN ${farms} wf ON wf.id = wl.farm_id WHERE wl.id = "listings"."animal_id" AND wl.withdrawal_until > (${now.toISOString()}::timestamptz AT TIME ZONE wf.timezone)::date)`;
}

/** The treatment that set an animal's withdrawal end (the latest such record): its product or condition. */
const treatmentOf = sql<string | null>`(
  SELECT coalesce(h.product_name, h.condition) FROM ${livestock_health_records} h
  WHERE h.farm_id = "livestock"."farm_id" AND h.animal_id = "livestock"."id"
    AND h.withdrawal_until = "livestock"."withdrawal_until"
  ORDER BY h.date DESC, h.id DESC LIMIT 1)`;

/** The withdrawal periods running at `now` among a farm's animals, by animal id. */
export async function withdrawalsOf(
  db: Db | Tx,
  farmId: string,
  animalIds: (string | null)[],
  now: Date,
): Promise<Map<string, ListingWithdrawal>> {
  const ids = [...new Set(animalIds.filter((id): id is string => id !== null))];
  const found = new Map<string, ListingWithdrawal>();
  if (ids.length === 0) return found;
  const today = await farmToday(db, farmId, now);
  const rows = await db
    .select({
      id: livestock.id,
      name: livestock.name,
      tag: livestock.tag,
      until: livestock.withdrawal_until,
      treatment: treatmentOf,
    })
    .from(livestock)
    .where(
      and(
        eq(livestock.farm_id, farmId),
        inArray(livestock.id, ids),
        sql`${livestock.withdrawal_until} > ${today}::date`,
      ),
    );
  for (const row of rows)
    found.set(row.id, {
      until: row.until!,
      animal_id: row.id,
      animal_name: row.name ?? row.tag ?? '',
      treatment: row.treatment,
    });
  return found;
}

/** Why one listing is off sale for a withdrawal at `now`, or null. */
export async function listingWithdrawal(
  db: Db | Tx,
  listing: { farm_id: string; animal_id: string | null },
  now: Date,
): Promise<ListingWithdrawal | null> {
  if (!listing.animal_id) return null;
  return (await withdrawalsOf(db, listing.farm_id, [listing.animal_id], now)).get(listing.animal_id) ?? null;
}

/** Why the listing of one of a farm's orders is off sale for a withdrawal at `now`, or null. */
export async function orderWithdrawal(
  db: Db | Tx,
  farmId: string,
  orderId: string,
  now: Date,
): Promise<ListingWithdrawal | null> {
  const [listing] = await db
    .select({ farm_id: listings.farm_id, animal_id: listings.animal_id })
    .from(orders)
    .innerJoin(listings, eq(listings.id, orders.listing_id))
    .where(and(eq(orders.id, orderId), eq(orders.farm_id, farmId)));
  return listing ? listingWithdrawal(db, listing, now) : null;
}

/** What a buyer is told of a listing off sale: nothing of why. */
export const NOT_FOR_SALE_NOW = 'This listing is not for sale now';

/** What the farm is told when it tries to accept an order of a listing off sale for a withdrawal. */
export function acceptRefusedMessage(withdrawal: ListingWithdrawal): string {
  return `${withdrawalNotice(withdrawal.until)}: ${withdrawal.animal_name} is under withdrawal after ${withdrawal.treatment ?? 'a treatment'}. Accept it from that day, or decline it so the buyer is refunded.`;
}

/**
 * What the farm is told when it tries to dispatch an order accepted before a treatment whose
 * withdrawal period is still running: nothing of it may leave the farm until the day.
 */
export function dispatchRefusedMessage(withdrawal: ListingWithdrawal): string {
  return `${withdrawalNotice(withdrawal.until)}: ${withdrawal.animal_name} is under withdrawal after ${withdrawal.treatment ?? 'a treatment'}. Dispatch it from that day.`;
}

/**
 * What a buyer is told at Pay for an order placed before a treatment whose withdrawal period is
 * running: the day the farm can deliver, never why (decision 052).
 */
export function payRefusedMessage(withdrawal: ListingWithdrawal): string {
  return `The farm cannot deliver this order until ${withdrawal.until.split('-').reverse().join('/')}. Nothing was charged. You can cancel this order and order again from that day.`;
}

const TITLES_NAMED = 3;

/**
 * A treatment recorded on `animal` set a withdrawal end still to come: its owners and managers hear
 * which listings on sale it takes off sale and until when, once per health record (in the record's
 * transaction). Nothing when no listing of it is on sale.
 */
export async function notifyListingsWithheldIn(
  tx: Tx,
  input: {
    farmId: string;
    healthRecordId: string;
    animal: { id: string; name: string };
    until: string;
    treatment: string | null;
  },
): Promise<void> {
  const onSale = await tx
    .select({ title: listings.title })
    .from(listings)
    .where(
      and(
        eq(listings.farm_id, input.farmId),
        eq(listings.animal_id, input.animal.id),
        inArray(listings.status, ['active', 'sold_out']),
      ),
    )
    .orderBy(listings.title, listings.id);
  if (onSale.length === 0) return;
  await notify(
    { db: tx },
    {
      farmId: input.farmId,
      roles: ['owner', 'manager'],
      kind: 'listing_withheld',
      params: {
        animal_id: input.animal.id,
        animal_name: input.animal.name,
        treatment: input.treatment,
        until: input.until,
        listing_titles: onSale.slice(0, TITLES_NAMED).map((row) => row.title),
        listing_count: onSale.length,
      },
      link: NOTIFICATION_PATHS.farmListings,
      dedupeKey: `listing_withheld:${input.healthRecordId}`,
    },
  );
}
