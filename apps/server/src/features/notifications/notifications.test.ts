import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ErrorBody } from '@gona/shared';
import type { Notification, NotificationSettings, UnreadCount } from '@gona/shared/notifications';
import type { Page } from '@gona/shared/pagination';
import { push_subscriptions } from '../../db/schema/index';
import { createTestContext } from '../../test/context';
import { seedUser, type SeededUser } from '../../test/farm-team';
import { notify } from './notify.service';

const t = await createTestContext();

/** A notification for `user` about nothing in particular, as any feature would make one. */
async function notifyUser(user: SeededUser, name = 'Urea') {
  await notify(
    { db: t.db },
    {
      userIds: [user.user.id],
      kind: 'low_stock',
      params: { supply_id: randomUUID(), supply_name: name, quantity: '1', low_threshold: '2', unit: 'kg' },
      link: '/dashboard/inventory',
    },
  );
}

const list = (user: SeededUser, query = '') =>
  t.request<Page<Notification>>('GET', `/api/notifications${query}`, { cookie: user.cookie });
const unread = async (user: SeededUser) =>
  (await t.request<UnreadCount>('GET', '/api/notifications/unread-count', { cookie: user.cookie })).body
    .unread;

const FCM = 'https://fcm.googleapis.com/fcm/send/';
const subscription = (endpoint = `${FCM}${randomUUID()}`) => ({
  endpoint,
  expirationTime: null,
  keys: {
    p256dh: 'B'.repeat(87),
    auth: 'A'.repeat(22),
  },
});

describe('without a session', () => {
  it.each([
    ['GET', '/api/notifications'],
    ['GET', '/api/notifications/unread-count'],
    ['POST', `/api/notifications/${randomUUID()}/read`],
    ['POST', '/api/notifications/read-all'],
    ['POST', '/api/notifications/test'],
    ['GET', '/api/notifications/settings'],
    ['PATCH', '/api/notifications/settings'],
    ['POST', '/api/notifications/push-subscriptions'],
    ['DELETE', `/api/notifications/push-subscriptions?endpoint=${encodeURIComponent(FCM)}x`],
  ])('%s %s answers 401', async (method, path) => {
    const res = await t.request<ErrorBody>(method, path, {
      body: method === 'PATCH' ? { version: 0 } : method === 'POST' ? subscription() : undefined,
    });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHENTICATED');
  });
});

describe('the list and the bell', () => {
  it("shows a person's own notifications, newest first, a page at a time, and counts the unread", async () => {
    const me = await seedUser(t);
    const someoneElse = await seedUser(t);
    for (const name of ['First', 'Second', 'Third']) await notifyUser(me, name);
    await notifyUser(someoneElse, 'Not mine');

    expect(await unread(me)).toBe(3);
    const page1 = await list(me, '?limit=2');
    expect(page1.status).toBe(200);
    expect(page1.body.items.map((n) => n.params.supply_name)).toEqual(['Third', 'Second']);
    const page2 = await list(me, `?limit=2&cursor=${page1.body.next_cursor}`);
    expect(page2.body.items.map((n) => n.params.supply_name)).toEqual(['First']);
    expect(page2.body.next_cursor).toBeNull();
  });

  it('marks one read, leaves the first reading time, and refuses another person’s (404)', async () => {
    const me = await seedUser(t);
    const someoneElse = await seedUser(t);
    await notifyUser(me);
    await notifyUser(someoneElse);
    const [mine] = (await list(me)).body.items;
    const [theirs] = (await list(someoneElse)).body.items;

    const read = await t.request<Notification>('POST', `/api/notifications/${mine!.id}/read`, {
      cookie: me.cookie,
    });
    expect(read.status).toBe(200);
    expect(read.body.read_at).not.toBeNull();
    expect(await unread(me)).toBe(0);
    const again = await t.request<Notification>('POST', `/api/notifications/${mine!.id}/read`, {
      cookie: me.cookie,
    });
    expect(again.body.read_at).toBe(read.body.read_at);

    const stolen = await t.request<ErrorBody>('POST', `/api/notifications/${theirs!.id}/read`, {
      cookie: me.cookie,
    });
    expect(stolen.status).toBe(404);
    expect(await unread(someoneElse)).toBe(1);
    const unknown = await t.request('POST', `/api/notifications/${randomUUID()}/read`, { cookie: me.cookie });
    expect(unknown.status).toBe(404);
  });

  it('marks all read, only the person’s own', async () => {
    const me = await seedUser(t);
    const someoneElse = await seedUser(t);
    await notifyUser(me);
    await notifyUser(me);
    await notifyUser(someoneElse);
    const res = await t.request('POST', '/api/notifications/read-all', { cookie: me.cookie });
    expect(res.body).toEqual({ marked: 2 });
    expect(await unread(me)).toBe(0);
    expect(await unread(someoneElse)).toBe(1);
  });

  it('never notifies a person twice about the same event', async () => {
    const me = await seedUser(t);
    const event = {
      userIds: [me.user.id],
      kind: 'low_stock' as const,
      params: {
        supply_id: randomUUID(),
        supply_name: 'Urea',
        quantity: '1',
        low_threshold: '2',
        unit: 'kg' as const,
      },
      link: null,
      dedupeKey: `low_stock:${randomUUID()}`,
    };
    expect((await notify({ db: t.db }, event)).userIds).toEqual([me.user.id]);
    expect((await notify({ db: t.db }, event)).userIds).toEqual([]);
    expect(await unread(me)).toBe(1);
  });

  it('refuses malformed input with 400', async () => {
    const me = await seedUser(t);
    expect(
      (await t.request('POST', '/api/notifications/not-a-uuid/read', { cookie: me.cookie })).status,
    ).toBe(400);
    expect((await list(me, '?limit=0')).status).toBe(400);
    expect((await list(me, '?cursor=garbage')).status).toBe(400);
  });
});

describe('settings', () => {
  it('starts from the defaults: mail for important kinds, push on, SMS off, quiet 21:00–06:00, no digest', async () => {
    const me = await seedUser(t);
    const res = await t.request<NotificationSettings>('GET', '/api/notifications/settings', {
      cookie: me.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      channels: { low_stock: { email: true, push: true, sms: false } },
      quiet_hours: { start: '21:00', end: '06:00' },
      digest: { enabled: false, hour: 7 },
      timezone: 'Africa/Lagos',
      version: 0,
      sms_available: false,
      phone: '0803 123 4567',
      push_public_key: t.deps.push.publicKey,
    });
    expect(res.body.push_public_key).toMatch(/^[\w-]{87}$/);
  });

  it('saves only what changed, with the version the screen read', async () => {
    const me = await seedUser(t);
    const patch = (body: object) =>
      t.request<NotificationSettings & ErrorBody>('PATCH', '/api/notifications/settings', {
        cookie: me.cookie,
        body,
      });
    const first = await patch({ version: 0, channels: { low_stock: { email: false } } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      channels: { low_stock: { email: false, push: true, sms: false } },
      quiet_hours: { start: '21:00', end: '06:00' },
      version: 1,
    });
    const second = await patch({ version: 1, quiet_hours: null, digest: { enabled: true, hour: 18 } });
    expect(second.body).toMatchObject({
      channels: { low_stock: { email: false, push: true } },
      quiet_hours: null,
      digest: { enabled: true, hour: 18 },
      version: 2,
    });
    expect((await patch({ version: 1, timezone: 'Africa/Accra' })).status).toBe(409);
    expect((await patch({ version: 0, timezone: 'Africa/Accra' })).status).toBe(409);
  });

  it('saves the screen as it was shown on a server without SMS, an SMS that is on by default included', async () => {
    const me = await seedUser(t);
    const shown = await t.request<NotificationSettings>('GET', '/api/notifications/settings', {
      cookie: me.cookie,
    });
    expect(shown.body.channels.subscription).toMatchObject({ sms: true });
    // The screen sends every switch of a kind it lists, as shown, beside the one changed.
    const channels = { subscription: shown.body.channels.subscription, low_stock: { email: false } };
    const saved = await t.request<NotificationSettings>('PATCH', '/api/notifications/settings', {
      cookie: me.cookie,
      body: { version: 0, channels },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.channels.low_stock).toMatchObject({ email: false });
  });

  it('refuses SMS on a server that sends none, and bad times, hours and kinds, naming the field', async () => {
    const me = await seedUser(t);
    const patch = async (body: object) =>
      (
        await t.request<ErrorBody>('PATCH', '/api/notifications/settings', {
          cookie: me.cookie,
          body: { version: 0, ...body },
        })
      ).body.error.fields;
    expect(await patch({ channels: { low_stock: { sms: true } } })).toEqual({
      'channels.low_stock.sms': 'SMS is not set up on this server yet',
    });
    expect(await patch({ quiet_hours: { start: '25:00', end: '06:00' } })).toEqual({
      'quiet_hours.start': 'Enter a time such as 21:00',
    });
    expect(await patch({ quiet_hours: { start: '06:00', end: '06:00' } })).toEqual({
      'quiet_hours.end': 'Quiet hours must end at another time',
    });
    expect(await patch({ digest: { enabled: true, hour: 24 } })).toEqual({
      'digest.hour': 'Choose an hour from 00 to 23',
    });
    expect(Object.keys((await patch({ channels: { test: { push: false } } })) ?? {})).toEqual(['channels']);
    expect(await patch({ timezone: 'Mars/Olympus_Mons' })).toEqual({
      timezone: 'Choose a time zone such as Africa/Lagos',
    });
  });
});

describe('push subscriptions', () => {
  const endpointsOf = async (userId: string) =>
    (
      await t.db
        .select({ endpoint: push_subscriptions.endpoint })
        .from(push_subscriptions)
        .where(eq(push_subscriptions.user_id, userId))
    ).map((s) => s.endpoint);

  it('saves this browser for the person signed in, and moves it to whoever signs in on it next', async () => {
    const me = await seedUser(t);
    const next = await seedUser(t);
    const browser = subscription();
    const saved = await t.request('POST', '/api/notifications/push-subscriptions', {
      cookie: me.cookie,
      body: browser,
    });
    expect(saved.status).toBe(204);
    expect(await endpointsOf(me.user.id)).toEqual([browser.endpoint]);

    await t.request('POST', '/api/notifications/push-subscriptions', { cookie: next.cookie, body: browser });
    expect(await endpointsOf(me.user.id)).toEqual([]);
    expect(await endpointsOf(next.user.id)).toEqual([browser.endpoint]);
  });

  it('forgets this browser, and only the person’s own', async () => {
    const me = await seedUser(t);
    const someoneElse = await seedUser(t);
    const mine = subscription();
    const theirs = subscription();
    await t.request('POST', '/api/notifications/push-subscriptions', { cookie: me.cookie, body: mine });
    await t.request('POST', '/api/notifications/push-subscriptions', {
      cookie: someoneElse.cookie,
      body: theirs,
    });

    const remove = (endpoint: string) =>
      t.request('DELETE', `/api/notifications/push-subscriptions?endpoint=${encodeURIComponent(endpoint)}`, {
        cookie: me.cookie,
      });
    expect((await remove(theirs.endpoint)).status).toBe(204);
    expect(await endpointsOf(someoneElse.user.id)).toEqual([theirs.endpoint]);
    expect((await remove(mine.endpoint)).status).toBe(204);
    expect(await endpointsOf(me.user.id)).toEqual([]);
  });

  it('refuses an address that is not a known push service, so the server never posts where a request says', async () => {
    const me = await seedUser(t);
    const post = async (body: unknown) =>
      t.request<ErrorBody>('POST', '/api/notifications/push-subscriptions', { cookie: me.cookie, body });
    const internal = await post(subscription('https://169.254.169.254/latest/meta-data'));
    expect(internal.status).toBe(400);
    expect(internal.body.error.fields).toEqual({
      endpoint: 'This browser uses a push service Gona does not know; try Chrome or Firefox',
    });
    expect((await post(subscription('http://fcm.googleapis.com/fcm/send/x'))).status).toBe(400);
    expect(
      (await post({ ...subscription(), keys: { p256dh: 'short', auth: 'x' } })).body.error.fields,
    ).toEqual({
      'keys.p256dh': 'This browser gave a push key Gona cannot use',
      'keys.auth': 'This browser gave a push key Gona cannot use',
    });
    expect(await endpointsOf(me.user.id)).toEqual([]);
  });
});

describe('the test notification', () => {
  it('reaches the bell, and is limited to a few an hour', async () => {
    const me = await seedUser(t);
    const sent = await t.request<Notification>('POST', '/api/notifications/test', { cookie: me.cookie });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ kind: 'test', title: 'Test notification', urgency: 'urgent' });
    expect(await unread(me)).toBe(1);
    for (let i = 0; i < 4; i++)
      expect((await t.request('POST', '/api/notifications/test', { cookie: me.cookie })).status).toBe(201);
    const limited = await t.request<ErrorBody>('POST', '/api/notifications/test', { cookie: me.cookie });
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toMatch(/Please wait \d+ minutes/);
  });
});
