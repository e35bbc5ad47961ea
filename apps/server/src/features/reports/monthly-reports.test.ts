import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notification_deliveries, notifications } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { createTestContext, type TestContext } from '../../test/context';
import { seedFarmTeam, type FarmTeam } from '../../test/farm-team';
import { sendMonthlyReports } from './monthly-reports.service';

/**
 * The monthly report: on the first day of a month in the farm's time, its owners and managers get
 * last month's figures in the bell and by mail, once, and workers nothing.
 */

let t: TestContext;
let team: FarmTeam;

beforeAll(async () => {
  t = await createTestContext();
  team = await seedFarmTeam(t);
  await t.request('POST', `${team.base}/expenses`, {
    cookie: team.cookies.owner,
    body: {
      id: newId(),
      date: '2026-11-05',
      category: 'feed',
      amount_kobo: 4_500_050,
      payment_method: 'cash',
    },
  });
});

const send = (at: string) =>
  sendMonthlyReports({ db: t.db, logger: t.deps.logger }, new Date(at), { farmIds: [team.farm.id] });

const toldOf = (userId: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), eq(notifications.kind, 'monthly_report')));

describe('the monthly report', () => {
  it('waits for the first day of the month in Lagos time', async () => {
    // 22:30 UTC on 30 November is 23:30 in Lagos: still November.
    expect(await send('2026-11-30T22:30:00Z')).toBe(0);
    expect(await toldOf(team.users.owner.id)).toHaveLength(0);
  });

  it('tells owners and managers last month’s figures once, in the bell and by mail, and no worker', async () => {
    // 23:30 UTC on 30 November is 00:30 on 1 December in Lagos; later that day it is not sent again.
    expect(await send('2026-11-30T23:30:00Z')).toBe(1);
    expect(await send('2026-12-01T09:00:00Z')).toBe(0);
    const [owner] = await toldOf(team.users.owner.id);
    expect(owner).toMatchObject({ title: `${team.farm.name} in 11/2026`, link: '/dashboard/reports' });
    expect(owner!.body).toContain('costs ₦45,000.50');
    expect(await toldOf(team.users.manager.id)).toHaveLength(1);
    expect(await toldOf(team.users.worker.id)).toHaveLength(0);
    expect(await toldOf(team.users.viewer.id)).toHaveLength(0);
    const mail = await t.db
      .select()
      .from(notification_deliveries)
      .where(
        and(
          eq(notification_deliveries.notification_id, owner!.id),
          eq(notification_deliveries.channel, 'email'),
        ),
      );
    expect(mail).toHaveLength(1);
  });
});
