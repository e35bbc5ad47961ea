import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  farm_subscriptions,
  files,
  notification_deliveries,
  notifications,
  report_pdfs,
} from '../../db/schema/index';
import { pdfText } from '../../lib/pdf-text';
import { newId } from '../../lib/ids';
import { createTestContext, type TestContext } from '../../test/context';
import { seedFarmTeam, type FarmTeam } from '../../test/farm-team';
import { sendDelivery } from '../notifications/delivery.service';
import { sendMonthlyReports } from './monthly-reports.service';

/**
 * The monthly report: on the first day of a month in the farm's time, its owners and managers get
 * last month's figures in the bell and by mail, once, and workers nothing; on Gona Pro the mail
 * carries the month's PDF, kept with the farm's reports.
 */

let t: TestContext;
let team: FarmTeam;
let pro: FarmTeam;

const feedBought = (farm: FarmTeam) =>
  t.request('POST', `${farm.base}/expenses`, {
    cookie: farm.cookies.owner,
    body: {
      id: newId(),
      date: '2026-11-05',
      category: 'feed',
      amount_kobo: 4_500_050,
      payment_method: 'cash',
    },
  });

beforeAll(async () => {
  t = await createTestContext();
  team = await seedFarmTeam(t);
  pro = await seedFarmTeam(t);
  await feedBought(team);
  await feedBought(pro);
  await t.db.insert(farm_subscriptions).values({
    farm_id: pro.farm.id,
    state: 'active',
    method: 'granted',
    period_start: new Date('2026-06-01T00:00:00Z'),
    period_end: new Date('2027-06-01T00:00:00Z'),
  });
});

const send = (at: string, farm = team) =>
  sendMonthlyReports({ db: t.db, logger: t.deps.logger, storage: t.deps.storage }, new Date(at), {
    farmIds: [farm.farm.id],
  });

/** Sends each email delivery of a farm's monthly report twice, as a send job and its retry would. */
async function mailDeliveries(farm: FarmTeam) {
  const rows = await t.db
    .select({ id: notification_deliveries.id })
    .from(notification_deliveries)
    .innerJoin(notifications, eq(notifications.id, notification_deliveries.notification_id))
    .where(
      and(
        eq(notifications.farm_id, farm.farm.id),
        eq(notifications.kind, 'monthly_report'),
        eq(notification_deliveries.channel, 'email'),
      ),
    );
  const deps = {
    db: t.db,
    mail: t.deps.mail,
    push: t.deps.push,
    sms: t.deps.sms,
    logger: t.deps.logger,
    baseUrl: t.deps.config.baseUrl,
    storage: t.deps.storage,
  };
  for (const { id } of [...rows, ...rows]) await sendDelivery(deps, id, { now: new Date(), lastTry: false });
}

const mailTo = async (email: string) => (await t.outbox()).filter((m) => m.to === email);

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

  it('mails a Free farm the link only, no PDF', async () => {
    await mailDeliveries(team);
    const [mail] = await mailTo(team.users.owner.email);
    expect(mail).toBeDefined();
    expect(mail!.attachments).toBeUndefined();
    expect(mail!.text).toContain('/dashboard/reports');
    expect(await t.db.select().from(report_pdfs).where(eq(report_pdfs.farm_id, team.farm.id))).toHaveLength(
      0,
    );
  });

  it('on Pro, makes the month’s PDF once, keeps it with the farm’s reports and attaches it to the mail', async () => {
    // Two runs at once and a rerun later that day: one PDF, one notification each.
    const runs = await Promise.all([send('2026-11-30T23:30:00Z', pro), send('2026-11-30T23:30:00Z', pro)]);
    expect(runs.sort()).toEqual([0, 1]);
    expect(await send('2026-12-01T10:00:00Z', pro)).toBe(0);
    const pdfs = await t.db.select().from(report_pdfs).where(eq(report_pdfs.farm_id, pro.farm.id));
    expect(pdfs).toHaveLength(1);
    expect(pdfs[0]).toMatchObject({ from: '2026-11-01', to: '2026-11-30', scope: 'farm', status: 'ready' });
    const [file] = await t.db.select().from(files).where(eq(files.id, pdfs[0]!.file_id!));
    expect(file).toMatchObject({ kind: 'report', content_type: 'application/pdf', farm_id: pro.farm.id });
    const [owner] = await toldOf(pro.users.owner.id);
    expect(owner!.params).toMatchObject({ attachment_file_id: file!.id });
    expect(await toldOf(pro.users.worker.id)).toHaveLength(0);

    // The listed PDF downloads for the owner, as any report does.
    const list = await t.request<{ items: { id: string; status: string }[] }>(
      'GET',
      `${pro.base}/reports/pdfs`,
      {
        cookie: pro.cookies.owner,
      },
    );
    expect(list.body.items.map((p) => p.id)).toEqual([pdfs[0]!.id]);

    await mailDeliveries(pro);
    for (const who of ['owner', 'manager'] as const) {
      const mails = await mailTo(pro.users[who].email);
      expect(mails).toHaveLength(1);
      const [attachment] = mails[0]!.attachments ?? [];
      expect(attachment).toMatchObject({
        filename: `${pro.farm.name} report 2026-11-01 to 2026-11-30.pdf`,
        content_type: 'application/pdf',
      });
      expect(mails[0]!.text).toContain(`Attached: ${pro.farm.name} report 2026-11-01 to 2026-11-30.pdf`);
      const text = pdfText(Buffer.from(attachment!.content_base64, 'base64')).join('\n');
      expect(text).toContain(pro.farm.name);
      expect(text).toContain('₦45,000.50');
    }
    expect(await mailTo(pro.users.worker.email)).toHaveLength(0);
  });
});
