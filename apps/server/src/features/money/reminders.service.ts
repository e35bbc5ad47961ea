import { and, asc, eq, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { NOTIFICATION_PATHS } from '@gona/shared/notifications';
import type { Db } from '../../db/client';
import { farms, sales } from '../../db/schema/index';
import { addDays, dateIn, timeIn, zoneOrDefault } from '../../lib/farm-time';
import { notify } from '../notifications/notify.service';

/** The farm's hour (24 h) from which the day's reminders go: a morning, not the middle of the night. */
const REMINDER_HOUR = 8;
/** Days between two reminders of a sale that stays unpaid. */
const REMINDER_EVERY_DAYS = 7;
/** Sales looked at in one run; the next run (an hour later) goes on. */
const BATCH = 1000;

/**
 * Money owed to the farm, said to its owners and managers (never workers): a credit sale that
 * reaches its due day unpaid, and again every week while it stays unpaid. A sale whose due day
 * moved later is reminded again when the new day comes. Runs every hour; each farm's reminders go
 * once its clock passes REMINDER_HOUR. `sales.reminded_on` is set in the transaction that notifies,
 * only if it still says the sale is due, so one sale reminds once a day however many servers run.
 */
export async function remindPaymentsDue(db: Db, now: Date): Promise<number> {
  // Farms are ahead of UTC by at most a day; each sale is checked on its farm's own calendar below.
  const latest = addDays(now.toISOString().slice(0, 10), 1);
  const candidates = await db
    .select({
      id: sales.id,
      farm_id: sales.farm_id,
      buyer_name: sales.buyer_name,
      product: sales.product,
      owed_kobo: sql<number>`(${sales.amount_kobo} - ${sales.paid_kobo})::bigint`.mapWith(Number),
      due_date: sales.due_date,
      reminded_on: sales.reminded_on,
      farm_name: farms.name,
      timezone: farms.timezone,
    })
    .from(sales)
    .innerJoin(farms, eq(farms.id, sales.farm_id))
    .where(
      and(
        lt(sales.paid_kobo, sales.amount_kobo),
        isNotNull(sales.due_date),
        lte(sales.due_date, latest),
        or(
          isNull(sales.reminded_on),
          lt(sales.reminded_on, sales.due_date),
          lte(sales.reminded_on, addDays(latest, -REMINDER_EVERY_DAYS)),
        ),
      ),
    )
    .orderBy(asc(sales.due_date), asc(sales.id))
    .limit(BATCH);
  let reminded = 0;
  for (const sale of candidates) {
    const zone = zoneOrDefault(sale.timezone);
    const today = dateIn(zone, now);
    const dueDate = sale.due_date!;
    if (dueDate > today || Number(timeIn(zone, now).slice(0, 2)) < REMINDER_HOUR) continue;
    reminded += await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(sales)
        .set({ reminded_on: today })
        .where(
          and(
            eq(sales.id, sale.id),
            lt(sales.paid_kobo, sales.amount_kobo),
            eq(sales.due_date, dueDate),
            or(
              isNull(sales.reminded_on),
              lt(sales.reminded_on, sales.due_date),
              lte(sales.reminded_on, addDays(today, -REMINDER_EVERY_DAYS)),
            ),
          ),
        )
        .returning({ id: sales.id });
      if (!claimed) return 0;
      await notify(
        { db: tx },
        {
          farmId: sale.farm_id,
          roles: ['owner', 'manager'],
          kind: 'payment_due',
          params: {
            sale_id: sale.id,
            farm_name: sale.farm_name,
            buyer_name: sale.buyer_name,
            product: sale.product,
            owed_kobo: sale.owed_kobo,
            due_date: dueDate,
            overdue: dueDate < today,
          },
          link: NOTIFICATION_PATHS.sales,
          dedupeKey: `payment_due:${sale.id}:${today}`,
        },
      );
      return 1;
    });
  }
  return reminded;
}
