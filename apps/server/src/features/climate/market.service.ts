import { and, eq, gte, inArray, isNotNull, isNull, lt, ne, not, sql } from 'drizzle-orm';
import {
  MARKET_BEFORE_DAYS,
  MARKET_RECENT_DAYS,
  marketPriceRisk,
  plusDays,
  type PriceWindows,
  type RiskFinding,
} from '@gona/shared/climate';
import { pricePerKgKobo } from '@gona/shared/marketplace';
import { NOTIFICATION_PATHS } from '@gona/shared/notifications';
import type { Db, Tx } from '../../db/client';
import { climate_alerts, listings } from '../../db/schema/index';
import { dateIn, zoneOrDefault } from '../../lib/farm-time';
import type { Logger } from '../../lib/logger';
import { cropsByKey } from '../knowledge/knowledge.service';
import { listingWithheldSql } from '../marketplace/withdrawal.service';
import { notify } from '../notifications/notify.service';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A farm the market-price rule looks at: the crops it grows or keeps in store, and whether it has open alerts. */
type ConcernedFarm = {
  id: string;
  name: string;
  timezone: string;
  state: string | null;
  products: string[];
  has_open: boolean;
};

/** One listing's price a kg, where and by whom, and whether it is this week's. */
type Sample = { farm_id: string; state: string; recent: boolean; price: number };

type MarketFinding = RiskFinding & { product_key: string };

/** An open market-price alert as the climate screen lists it. */
export type MarketAlertRow = Pick<RiskFinding, 'severity' | 'from' | 'to' | 'values'> & {
  product_key: string;
};

/** How many concerned farms are read and brought up to date at a time. */
const FARMS_PAGE = 500;

/**
 * Once a day: for each crop that some farm grows (planted or growing) or keeps in store, its
 * marketplace prices a kg this week against the 28 days before, read in one statement per crop and
 * shared by every farm concerned; then each farm's market-price alerts are brought in line (see
 * `syncFarmMarketAlerts`). The farms are read a page at a time (by id), so memory holds one page of
 * farms and each crop's samples, however many farms there are. `now` is the app's clock. Answers how
 * many crops were looked at and how many notifications went out.
 */
export async function syncMarketAlerts(
  deps: { db: Db; logger: Logger },
  now: Date,
  options: { pageSize?: number } = {},
): Promise<{ products: number; sent: number }> {
  const pageSize = options.pageSize ?? FARMS_PAGE;
  const samplesByProduct = new Map<string, Sample[]>();
  const names = await cropsByKey(deps.db);
  let sent = 0;
  let after: string | null = null;
  for (;;) {
    const farms = await concernedFarms(deps.db, after, pageSize);
    if (farms.length === 0) break;
    after = farms[farms.length - 1]!.id;
    const findings = new Map<string, MarketFinding[]>(farms.map((farm) => [farm.id, []]));
    const products = [...new Set(farms.flatMap((farm) => farm.products))].sort();
    for (const product of products) {
      let samples = samplesByProduct.get(product);
      if (!samples) {
        samples = await samplesOf(deps.db, product, now);
        samplesByProduct.set(product, samples);
      }
      const concerned = farms.filter((farm) => farm.products.includes(product));
      for (const [farmId, finding] of findingsFor(concerned, samples, now)) {
        findings.get(farmId)!.push({ ...finding, product_key: product });
      }
    }
    for (const farm of farms) {
      const found = findings.get(farm.id)!;
      if (found.length === 0 && !farm.has_open) continue;
      try {
        sent += await syncFarmMarketAlerts(deps.db, farm, found, {
          now,
          today: dateIn(zoneOrDefault(farm.timezone), now),
          nameOf: (key) => names.get(key)?.name ?? key,
        });
      } catch (error) {
        deps.logger.error('climate: could not bring a farm’s market alerts up to date', error);
      }
    }
    if (farms.length < pageSize) break;
  }
  return { products: samplesByProduct.size, sent };
}

/**
 * The farm's open market-price alerts whose week is not over, newest first, as a statement's
 * column (JSON): the climate screen reads them with the rest of the farm's facts.
 */
export function openMarketAlertsJson(farmId: string, today: string) {
  return sql`(select coalesce(json_agg(m), '[]'::json) from (
    select severity, "from"::text as "from", "to"::text as "to", "values", product_key
    from climate_alerts
    where farm_id = ${farmId} and status = 'open' and rule = 'market_price' and "to" >= ${today}
    order by "from" desc, product_key
  ) m)`;
}

/** The same, on its own, for a screen that reads no weather (none set up, or no place). */
export async function openMarketAlerts(
  db: Db | Tx,
  farmId: string,
  today: string,
): Promise<MarketAlertRow[]> {
  const result = await db.execute(sql`select ${openMarketAlertsJson(farmId, today)} as alerts`);
  // Both drivers answer a raw statement with its rows.
  return (result as { rows: { alerts: MarketAlertRow[] }[] }).rows[0]!.alerts;
}

/** Market-price alerts as the climate screen lists them: the crop by its name, about no one planting. */
export function namedMarketAlerts(
  rows: readonly MarketAlertRow[],
  nameOf: (productKey: string) => string,
): (RiskFinding & { about_name: string })[] {
  return rows.map(({ product_key, ...alert }) => ({
    ...alert,
    rule: 'market_price',
    about_name: nameOf(product_key),
  }));
}

/**
 * The farm's market-price alerts brought in line: those whose week has passed are resolved; a move
 * of the same crop in the same direction that overlaps or touches an open alert updates it instead
 * of sending again; a move the other way closes the old alert; a new move is stored and sent once
 * to the owner and managers. A handful of statements whatever the number of crops: one to resolve
 * the past weeks, one read, one update of the moves still running, one to close the turned ones and
 * one insert of the new ones. Answers how many notifications went out.
 */
async function syncFarmMarketAlerts(
  db: Db,
  farm: ConcernedFarm,
  findings: readonly MarketFinding[],
  words: { now: Date; today: string; nameOf: (productKey: string) => string },
): Promise<number> {
  const { now } = words;
  return db.transaction(async (tx) => {
    const mine = and(
      eq(climate_alerts.farm_id, farm.id),
      eq(climate_alerts.rule, 'market_price'),
      eq(climate_alerts.status, 'open'),
    );
    await tx
      .update(climate_alerts)
      .set({ status: 'resolved', updated_at: now })
      .where(and(mine, lt(climate_alerts.to, words.today)));
    const open = await tx.select().from(climate_alerts).where(mine);
    const running: { id: string; finding: MarketFinding }[] = [];
    const turned: string[] = [];
    const fresh: MarketFinding[] = [];
    for (const finding of findings) {
      const sameCrop = open.filter((alert) => alert.product_key === finding.product_key);
      const same = sameCrop.find(
        (alert) =>
          isRise(alert.values) === isRise(finding.values) &&
          alert.from <= plusDays(finding.to, 1) &&
          alert.to >= plusDays(finding.from, -1),
      );
      if (same) running.push({ id: same.id, finding });
      else {
        turned.push(...sameCrop.map((alert) => alert.id));
        fresh.push(finding);
      }
    }
    if (running.length > 0) {
      const rows = running.map(
        ({ id, finding }) =>
          sql`(${id}::uuid, ${finding.from}::date, ${finding.to}::date, ${JSON.stringify(finding.values)}::jsonb)`,
      );
      await tx.execute(sql`update ${climate_alerts} a
        set "from" = v.from_day, "to" = v.to_day, "values" = v.vals, updated_at = ${now.toISOString()}::timestamptz
        from (values ${sql.join(rows, sql`, `)}) as v(id, from_day, to_day, vals)
        where a.id = v.id`);
    }
    if (turned.length > 0)
      await tx
        .update(climate_alerts)
        .set({ status: 'resolved', updated_at: now })
        .where(inArray(climate_alerts.id, turned));
    return sendMarketAlerts(tx, farm, fresh, words);
  });
}

/** Stores the new market-price alerts (one insert, at the app's clock) and tells the farm's owners and managers of each, once. */
async function sendMarketAlerts(
  tx: Tx,
  farm: ConcernedFarm,
  findings: readonly MarketFinding[],
  words: { now: Date; nameOf: (productKey: string) => string },
): Promise<number> {
  if (findings.length === 0) return 0;
  const { now, nameOf } = words;
  const created = await tx
    .insert(climate_alerts)
    .values(
      findings.map((finding) => ({
        farm_id: farm.id,
        rule: 'market_price' as const,
        product_key: finding.product_key,
        severity: finding.severity,
        from: finding.from,
        to: finding.to,
        values: finding.values,
        created_at: now,
        updated_at: now,
      })),
    )
    .returning({ id: climate_alerts.id, product_key: climate_alerts.product_key });
  const idOf = new Map(created.map((row) => [row.product_key, row.id]));
  let sent = 0;
  for (const finding of findings) {
    const { values } = finding;
    const { userIds } = await notify(
      { db: tx },
      {
        kind: 'climate_alert',
        params: {
          farm_name: farm.name,
          rule: 'market_price',
          severity: finding.severity,
          from: finding.from,
          to: finding.to,
          about_name: nameOf(finding.product_key),
          market: {
            change_percent: values.change_percent!,
            price_kobo: values.price_kobo!,
            was_kobo: values.was_kobo!,
            where: values.in_state ? 'state' : 'nigeria',
          },
        },
        farmId: farm.id,
        roles: ['owner', 'manager'],
        link: NOTIFICATION_PATHS.climate,
        urgency: 'normal',
        dedupeKey: `climate:${idOf.get(finding.product_key)!}:${finding.severity}`,
      },
    );
    sent += userIds.length;
  }
  return sent;
}

const isRise = (values: Record<string, number>) => (values.change_percent ?? 0) > 0;

/**
 * Each concerned farm's finding for one crop, from that crop's samples. The prices are those of its
 * state, else all Nigeria's, always without the farm's own listings: farms that sell none of the
 * crop share one answer per state, worked out once.
 */
function findingsFor(
  farms: readonly ConcernedFarm[],
  samples: readonly Sample[],
  now: Date,
): Map<string, RiskFinding> {
  const sellers = new Set(samples.map((sample) => sample.farm_id));
  const known = new Map<string, RiskFinding | null>();
  const found = new Map<string, RiskFinding>();
  for (const farm of farms) {
    const today = dateIn(zoneOrDefault(farm.timezone), now);
    const state = stateKey(farm.state);
    const own = sellers.has(farm.id) ? farm.id : '';
    const key = `${today}|${state ?? ''}|${own}`;
    if (!known.has(key)) {
      const others = own ? samples.filter((sample) => sample.farm_id !== own) : samples;
      known.set(
        key,
        marketPriceRisk({
          today,
          state: state ? windowsOf(others.filter((sample) => sample.state === state)) : null,
          national: windowsOf(others),
        }),
      );
    }
    const finding = known.get(key);
    if (finding) found.set(farm.id, finding);
  }
  return found;
}

function windowsOf(samples: readonly Sample[]): PriceWindows {
  return {
    recent: samples.filter((sample) => sample.recent).map((sample) => sample.price),
    before: samples.filter((sample) => !sample.recent).map((sample) => sample.price),
  };
}

const stateKey = (state: string | null) => state?.trim().toLowerCase() || null;

/**
 * One crop's listings published in the last 35 days (this week and the 28 days before), priced by
 * the kg: drafts never count (they have no publishing day), nor listings Gona hid, nor those off
 * sale while their animals are in a withdrawal period (decision 052: no buyer can take that price),
 * nor those sold in a unit without a weight.
 */
async function samplesOf(db: Db, productKey: string, now: Date): Promise<Sample[]> {
  const recentFrom = new Date(now.getTime() - MARKET_RECENT_DAYS * DAY_MS);
  const beforeFrom = new Date(recentFrom.getTime() - MARKET_BEFORE_DAYS * DAY_MS);
  const rows = await db
    .select({
      farm_id: listings.farm_id,
      state: listings.state,
      published_at: listings.published_at,
      price_kobo: listings.price_kobo,
      unit_kg: listings.unit_kg,
    })
    .from(listings)
    .where(
      and(
        eq(listings.category, 'crop'),
        eq(listings.product_key, productKey),
        ne(listings.status, 'draft'),
        isNull(listings.hidden_at),
        not(listingWithheldSql(now)),
        isNotNull(listings.unit_kg),
        gte(listings.published_at, beforeFrom),
        lt(listings.published_at, now),
      ),
    );
  return rows.flatMap((row) => {
    const price = pricePerKgKobo(row.price_kobo, row.unit_kg);
    if (price === null || !row.published_at) return [];
    return [
      {
        farm_id: row.farm_id,
        state: stateKey(row.state) ?? '',
        recent: row.published_at >= recentFrom,
        price,
      },
    ];
  });
}

/**
 * A page of the farms growing a crop (planted or growing) or keeping one in store (harvests stored
 * less sales from store, above nothing), with those crops' keys; and farms with open market-price
 * alerts, so theirs are resolved when their week passes. One statement a page: up to `limit` farms
 * by id after `after`, each part read only from there on.
 */
async function concernedFarms(db: Db, after: string | null, limit: number): Promise<ConcernedFarm[]> {
  const from = after ?? '00000000-0000-0000-0000-000000000000';
  const result = await db.execute(sql`
    with stored as (
      select farm_id, crop_key from (
        select h.farm_id, c.crop_key, h.kg
          from crop_harvests h join crops c on c.id = h.crop_id
          where h.destination = 'stored' and h.kg is not null and h.farm_id > ${from}::uuid
        union all
        select farm_id, stock_crop_key, -stock_quantity
          from sales
          where stock_kind = 'harvest' and stock_crop_key is not null and farm_id > ${from}::uuid
      ) moves
      group by farm_id, crop_key
      having sum(kg) > 0
    ),
    concerned as (
      select farm_id, crop_key from crops
        where status in ('planted', 'growing') and farm_id > ${from}::uuid
      union
      select farm_id, crop_key from stored
    ),
    open_alerts as (
      select distinct farm_id from climate_alerts
        where status = 'open' and rule = 'market_price' and farm_id > ${from}::uuid
    ),
    page as (
      select farm_id from (select farm_id from concerned union select farm_id from open_alerts) ids
        order by farm_id limit ${limit}
    ),
    products as (
      select c.farm_id, json_agg(c.crop_key order by c.crop_key) as products
        from concerned c join page using (farm_id) group by c.farm_id
    )
    select f.id, f.name, f.timezone, f.state, coalesce(p.products, '[]'::json) as products,
      o.farm_id is not null as has_open
    from page
      join farms f on f.id = page.farm_id
      left join products p on p.farm_id = f.id
      left join open_alerts o on o.farm_id = f.id
    order by f.id`);
  // Both drivers answer a raw statement with its rows.
  return (result as { rows: ConcernedFarm[] }).rows;
}
