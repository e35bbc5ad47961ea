import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StoredFile } from '@gona/shared/files';
import type { AdminSupportPageSchema, AdminSupportRequest, SupportRequest } from '@gona/shared/support';
import type { z } from 'zod';
import {
  audit_logs,
  contact_messages,
  farm_subscriptions,
  notification_deliveries,
  notifications,
  support_requests,
} from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { createTestContext, TEST_BASE_URL } from '../../test/context';
import { seedFarmTeam, seedUser, type FarmTeam, type SeededUser } from '../../test/farm-team';
import { uploadPhoto } from '../../test/photos';
import { seedDisputedOrder, seedSupportStaff } from './support.test-setup';

const t = await createTestContext({ SUPPORT_EMAIL: 'help@gona.test' });
let team: FarmTeam;
let admin: SeededUser;
let otherAdmin: SeededUser;

type AdminPage = z.infer<typeof AdminSupportPageSchema>;
type Refusal = { error: { code: string; message: string; fields?: Record<string, string> } };

beforeAll(async () => {
  team = await seedFarmTeam(t);
  admin = await seedSupportStaff(t);
  otherAdmin = await seedSupportStaff(t);
});

const DAY = 24 * 60 * 60;

async function ask(cookie: string, body: Record<string, unknown> = {}) {
  return t.request<SupportRequest>('POST', '/api/support/requests', {
    cookie,
    body: { topic: 'broken', description: 'The egg count will not save on my phone.', ...body },
  });
}

async function answer(requestId: string, body: Record<string, unknown> = {}, cookie = admin.cookie) {
  return t.request<AdminSupportRequest>('POST', `/api/admin/support/requests/${requestId}/messages`, {
    cookie,
    body: { id: newId(), body: 'Please update the app and try again.', ...body },
  });
}

describe('a person’s support requests', () => {
  it('writes a request with a photo that only they and support can open', async () => {
    const photo = await uploadPhoto<StoredFile>(t, team.base, team.cookies.manager, { kind: 'support' });
    expect(photo.status).toBe(201);
    const res = await ask(team.cookies.manager, { farm_id: team.farm.id, attachment_ids: [photo.body.id] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      topic: 'broken',
      state: 'open',
      priority: false,
      farm_name: 'Green Acres',
    });
    const [first] = res.body.messages;
    expect(first?.attachments).toHaveLength(1);
    const url = first!.attachments[0]!.url;
    expect(url).toBe(`/api/support/requests/${res.body.id}/files/${photo.body.id}`);

    expect((await t.request('GET', url, { cookie: team.cookies.manager })).status).toBe(200);
    // The farm's owner, another person and a request of someone else's: not found.
    expect((await t.request('GET', url, { cookie: team.cookies.owner })).status).toBe(404);
    expect(
      (await t.request('GET', `${team.base}/files/${photo.body.id}`, { cookie: team.cookies.owner })).status,
    ).toBe(404);
    expect((await t.request('GET', url, { cookie: team.cookies.stranger })).status).toBe(404);
    expect((await t.request('GET', url)).status).toBe(401);
    // Support reads it through the request.
    const adminUrl = `/api/admin/support/requests/${res.body.id}/files/${photo.body.id}`;
    expect((await t.request('GET', adminUrl, { cookie: admin.cookie })).status).toBe(200);
    expect((await t.request('GET', adminUrl, { cookie: team.cookies.manager })).status).toBe(403);
    // …and nothing else of the farm through the request.
    const supply = await uploadPhoto<StoredFile>(t, team.base, team.cookies.owner, { kind: 'supply' });
    const other = `/api/admin/support/requests/${res.body.id}/files/${supply.body.id}`;
    expect((await t.request('GET', other, { cookie: admin.cookie })).status).toBe(404);
  });

  it('sees only their own requests', async () => {
    const mine = await ask(team.cookies.worker);
    const theirs = await ask(team.cookies.viewer);
    const list = await t.request<{ items: { id: string }[] }>('GET', '/api/support/requests', {
      cookie: team.cookies.worker,
    });
    expect(list.status).toBe(200);
    const ids = list.body.items.map((r) => r.id);
    expect(ids).toContain(mine.body.id);
    expect(ids).not.toContain(theirs.body.id);
    const other = await t.request<Refusal>('GET', `/api/support/requests/${theirs.body.id}`, {
      cookie: team.cookies.worker,
    });
    expect(other.status).toBe(404);
    const reply = await t.request('POST', `/api/support/requests/${theirs.body.id}/messages`, {
      cookie: team.cookies.worker,
      body: { id: newId(), body: 'Me too' },
    });
    expect(reply.status).toBe(404);
    expect((await t.request('GET', '/api/support/requests')).status).toBe(401);
  });

  it('refuses a farm, an order or a photo that is not the person’s, in plain words', async () => {
    const stranger = await ask(team.cookies.stranger, { farm_id: team.farm.id });
    expect(stranger.status).toBe(400);
    expect((stranger.body as unknown as Refusal).error.fields).toEqual({
      farm_id: 'Choose one of your farms',
    });
    const order = await ask(team.cookies.stranger, { about: { kind: 'order', id: newId() } });
    expect((order.body as unknown as Refusal).error.fields).toEqual({ about: 'Choose one of your orders' });
    const photo = await uploadPhoto<StoredFile>(t, team.base, team.cookies.owner, { kind: 'support' });
    const someoneElses = await ask(team.cookies.manager, {
      farm_id: team.farm.id,
      attachment_ids: [photo.body.id],
    });
    expect((someoneElses.body as unknown as Refusal).error.fields).toEqual({
      attachment_ids: 'A photo could not be found. Add it again.',
    });
    const bad = await t.request<Refusal>('POST', '/api/support/requests', {
      cookie: team.cookies.owner,
      body: { topic: 'weather', description: 'short' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({
      topic: 'Choose what it is about',
      description: 'Tell us a little more (at least 10 characters)',
    });
  });

  it('marks a Pro farm’s request priority with its 1-working-day target, a Free one 3', async () => {
    const free = await ask(team.cookies.owner, { farm_id: team.farm.id });
    const proTeam = await seedFarmTeam(t);
    await t.db.insert(farm_subscriptions).values({
      farm_id: proTeam.farm.id,
      state: 'active',
      method: 'one_year',
      period_end: new Date(t.deps.now() + 365 * DAY * 1000),
    });
    const pro = await ask(proTeam.cookies.owner, { farm_id: proTeam.farm.id });
    expect(pro.body.priority).toBe(true);
    expect(free.body.priority).toBe(false);
    const days = (r: SupportRequest) =>
      (Date.parse(r.reply_due_at) - Date.parse(r.created_at)) / (DAY * 1000);
    expect(days(pro.body)).toBeGreaterThanOrEqual(1);
    expect(days(pro.body)).toBeLessThanOrEqual(3);
    expect(days(free.body)).toBeGreaterThanOrEqual(3);
    expect(days(free.body)).toBeLessThanOrEqual(5);
    // The queue puts the priority request before the older free one.
    const queue = await t.request<AdminPage>('GET', '/api/admin/support/requests?limit=100', {
      cookie: admin.cookie,
    });
    const order = queue.body.items.map((r) => r.id);
    expect(order.indexOf(pro.body.id)).toBeLessThan(order.indexOf(free.body.id));
  });
});

describe('the thread', () => {
  it('tells the person of a reply once (in the app, by push and mail), however often it is sent', async () => {
    const req = await ask(team.cookies.owner);
    const replyId = newId();
    const first = await answer(req.body.id, { id: replyId });
    const again = await answer(req.body.id, { id: replyId });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.entries.filter((e) => e.id === replyId)).toHaveLength(1);
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.user_id, team.users.owner.id), eq(notifications.kind, 'support_reply')));
    const forThis = told.filter((n) => (n.params as { request_id: string }).request_id === req.body.id);
    expect(forThis).toHaveLength(1);
    expect(forThis[0]?.link).toBe(`/dashboard/support/${req.body.id}`);
    const channels = await t.db
      .select({ channel: notification_deliveries.channel })
      .from(notification_deliveries)
      .where(eq(notification_deliveries.notification_id, forThis[0]!.id));
    expect(channels.map((c) => c.channel)).toContain('email');
    const mine = await t.request<SupportRequest>('GET', `/api/support/requests/${req.body.id}`, {
      cookie: team.cookies.owner,
    });
    expect(mine.body.state).toBe('waiting');
    expect(mine.body.messages.map((m) => m.from)).toEqual(['person', 'support']);
    expect(mine.body.messages[1]?.author_name).toBe('Gona support');
    expect(mine.body.last_reply_at).not.toBeNull();
  });

  it('never answers support’s internal notes to the person, and a note tells nobody', async () => {
    const req = await ask(team.cookies.owner);
    const note = await answer(req.body.id, {
      body: 'Their phone is a Tecno Spark, old Chrome.',
      internal: true,
    });
    expect(note.body.entries.find((e) => e.internal)?.author_name).toBe('Ada Okafor');
    expect(note.body.state).toBe('open');
    const mine = await t.request('GET', `/api/support/requests/${req.body.id}`, {
      cookie: team.cookies.owner,
    });
    expect(mine.text).not.toContain('Tecno Spark');
    const list = await t.request('GET', '/api/support/requests?limit=100', { cookie: team.cookies.owner });
    expect(list.text).not.toContain('Tecno Spark');
    const told = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.user_id, team.users.owner.id));
    expect(told.filter((n) => (n.params as { request_id?: string }).request_id === req.body.id)).toHaveLength(
      0,
    );
  });

  it('keeps a reply sent twice (written offline, sent again) once, and it reopens the request', async () => {
    const req = await ask(team.cookies.owner);
    await answer(req.body.id);
    const id = newId();
    const body = { id, body: 'It still fails after the update.' };
    const [a, b] = await Promise.all([
      t.request<SupportRequest>('POST', `/api/support/requests/${req.body.id}/messages`, {
        cookie: team.cookies.owner,
        body,
      }),
      t.request<SupportRequest>('POST', `/api/support/requests/${req.body.id}/messages`, {
        cookie: team.cookies.owner,
        body,
      }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const thread = await t.request<SupportRequest>('GET', `/api/support/requests/${req.body.id}`, {
      cookie: team.cookies.owner,
    });
    expect(thread.body.messages.filter((m) => m.id === id)).toHaveLength(1);
    expect(thread.body.state).toBe('open');
    // The same id in another request is someone else's reply.
    const other = await ask(team.cookies.owner);
    const clash = await t.request('POST', `/api/support/requests/${other.body.id}/messages`, {
      cookie: team.cookies.owner,
      body,
    });
    expect(clash.status).toBe(409);
  });

  it('reopens a solved request on a reply within 7 days; after that it is closed', async () => {
    const req = await ask(team.cookies.owner);
    const solved = await answer(req.body.id, { solve: true });
    expect(solved.body.state).toBe('solved');
    t.clock.advance(6 * DAY);
    const reply = (text: string) =>
      t.request<SupportRequest>('POST', `/api/support/requests/${req.body.id}/messages`, {
        cookie: team.cookies.owner,
        body: { id: newId(), body: text },
      });
    const within = await reply('Sorry, it happened again.');
    expect(within.status).toBe(200);
    expect(within.body.state).toBe('open');
    await answer(req.body.id, { solve: true });
    t.clock.advance(7 * DAY + 60);
    const late = await t.request<SupportRequest>('GET', `/api/support/requests/${req.body.id}`, {
      cookie: team.cookies.owner,
    });
    expect(late.body).toMatchObject({ state: 'closed', can_reply: false });
    const refused = await reply('And again.');
    expect(refused.status).toBe(409);
    expect((refused.body as unknown as Refusal).error.message).toMatch(/Start a new request/);
    const closedQueue = await t.request<AdminPage>(
      'GET',
      '/api/admin/support/requests?state=closed&limit=100',
      {
        cookie: admin.cookie,
      },
    );
    expect(closedQueue.body.items.map((r) => r.id)).toContain(req.body.id);
  });
});

describe('the back office', () => {
  it('is for Gona’s staff only', async () => {
    for (const path of ['/api/admin/support/requests', '/api/admin/support/saved-replies']) {
      expect((await t.request('GET', path)).status).toBe(401);
      expect((await t.request('GET', path, { cookie: team.cookies.owner })).status).toBe(403);
    }
  });

  it('filters, searches, assigns and sets the state, each change audited under the admin’s name', async () => {
    const person = await seedUser(t, { first_name: 'Chidinma' });
    const req = await ask(person.cookie, {
      topic: 'billing',
      description: 'I paid for Pro twice this month by transfer.',
    });
    const get = (query: string) =>
      t.request<AdminPage>('GET', `/api/admin/support/requests?limit=100&${query}`, { cookie: admin.cookie });
    expect((await get('topic=billing&waiting_for_support=true')).body.items.map((r) => r.id)).toContain(
      req.body.id,
    );
    expect((await get('topic=account')).body.items.map((r) => r.id)).not.toContain(req.body.id);
    expect((await get('q=chidinma')).body.items.map((r) => r.id)).toContain(req.body.id);
    expect((await get('q=paid%20for%20pro%20twice')).body.items.map((r) => r.id)).toContain(req.body.id);
    expect((await get('mine=true')).body.items.map((r) => r.id)).not.toContain(req.body.id);

    const assigned = await t.request<AdminSupportRequest>(
      'PATCH',
      `/api/admin/support/requests/${req.body.id}`,
      {
        cookie: admin.cookie,
        body: { version: req.body.version, assigned_to: admin.user.id },
      },
    );
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({ assigned_to_me: true, assigned_to_name: 'Ada Okafor' });
    expect((await get('mine=true')).body.items.map((r) => r.id)).toContain(req.body.id);
    const stale = await t.request('PATCH', `/api/admin/support/requests/${req.body.id}`, {
      cookie: otherAdmin.cookie,
      body: { version: req.body.version, state: 'closed' },
    });
    expect(stale.status).toBe(409);
    const notStaff = await t.request<Refusal>('PATCH', `/api/admin/support/requests/${req.body.id}`, {
      cookie: admin.cookie,
      body: { version: assigned.body.version, assigned_to: person.user.id },
    });
    expect(notStaff.status).toBe(400);
    expect(notStaff.body.error.fields).toEqual({ assigned_to: 'Choose one of Gona’s staff' });

    await answer(req.body.id, { body: 'Checking with Paystack.', internal: true });
    const rows = await t.db.select().from(audit_logs).where(eq(audit_logs.user_id, admin.user.id));
    const tables = rows.map((r) => `${r.table_name} ${r.action}`);
    expect(tables).toContain('support_requests update');
    expect(tables).toContain('support_messages insert');
  });

  it('shows the person’s farm, plan, recent orders and the dispute of the order the request is about', async () => {
    const seller = await seedFarmTeam(t);
    const { orderId, disputeId } = await seedDisputedOrder(t, seller.farm.id, team.users.stranger.id);
    const req = await ask(team.cookies.stranger, {
      topic: 'marketplace_order',
      about: { kind: 'order', id: orderId },
      description: 'My maize has not come after a week.',
    });
    expect(req.status).toBe(201);
    const view = await t.request<AdminSupportRequest>('GET', `/api/admin/support/requests/${req.body.id}`, {
      cookie: admin.cookie,
    });
    expect(view.body.about).toEqual({ kind: 'order', id: orderId });
    expect(view.body.recent_orders).toContainEqual(expect.objectContaining({ id: orderId, side: 'bought' }));
    expect(view.body.disputes).toContainEqual(
      expect.objectContaining({ id: disputeId, order_id: orderId, about_this_request: true }),
    );
    expect(view.body).toMatchObject({ farm_id: null, plan: null, person_name: 'Amaka Okafor' });
  });

  it('keeps saved replies for the team', async () => {
    const created = await t.request<{ id: string }>('POST', '/api/admin/support/saved-replies', {
      cookie: admin.cookie,
      body: { title: 'Update the app', body: 'Close Gona and open it again to get the newest version.' },
    });
    expect(created.status).toBe(201);
    const list = await t.request<{ items: { id: string }[] }>('GET', '/api/admin/support/saved-replies', {
      cookie: otherAdmin.cookie,
    });
    expect(list.body.items.map((r) => r.id)).toContain(created.body.id);
    const bad = await t.request<Refusal>('POST', '/api/admin/support/saved-replies', {
      cookie: admin.cookie,
      body: { title: '', body: '' },
    });
    expect(bad.body.error.fields).toEqual({ title: 'Give the reply a short name', body: 'Write the reply' });
    expect(
      (
        await t.request('DELETE', `/api/admin/support/saved-replies/${created.body.id}`, {
          cookie: admin.cookie,
        })
      ).status,
    ).toBe(204);
  });
});

describe('the public contact form', () => {
  const post = (email: string, subject: string) =>
    t.request<{ id: string }>('POST', '/api/contact', {
      body: { name: 'Bola Ade', email, subject, message: 'How do I add my second pond to Gona?' },
      headers: { origin: TEST_BASE_URL },
    });

  it('becomes a request on the account whose address it names, which the person reads in the app', async () => {
    const person = await seedUser(t, { first_name: 'Bola' });
    const res = await post(person.email.toUpperCase(), 'Second pond');
    expect(res.status).toBe(201);
    const [request] = await t.db
      .select()
      .from(support_requests)
      .where(eq(support_requests.contact_message_id, res.body.id));
    expect(request).toMatchObject({ user_id: person.user.id, source: 'contact', state: 'open' });
    const list = await t.request<{ items: { id: string }[] }>('GET', '/api/support/requests', {
      cookie: person.cookie,
    });
    expect(list.body.items.map((r) => r.id)).toContain(request!.id);
  });

  it('from an address with no account, is answered by mail', async () => {
    const email = t.uniqueEmail('no-account');
    const res = await post(email, 'Pond question');
    const [request] = await t.db
      .select()
      .from(support_requests)
      .where(eq(support_requests.contact_message_id, res.body.id));
    expect(request?.user_id).toBeNull();
    const replied = await answer(request!.id, { body: 'Open Farms and choose Add a pond.' });
    expect(replied.body.by_mail).toBe(true);
    const mail = (await t.outbox()).find((m) => m.to === email);
    expect(mail?.subject).toBe('Re: Pond question');
    expect(mail?.text).toContain('Open Farms and choose Add a pond.');
    expect(await t.db.$count(contact_messages, eq(contact_messages.id, res.body.id))).toBe(1);
  });
});
