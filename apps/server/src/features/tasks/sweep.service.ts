import { and, asc, count, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { MORNING_HOUR } from '@gona/shared/tasks';
import { NOTIFICATION_PATHS } from '@gona/shared/notifications';
import type { Db, Tx } from '../../db/client';
import {
  farm_memberships,
  farms,
  staff,
  staff_messages,
  task_assignees,
  task_settings,
  task_sweeps,
  tasks,
} from '../../db/schema/index';
import { internationalPhone, type SmsProvider } from '../../integrations/sms';
import { addDays, dateIn, timeIn, zoneOrDefault } from '../../lib/farm-time';
import { notify } from '../notifications/notify.service';
import { extendSeries } from './series.service';
import { mineOrUnassigned } from './tasks.service';

/** How many days back an overdue task still earns a nudge; older ones were missed long ago. */
const NUDGE_DAYS = 2;
const TITLES_IN_MORNING = 3;

export type SweepResult = { written: number; mornings: number; nudges: number; texts: number };

/** An SMS is 160 characters; the morning text to a staff member stays within one. */
const SMS_LENGTH = 160;
/** Tries of one staff SMS (one per sweep, so about 45 minutes apart at most). */
const SMS_TRIES = 3;

/**
 * The one reminder job (every 15 minutes): writes repeating tasks ahead, sends each farm's morning
 * message once its clock passes MORNING_HOUR, and nudges once about each task that became overdue.
 * Every part is safe to run twice or on two servers at once: the morning is claimed by a row per
 * farm and day, a nudge by the task's `overdue_notified_at`, both in the transaction that notifies.
 */
export async function sweepTasks(
  db: Db,
  now: Date,
  deps: { sms: SmsProvider | null } = { sms: null },
): Promise<SweepResult> {
  const written = await extendSeries(db, now);
  const mornings = await sendMornings(db, now, deps.sms !== null);
  const nudges = await nudgeOverdue(db, now);
  const texts = deps.sms ? await sendStaffMessages(db, deps.sms, now) : 0;
  return { written, mornings, nudges, texts };
}

/** Farms with open tasks due by today, whose morning has come and not been sent. */
async function sendMornings(db: Db, now: Date, smsOn: boolean): Promise<number> {
  const latest = addDays(now.toISOString().slice(0, 10), 1);
  const candidates = await db
    .selectDistinct({ id: farms.id, name: farms.name, timezone: farms.timezone })
    .from(tasks)
    .innerJoin(farms, eq(farms.id, tasks.farm_id))
    .where(and(eq(tasks.status, 'open'), lte(tasks.due_date, latest)));
  let sent = 0;
  for (const farm of candidates) {
    const zone = zoneOrDefault(farm.timezone);
    if (Number(timeIn(zone, now).slice(0, 2)) < MORNING_HOUR) continue;
    const today = dateIn(zone, now);
    sent += await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(task_sweeps)
        .values({ farm_id: farm.id, kind: 'morning', day: today })
        .onConflictDoNothing()
        .returning();
      if (!claimed) return 0;
      const members = await tx
        .select({ userId: farm_memberships.user_id, role: farm_memberships.role })
        .from(farm_memberships)
        .where(
          and(
            eq(farm_memberships.farm_id, farm.id),
            inArray(farm_memberships.role, ['owner', 'manager', 'worker']),
          ),
        );
      let told = 0;
      for (const member of members) {
        const mine =
          member.role === 'worker' ? await mineOrUnassigned(tx, farm.id, member.userId) : undefined;
        const due = and(
          eq(tasks.farm_id, farm.id),
          eq(tasks.status, 'open'),
          lte(tasks.due_date, today),
          mine,
        );
        const [counts] = await tx
          .select({
            today: count(sql`case when ${tasks.due_date} = ${today} then 1 end`),
            overdue: count(sql`case when ${tasks.due_date} < ${today} then 1 end`),
          })
          .from(tasks)
          .where(due);
        if (!counts || counts.today + counts.overdue === 0) continue;
        const first = await tx
          .select({ title: tasks.title })
          .from(tasks)
          .where(due)
          .orderBy(sql`(${tasks.priority} = 'high') desc`, asc(tasks.due_date), asc(tasks.id))
          .limit(TITLES_IN_MORNING);
        const { userIds } = await notify(
          { db: tx },
          {
            userIds: [member.userId],
            farmId: farm.id,
            kind: 'tasks_today',
            params: {
              farm_name: farm.name,
              due_today: counts.today,
              overdue: counts.overdue,
              titles: first.map((row) => row.title),
            },
            link: NOTIFICATION_PATHS.tasks,
            dedupeKey: `tasks_today:${farm.id}:${today}`,
          },
        );
        told += userIds.length;
      }
      if (smsOn) told += await writeStaffMessages(tx, farm, today);
      return told > 0 ? 1 : 0;
    });
  }
  return sent;
}

/**
 * Open tasks whose day has passed (or whose time today has), not yet nudged: their people with an
 * account hear it; a task given only to people without one goes to the owner and managers, who
 * tell them. Tasks overdue for longer than NUDGE_DAYS are marked without a message.
 */
async function nudgeOverdue(db: Db, now: Date, batch = 500): Promise<number> {
  const latest = addDays(now.toISOString().slice(0, 10), 1);
  const candidates = await db
    .select({ task: tasks, timezone: farms.timezone })
    .from(tasks)
    .innerJoin(farms, eq(farms.id, tasks.farm_id))
    .where(and(eq(tasks.status, 'open'), isNull(tasks.overdue_notified_at), lte(tasks.due_date, latest)))
    .orderBy(asc(tasks.due_date))
    .limit(batch);
  let nudged = 0;
  for (const { task, timezone } of candidates) {
    const zone = zoneOrDefault(timezone);
    const today = dateIn(zone, now);
    const late =
      task.due_date < today ||
      (task.due_date === today && task.due_time !== null && task.due_time.slice(0, 5) < timeIn(zone, now));
    if (!late) continue;
    nudged += await db.transaction(async (tx) => {
      const [marked] = await tx
        .update(tasks)
        .set({ overdue_notified_at: now })
        .where(and(eq(tasks.id, task.id), isNull(tasks.overdue_notified_at), eq(tasks.status, 'open')))
        .returning({ id: tasks.id });
      if (!marked || task.due_date < addDays(today, -NUDGE_DAYS)) return 0;
      const people = await tx
        .select({ userId: staff.member_user_id })
        .from(task_assignees)
        .innerJoin(staff, eq(staff.id, task_assignees.staff_id))
        .where(eq(task_assignees.task_id, task.id));
      const withAccounts = people.flatMap((person) => (person.userId ? [person.userId] : []));
      const recipients =
        withAccounts.length > 0
          ? { userIds: withAccounts, farmId: task.farm_id }
          : { farmId: task.farm_id, roles: ['owner' as const, 'manager' as const] };
      await notify(
        { db: tx },
        {
          ...recipients,
          kind: 'task_overdue',
          params: { task_id: task.id, title: task.title, due_date: task.due_date },
          link: NOTIFICATION_PATHS.task(task.id),
          dedupeKey: `task_overdue:${task.id}`,
        },
      );
      return 1;
    });
  }
  return nudged;
}

/**
 * Staff without an account who have open tasks due today or overdue get one SMS this morning, when
 * the owner turned it on: written here with the morning's claim (one per person and day), sent by
 * `sendStaffMessages`.
 */
async function writeStaffMessages(
  tx: Tx,
  farm: { id: string; name: string },
  today: string,
): Promise<number> {
  const [settings] = await tx.select().from(task_settings).where(eq(task_settings.farm_id, farm.id));
  if (!settings?.sms_staff) return 0;
  const rows = await tx
    .select({ staffId: staff.id, first: staff.first_name, phone: staff.phone, title: tasks.title })
    .from(task_assignees)
    .innerJoin(staff, eq(staff.id, task_assignees.staff_id))
    .innerJoin(tasks, eq(tasks.id, task_assignees.task_id))
    .where(
      and(
        eq(task_assignees.farm_id, farm.id),
        isNull(staff.member_user_id),
        eq(staff.status, 'active'),
        isNotNull(staff.phone),
        eq(tasks.status, 'open'),
        lte(tasks.due_date, today),
      ),
    )
    .orderBy(asc(staff.id), sql`(${tasks.priority} = 'high') desc`, asc(tasks.due_date), asc(tasks.id));
  const byPerson = new Map<string, { first: string; phone: string; titles: string[] }>();
  for (const row of rows) {
    const person = byPerson.get(row.staffId) ?? { first: row.first, phone: row.phone!, titles: [] };
    person.titles.push(row.title);
    byPerson.set(row.staffId, person);
  }
  if (byPerson.size === 0) return 0;
  const written = await tx
    .insert(staff_messages)
    .values(
      [...byPerson].map(([staffId, person]) => ({
        farm_id: farm.id,
        staff_id: staffId,
        day: today,
        phone: person.phone,
        message: staffMessage(farm.name, person.first, person.titles),
      })),
    )
    .onConflictDoNothing()
    .returning({ id: staff_messages.id });
  return written.length;
}

/** "Gona, Sunrise Farm: Musa, today: Vaccinate the layers; Mend the fence." within one SMS. */
export function staffMessage(farmName: string, firstName: string, titles: string[]): string {
  const head = `Gona, ${farmName}: ${firstName}, today (${titles.length}): `;
  let body = titles.join('; ');
  if (head.length + body.length + 1 > SMS_LENGTH) body = `${body.slice(0, SMS_LENGTH - head.length - 2)}…`;
  return `${head}${body}.`;
}

/** Sends the staff SMS waiting; each row is held while it is sent, so two servers send it once. */
async function sendStaffMessages(db: Db, sms: SmsProvider, now: Date, batch = 100): Promise<number> {
  let sent = 0;
  for (let i = 0; i < batch; i++) {
    const done = await db.transaction(async (tx) => {
      const [message] = await tx
        .select()
        .from(staff_messages)
        .where(eq(staff_messages.status, 'pending'))
        .orderBy(asc(staff_messages.created_at))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!message) return null;
      const to = internationalPhone(message.phone);
      const outcome = to
        ? await sms.send({ to, message: message.message }).catch((err: unknown) => ({
            status: 'failed' as const,
            reason: err instanceof Error ? err.message : String(err),
          }))
        : { status: 'rejected' as const, reason: 'No phone number that SMS can reach' };
      const attempts = message.attempts + 1;
      const status =
        outcome.status === 'sent'
          ? 'sent'
          : outcome.status === 'rejected' || attempts >= SMS_TRIES
            ? 'failed'
            : 'pending';
      await tx
        .update(staff_messages)
        .set({
          status,
          attempts,
          sent_at: outcome.status === 'sent' ? now : null,
          error: outcome.status === 'sent' ? null : outcome.reason,
        })
        .where(eq(staff_messages.id, message.id));
      return outcome.status === 'sent' ? 1 : 0;
    });
    if (done === null) break;
    sent += done;
  }
  return sent;
}
