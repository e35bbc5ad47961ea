import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { clockOfMinutes, localHour, type UnreadCount } from '@gona/shared/notifications';
import type { ErrorBody } from '@gona/shared';
import {
  farm_subscriptions,
  notification_deliveries,
  notifications,
  push_subscriptions,
  users,
} from '../../db/schema/index';
import { startFakeAfricasTalking } from '../../integrations/fake-africas-talking';
import { SEND_QUEUE, type SendJob } from '../../jobs/notifications';
import { createTestContext } from '../../test/context';
import { seedFarmTeam, type FarmTeam } from '../../test/farm-team';
import { sendDigests } from './delivery.service';
import { notify } from './notify.service';
import {
  browserKeys,
  decryptPush,
  notificationJobs,
  startPushService,
  subscribe,
} from './notifications.test-setup';

const API_KEY = 'at-test-key';
const sms = await startFakeAfricasTalking({ apiKey: API_KEY });
const pushService = await startPushService();
const t = await createTestContext({
  SMS_PROVIDER: 'africastalking',
  SMS_API_KEY: API_KEY,
  SMS_USERNAME: 'sandbox',
  SMS_SENDER_ID: 'GONA',
  SMS_BASE_URL: sms.url,
});
const jobs = await notificationJobs(t);
// On PostgreSQL the worker's database holds what earlier test files notified: send it first, so the
// tests below count only their own mail, pushes and SMS (the dev outbox keeps the last 100 mails).
await jobs.runAll();
await t.outbox();
afterAll(async () => {
  await sms.close();
  await pushService.close();
});

const HOUR_MS = 60 * 60 * 1000;

/** SMS alerts are Gona Pro's: the teams here are on Pro unless a test says otherwise. */
async function onPro(team: FarmTeam) {
  await t.db
    .insert(farm_subscriptions)
    .values({
      farm_id: team.farm.id,
      state: 'active',
      method: 'granted',
      period_end: new Date(Date.now() + 365 * 24 * HOUR_MS),
    })
    .onConflictDoNothing();
}

/** What the inventory tells the farm's owners and managers when a supply goes low (inventory tests cover that it does). */
async function lowStock(team: FarmTeam, name = `Layers mash ${randomUUID().slice(0, 6)}`, pro = true) {
  if (pro) await onPro(team);
  const supply = { id: randomUUID() };
  await notify(
    { db: t.db },
    {
      farmId: team.farm.id,
      roles: ['owner', 'manager'],
      kind: 'low_stock',
      params: {
        supply_id: supply.id,
        supply_name: name,
        quantity: '2',
        low_threshold: '3',
        unit: 'bag_50kg',
      },
      link: `/dashboard/inventory/${supply.id}`,
      dedupeKey: `low_stock:${randomUUID()}`,
    },
  );
  return supply;
}

async function setPreferences(team: FarmTeam, body: Record<string, unknown>) {
  const res = await t.request('PATCH', '/api/notifications/settings', {
    cookie: team.cookies.owner,
    body: { version: 0, ...body },
  });
  expect(res.status, res.text).toBe(200);
}

/** A browser of the owner subscribed at the loopback push service. */
async function ownerBrowser(team: FarmTeam) {
  const keys = browserKeys();
  const path = `/push/${randomUUID()}`;
  await subscribe(t, team.users.owner.id, `${pushService.url}${path}`, keys);
  return { keys, path, pushes: () => pushService.received.filter((r) => r.path === path) };
}

async function deliveriesOf(userId: string) {
  return t.db
    .select({
      channel: notification_deliveries.channel,
      status: notification_deliveries.status,
      attempts: notification_deliveries.attempts,
      due_at: notification_deliveries.due_at,
      error: notification_deliveries.error,
    })
    .from(notification_deliveries)
    .innerJoin(notifications, eq(notifications.id, notification_deliveries.notification_id))
    .where(eq(notifications.user_id, userId))
    .orderBy(notification_deliveries.channel);
}

/** Quiet hours from an hour ago to an hour from now, in the farm's zone (Africa/Lagos). */
function quietAroundNow(now: Date) {
  const [hour, minute] = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Lagos',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(now)
    .split(':')
    .map(Number);
  const local = hour! * 60 + minute!;
  return { start: clockOfMinutes(local - 60), end: clockOfMinutes(local + 60) };
}

const mailTo = async (email: string) => (await t.outbox()).filter((m) => m.to === email);
const smsAbout = (name: string) => sms.received.filter((m) => m.message.includes(name));

describe('sending', () => {
  it('sends each channel the person has on once, even when the send job runs twice', async () => {
    const team = await seedFarmTeam(t);
    const browser = await ownerBrowser(team);
    await setPreferences(team, { channels: { low_stock: { sms: true } }, quiet_hours: null });
    await lowStock(team, 'Broiler starter');

    const results = await jobs.runAll({ times: 2 });
    const firsts = results.filter((_, i) => i % 2 === 0);
    const seconds = results.filter((_, i) => i % 2 === 1);
    expect(firsts.length).toBeGreaterThanOrEqual(3);
    expect(firsts.every((r) => !(r instanceof Error) && r.status === 'sent')).toBe(true);
    expect(seconds.every((r) => !(r instanceof Error) && r.status === 'not_claimed')).toBe(true);

    expect(browser.pushes()).toHaveLength(1);
    expect(smsAbout('Broiler starter')).toHaveLength(1);
    expect(await mailTo(team.users.owner.email)).toEqual([
      expect.objectContaining({ subject: 'Low stock: Broiler starter' }),
    ]);
    expect(await mailTo(team.users.manager.email)).toHaveLength(1);
    expect(await deliveriesOf(team.users.owner.id)).toEqual([
      expect.objectContaining({ channel: 'email', status: 'sent', attempts: 1 }),
      expect.objectContaining({ channel: 'push', status: 'sent', attempts: 1 }),
      expect.objectContaining({ channel: 'sms', status: 'sent', attempts: 1 }),
    ]);
    // Dispatching again finds nothing left to queue.
    expect(await jobs.dispatch()).toBe(0);
  });

  it('sends an alert by SMS only while the farm is on Pro', async () => {
    const team = await seedFarmTeam(t);
    await setPreferences(team, { channels: { low_stock: { sms: true } }, quiet_hours: null });
    await lowStock(team, 'Grower mash', false);
    expect((await deliveriesOf(team.users.owner.id)).map((d) => d.channel)).toEqual(['email']);
    await onPro(team);
    await lowStock(team, 'Finisher mash');
    expect((await deliveriesOf(team.users.owner.id)).map((d) => d.channel).sort()).toEqual([
      'email',
      'email',
      'sms',
    ]);
  });

  it('sends nothing on a channel the person turned off (in-app stays)', async () => {
    const team = await seedFarmTeam(t);
    const browser = await ownerBrowser(team);
    await setPreferences(team, { channels: { low_stock: { email: false, push: false } }, quiet_hours: null });
    await lowStock(team, 'Fish feed');
    await jobs.runAll();

    expect(browser.pushes()).toHaveLength(0);
    expect(await mailTo(team.users.owner.email)).toHaveLength(0);
    expect(await deliveriesOf(team.users.owner.id)).toEqual([]);
    expect(smsAbout('Fish feed')).toHaveLength(0);
    const count = await t.request<UnreadCount>('GET', '/api/notifications/unread-count', {
      cookie: team.cookies.owner,
    });
    expect(count.body.unread).toBe(1);
    // The manager kept the defaults: mail, and no SMS unless chosen.
    expect(await mailTo(team.users.manager.email)).toHaveLength(1);
  });

  it('holds push and SMS during quiet hours and sends them when they end; mail goes at once', async () => {
    const team = await seedFarmTeam(t);
    const browser = await ownerBrowser(team);
    const now = new Date();
    await setPreferences(team, { channels: { low_stock: { sms: true } }, quiet_hours: quietAroundNow(now) });
    await lowStock(team, 'Pig grower');
    await jobs.runAll();

    expect(await mailTo(team.users.owner.email)).toHaveLength(1);
    expect(browser.pushes()).toHaveLength(0);
    expect(smsAbout('Pig grower')).toHaveLength(0);
    const held = (await deliveriesOf(team.users.owner.id)).filter((d) => d.channel !== 'email');
    expect(held.map((d) => d.status)).toEqual(['pending', 'pending']);
    const end = held[0]!.due_at.getTime();
    expect(end).toBeGreaterThan(now.getTime() + 55 * 60 * 1000);
    expect(end).toBeLessThanOrEqual(now.getTime() + 61 * 60 * 1000);

    await jobs.runAll({ at: new Date(end - 1000) });
    expect(browser.pushes()).toHaveLength(0);
    await jobs.runAll({ at: new Date(end) });
    expect(browser.pushes()).toHaveLength(1);
    expect(smsAbout('Pig grower')).toHaveLength(1);
  });

  it('lets an urgent notification (the test button) through quiet hours', async () => {
    const team = await seedFarmTeam(t);
    const browser = await ownerBrowser(team);
    await setPreferences(team, { quiet_hours: quietAroundNow(new Date()) });
    await lowStock(team, 'Held till morning');
    const sent = await t.request('POST', '/api/notifications/test', { cookie: team.cookies.owner });
    expect(sent.status).toBe(201);
    await jobs.runAll();
    // The low-stock push waits for the morning; the urgent one does not.
    expect(browser.pushes()).toHaveLength(1);
    expect(decryptPush(browser.pushes()[0]!.body, browser.keys)).toContain('Test notification');
  });

  it('encrypts the push for the subscription (aes128gcm) and signs it with this server’s VAPID key', async () => {
    const team = await seedFarmTeam(t);
    const browser = await ownerBrowser(team);
    await setPreferences(team, { quiet_hours: null });
    const supply = await lowStock(team, 'Maize seed');
    await jobs.runAll();

    const [push] = browser.pushes();
    expect(push?.headers['content-encoding']).toBe('aes128gcm');
    expect(push?.headers.ttl).toBe('86400');
    expect(push?.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${t.deps.push.publicKey}$`),
    );
    expect(push!.body.toString('utf8')).not.toContain('Maize seed');
    const { tag, ...shown } = JSON.parse(decryptPush(push!.body, browser.keys)) as Record<string, unknown>;
    expect(shown).toEqual({
      title: 'Low stock: Maize seed',
      body: 'Maize seed: 2 bags (50 kg) left (low at 3 bags (50 kg)). Buy more before it runs out.',
      link: `/dashboard/inventory/${supply.id}`,
    });
    expect(tag).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('forgets a browser whose push service says the subscription is gone', async () => {
    const team = await seedFarmTeam(t);
    const browser = await ownerBrowser(team);
    pushService.answerWith(browser.path, 410);
    await setPreferences(team, { quiet_hours: null });
    await lowStock(team);
    await jobs.runAll();

    const push = (await deliveriesOf(team.users.owner.id)).find((d) => d.channel === 'push');
    expect(push).toMatchObject({ status: 'skipped' });
    const left = await t.db
      .select()
      .from(push_subscriptions)
      .where(eq(push_subscriptions.user_id, team.users.owner.id));
    expect(left).toEqual([]);
  });

  it('tries an SMS again when the provider is down, and sends it once when it answers', async () => {
    const team = await seedFarmTeam(t);
    await setPreferences(team, {
      channels: { low_stock: { sms: true, email: false, push: false } },
      quiet_hours: null,
    });
    await lowStock(team, 'Cassava cuttings');
    sms.failNext(503);
    const first = await jobs.runAll();
    expect(first.filter((r) => r instanceof Error)).toHaveLength(1);
    const [waiting] = await deliveriesOf(team.users.owner.id);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting?.error).toContain('503');

    const [retry] = await t.boss.fetch<SendJob>(SEND_QUEUE, {
      includeMetadata: true,
      ignoreStartAfter: true,
    });
    expect(retry).toBeDefined();
    expect(await jobs.run(retry!)).toEqual({ status: 'sent' });
    await t.boss.complete(SEND_QUEUE, retry!);
    expect(smsAbout('Cassava cuttings')).toHaveLength(1);
    expect((await deliveriesOf(team.users.owner.id))[0]).toMatchObject({
      status: 'sent',
      attempts: 2,
      error: null,
    });
  });

  it('waits while another job is sending, and sends again once a dead sender’s claim is stale', async () => {
    const team = await seedFarmTeam(t);
    await setPreferences(team, {
      channels: { low_stock: { sms: true, email: false, push: false } },
      quiet_hours: null,
    });
    await lowStock(team, 'Oyster shell grit');
    await jobs.dispatch();
    // A sender took the owner's SMS and then its process died before marking it sent.
    const mine = and(
      eq(notification_deliveries.channel, 'sms'),
      inArray(
        notification_deliveries.notification_id,
        t.db
          .select({ id: notifications.id })
          .from(notifications)
          .where(eq(notifications.user_id, team.users.owner.id)),
      ),
    );
    const [sms] = await t.db
      .select({ id: notification_deliveries.id })
      .from(notification_deliveries)
      .where(mine);
    const job = (await jobs.fetch()).find((j) => j.data.deliveryId === sms?.id);
    const claimedAt = new Date();
    await t.db.update(notification_deliveries).set({ status: 'sending', claimed_at: claimedAt }).where(mine);
    await expect(jobs.run(job!)).rejects.toThrow('is being sent by another job');
    await t.boss.fail(SEND_QUEUE, job!, { message: 'waiting' });
    expect(smsAbout('Oyster shell grit')).toHaveLength(0);

    const later = new Date(claimedAt.getTime() + 121_000);
    await jobs.runAll({ at: new Date(claimedAt.getTime() + 60_000) });
    expect(smsAbout('Oyster shell grit')).toHaveLength(0);
    await jobs.runAll({ at: later });
    expect(smsAbout('Oyster shell grit')).toHaveLength(1);
    expect((await deliveriesOf(team.users.owner.id))[0]).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('sends the SMS as Africa’s Talking expects: form fields, apikey and Accept headers', async () => {
    const team = await seedFarmTeam(t);
    await setPreferences(team, { channels: { low_stock: { sms: true } }, quiet_hours: null });
    await lowStock(team, 'Poultry vaccine');
    await jobs.runAll();

    expect(smsAbout('Poultry vaccine')).toEqual([
      {
        username: 'sandbox',
        to: '+2348031234567',
        from: 'GONA',
        message:
          'Gona: Low stock: Poultry vaccine. Poultry vaccine: 2 bags (50 kg) left (low at 3 bags (50 kg)). Buy more before it runs out.',
        apiKey: API_KEY,
        accept: 'application/json',
        contentType: 'application/x-www-form-urlencoded',
      },
    ]);
  });
});

describe('in the recipient’s language', () => {
  it('frames each person’s mail in their own language, whoever set the notification off', async () => {
    const team = await seedFarmTeam(t);
    await t.db.update(users).set({ language: 'fr' }).where(eq(users.id, team.users.owner.id));
    await t.db.update(users).set({ language: 'ha' }).where(eq(users.id, team.users.manager.id));
    await lowStock(team, 'Sorgho');
    await jobs.runAll();
    const [owner] = await mailTo(team.users.owner.email);
    expect(owner?.text).toMatch(/^Bonjour /);
    expect(owner?.text).toContain('Ouvrez-la dans Gona : http');
    expect(owner?.text).toMatch(/L’équipe Gona$/);
    // Hausa has its greeting and sign-off so far; the other lines stay in English until translated.
    const [manager] = await mailTo(team.users.manager.email);
    expect(manager?.text).toMatch(/^Sannu /);
    expect(manager?.text).toContain('Open it in Gona: http');
    expect(manager?.text).toMatch(/Ƙungiyar Gona$/);
  });
});

describe('SMS needs a number', () => {
  it('refuses to turn SMS on while the profile has no phone SMS can reach', async () => {
    const team = await seedFarmTeam(t);
    await t.db.update(users).set({ phone: null }).where(eq(users.id, team.users.owner.id));
    const res = await t.request<ErrorBody>('PATCH', '/api/notifications/settings', {
      cookie: team.cookies.owner,
      body: { version: 0, channels: { low_stock: { sms: true } } },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      'channels.low_stock.sms': 'Add a mobile number to your profile first, e.g. 0803 123 4567',
    });
  });
});

describe('the daily digest', () => {
  it('mails the unread notifications once, in the hour the person chose, instead of one mail each', async () => {
    const team = await seedFarmTeam(t);
    // The digest runs a minute from now, in whatever hour that is; the notification comes before it.
    const later = new Date(Date.now() + 60_000);
    await setPreferences(team, { digest: { enabled: true, hour: localHour(later, 'Africa/Lagos') } });
    await lowStock(team, 'Groundnut seed');
    await jobs.runAll();
    expect(await mailTo(team.users.owner.email)).toHaveLength(0);

    await sendDigests(jobs.deps, new Date(later.getTime() + HOUR_MS));
    expect(await mailTo(team.users.owner.email)).toHaveLength(0);
    expect((await sendDigests(jobs.deps, later)).mailed).toBeGreaterThanOrEqual(1);
    const digest = (await mailTo(team.users.owner.email)).filter((m) => m.subject.startsWith('Gona: '));
    expect(digest).toHaveLength(1);
    expect(digest[0]?.subject).toBe('Gona: 1 new notification');
    expect(digest[0]?.text).toContain('Low stock: Groundnut seed');

    // The same hour again (a second server, a retried job): nobody gets it twice.
    await sendDigests(jobs.deps, new Date(later.getTime() + 1000));
    expect((await mailTo(team.users.owner.email)).filter((m) => m.subject.startsWith('Gona: '))).toHaveLength(
      1,
    );
  });
});
