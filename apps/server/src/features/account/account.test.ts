import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ErrorBody, Me } from '@gona/shared';
import type { AccountExport, AccountSession } from '@gona/shared/account';
import {
  audit_logs,
  farm_memberships,
  farms,
  files,
  invitations,
  sessions,
  users,
} from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { TEST_PASSWORD, createTestContext } from '../../test/context';
import { seedFarmTeam, seedUser } from '../../test/farm-team';
import { uploadPhoto } from '../../test/photos';

const t = await createTestContext();

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 13; TECNO KI5q) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0';

/** Signs in over HTTP from a browser with `userAgent`, answering that device's cookie. */
async function signInFrom(email: string, userAgent: string): Promise<string> {
  const res = await t.request('POST', '/api/auth/sign-in/email', {
    body: { email, password: TEST_PASSWORD },
    headers: { 'user-agent': userAgent },
  });
  expect(res.status, res.text).toBe(200);
  return res.cookie;
}

const me = (cookie: string) => t.request<Me>('GET', '/api/me', { cookie });

describe('Settings › Profile', () => {
  const profile = { first_name: 'Ngozi', last_name: 'Eze', phone: '0803 555 1234', language: 'en' };

  it('saves the name, the phone in +234 form and the language; audited', async () => {
    const { cookie, user } = await seedUser(t);
    const res = await t.request<Me>('PUT', '/api/account/profile', { cookie, body: profile });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      first_name: 'Ngozi',
      last_name: 'Eze',
      phone: '+2348035551234',
      language: 'en',
    });
    expect((await me(cookie)).body).toMatchObject({ first_name: 'Ngozi', phone: '+2348035551234' });
    const [row] = await t.db.select({ name: users.name }).from(users).where(eq(users.id, user.id));
    expect(row?.name).toBe('Ngozi Eze');
    const [audit] = await t.db
      .select()
      .from(audit_logs)
      .where(and(eq(audit_logs.table_name, 'users'), eq(audit_logs.record_id, user.id)));
    expect(audit).toMatchObject({
      action: 'update',
      user_id: user.id,
      farm_id: null,
      changes: {
        first_name: { from: 'Amaka', to: 'Ngozi' },
        phone: { from: '0803 123 4567', to: '+2348035551234' },
      },
    });
  });

  it('accepts +234 and 234 forms alike, and a blank phone as none', async () => {
    const { cookie } = await seedUser(t);
    for (const [phone, stored] of [
      ['+234 803 555 1234', '+2348035551234'],
      ['2349035551234', '+2349035551234'],
      ['', null],
    ] as const) {
      const res = await t.request<Me>('PUT', '/api/account/profile', { cookie, body: { ...profile, phone } });
      expect([res.status, res.body.phone]).toEqual([200, stored]);
    }
  });

  it('refuses a phone that is not Nigerian, a language Gona does not speak and a blank name, next to each field', async () => {
    const { cookie } = await seedUser(t);
    const res = await t.request<ErrorBody>('PUT', '/api/account/profile', {
      cookie,
      body: { first_name: ' ', last_name: 'Eze', phone: '+44 20 7946 0958', language: 'de' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      first_name: 'Enter your first name',
      phone: 'Enter a Nigerian phone number, like 0803 123 4567',
      language: 'Choose English, Hausa, Yoruba, Igbo, Pidgin or French',
    });
    expect((await t.request('PUT', '/api/account/profile', { body: profile })).status).toBe(401);
  });
});

describe('the language, kept on the account', () => {
  it('is chosen on one phone and followed by another device after sign-in; audited', async () => {
    const { email, user } = await seedUser(t, { password: TEST_PASSWORD });
    const phone = await signInFrom(email, ANDROID_CHROME);
    const res = await t.request<Me>('PATCH', '/api/account/language', {
      cookie: phone,
      body: { language: 'ha' },
    });
    expect([res.status, res.body.language]).toEqual([200, 'ha']);
    const laptop = await signInFrom(email, WINDOWS_FIREFOX);
    expect((await me(laptop)).body.language).toBe('ha');
    expect((await me(phone)).body.language).toBe('ha');
    const [audit] = await t.db
      .select()
      .from(audit_logs)
      .where(and(eq(audit_logs.table_name, 'users'), eq(audit_logs.record_id, user.id)));
    expect(audit?.changes).toEqual({ language: { from: 'en', to: 'ha' } });
  });

  it('takes each of the six languages', async () => {
    const { cookie } = await seedUser(t);
    for (const language of ['en', 'ha', 'yo', 'ig', 'pcm', 'fr']) {
      const res = await t.request<Me>('PATCH', '/api/account/language', { cookie, body: { language } });
      expect([res.status, res.body.language]).toEqual([200, language]);
    }
  });

  it('refuses a language Gona does not speak, anything else, and no session', async () => {
    const { cookie } = await seedUser(t);
    const wrong = await t.request<ErrorBody>('PATCH', '/api/account/language', {
      cookie,
      body: { language: 'de' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toEqual({
      language: 'Choose English, Hausa, Yoruba, Igbo, Pidgin or French',
    });
    const extra = await t.request('PATCH', '/api/account/language', {
      cookie,
      body: { language: 'fr', first_name: 'X' },
    });
    expect(extra.status).toBe(400);
    expect((await me(cookie)).body.language).toBe('en');
    expect((await t.request('PATCH', '/api/account/language', { body: { language: 'fr' } })).status).toBe(
      401,
    );
  });
});

describe('signed-in devices', () => {
  it('lists each device with its browser and system, this one marked, and never a token', async () => {
    const { email } = await seedUser(t, { password: TEST_PASSWORD });
    const phone = await signInFrom(email, ANDROID_CHROME);
    await signInFrom(email, WINDOWS_FIREFOX);
    const res = await t.request<{ items: AccountSession[] }>('GET', '/api/account/sessions', {
      cookie: phone,
    });
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(3);
    const current = res.body.items.filter((s) => s.current);
    expect(current).toEqual([
      expect.objectContaining({ browser: 'Chrome', os: 'Android', device: 'phone', current: true }),
    ]);
    expect(res.body.items).toContainEqual(
      expect.objectContaining({ browser: 'Firefox', os: 'Windows', device: 'computer', current: false }),
    );
    const tokens = (await t.db.select({ token: sessions.token }).from(sessions)).map((s) => s.token);
    expect(tokens.some((token) => res.text.includes(token))).toBe(false);
    expect(res.text).not.toContain('token');

    // The auth library's own list answers the tokens: it is switched off.
    const library = await t.request('GET', '/api/auth/list-sessions', { cookie: phone });
    expect(library.status).toBe(404);
    expect(tokens.some((token) => library.text.includes(token))).toBe(false);
  });

  it('signs one device out; its next request is refused; another account’s device is not found', async () => {
    const { email } = await seedUser(t, { password: TEST_PASSWORD });
    const phone = await signInFrom(email, ANDROID_CHROME);
    const laptop = await signInFrom(email, WINDOWS_FIREFOX);
    const list = await t.request<{ items: AccountSession[] }>('GET', '/api/account/sessions', {
      cookie: phone,
    });
    const laptopSession = list.body.items.find((s) => s.browser === 'Firefox')!;
    const stranger = await seedUser(t);
    const notYours = await t.request('DELETE', `/api/account/sessions/${laptopSession.id}`, {
      cookie: stranger.cookie,
    });
    expect(notYours.status).toBe(404);
    expect((await me(laptop)).status).toBe(200);

    const res = await t.request('DELETE', `/api/account/sessions/${laptopSession.id}`, { cookie: phone });
    expect(res.status).toBe(204);
    expect((await me(laptop)).status).toBe(401);
    expect((await me(phone)).status).toBe(200);
    expect(
      (await t.request('DELETE', `/api/account/sessions/${laptopSession.id}`, { cookie: phone })).status,
    ).toBe(404);
    expect((await t.request('DELETE', '/api/account/sessions/not-an-id', { cookie: phone })).status).toBe(
      400,
    );
    expect((await t.request('GET', '/api/account/sessions')).status).toBe(401);
  });

  it('"sign out everywhere else" ends every other session and keeps this one', async () => {
    const { email } = await seedUser(t, { password: TEST_PASSWORD });
    const phone = await signInFrom(email, ANDROID_CHROME);
    const laptop = await signInFrom(email, WINDOWS_FIREFOX);
    const res = await t.request('POST', '/api/auth/revoke-other-sessions', { cookie: phone, body: {} });
    expect(res.status).toBe(200);
    expect((await me(laptop)).status).toBe(401);
    expect((await me(phone)).status).toBe(200);
    const list = await t.request<{ items: AccountSession[] }>('GET', '/api/account/sessions', {
      cookie: phone,
    });
    expect(list.body.items).toHaveLength(1);
  });
});

describe('changing the email address', () => {
  it('changes once confirmed from a link mailed to the new address, landing on Settings › Account', async () => {
    const { cookie, user } = await seedUser(t);
    const next = t.uniqueEmail('new');
    const res = await t.request('POST', '/api/auth/change-email', {
      cookie,
      body: { new_email: ` ${next.toUpperCase()} ` },
    });
    expect(res.status, res.text).toBe(200);
    expect((await me(cookie)).body.email).toBe(user.email);

    const mail = (await t.outbox()).filter((m) => m.to === next).at(-1);
    expect(mail?.subject).toBe('Confirm your new email for Gona');
    const link = new URL(mail!.link!);
    expect(link.searchParams.get('callbackURL')).toBe('/dashboard/settings/account?email=changed');
    const confirmed = await t.request('GET', link.pathname + link.search, { cookie });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get('location')).toBe('/dashboard/settings/account?email=changed');
    expect((await me(cookie)).body).toMatchObject({ email: next, email_verified: true });
  });

  it('says when the address is already yours, refuses a malformed one, and needs a session', async () => {
    const { cookie, email } = await seedUser(t);
    const same = await t.request<ErrorBody>('POST', '/api/auth/change-email', {
      cookie,
      body: { new_email: email },
    });
    expect(same.status).toBe(400);
    expect(same.body.error.fields).toEqual({ new_email: 'This is already your email address' });
    const bad = await t.request<ErrorBody>('POST', '/api/auth/change-email', {
      cookie,
      body: { new_email: 'ada@' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('new_email');
    expect(
      (await t.request('POST', '/api/auth/change-email', { body: { new_email: t.uniqueEmail() } })).status,
    ).toBe(401);
  });

  it('answers an address taken by another account the same way, and mails nobody', async () => {
    const { cookie } = await seedUser(t);
    const other = await seedUser(t);
    const before = (await t.outbox()).length;
    const res = await t.request('POST', '/api/auth/change-email', {
      cookie,
      body: { new_email: other.email },
    });
    expect(res.status).toBe(200);
    expect((await t.outbox()).length).toBe(before);
  });
});

describe('download my data', () => {
  it('holds the profile, memberships, owned farms with their records, invitations, activity and sessions without tokens', async () => {
    const team = await seedFarmTeam(t);
    const supply = await t.request<{ id: string }>('POST', `${team.base}/supplies`, {
      cookie: team.cookies.owner,
      body: { category: 'fuel', name: 'Diesel', unit: 'litre', quantity: '40', low_threshold: '5' },
    });
    await t.request('POST', `${team.base}/invitations`, {
      cookie: team.cookies.owner,
      body: { email: t.uniqueEmail('invited'), role: 'viewer' },
    });
    const res = await t.request<AccountExport>('GET', '/api/account/export', { cookie: team.cookies.owner });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="gona-my-data-\d{4}-\d\d-\d\d\.json"$/,
    );
    const data = res.body;
    expect(data.profile).toMatchObject({ id: team.users.owner.id, email: team.users.owner.email });
    expect(data.memberships).toEqual([expect.objectContaining({ farm_id: team.farm.id, role: 'owner' })]);
    expect(data.owned_farms).toHaveLength(1);
    const records = (data.owned_farms[0] as { records: Record<string, { id: string }[]> }).records;
    expect(records.supplies?.map((s) => s.id)).toEqual([supply.body.id]);
    expect(records.farm_memberships).toHaveLength(4);
    expect(records.invitations).toHaveLength(1);
    expect(data.activity.length).toBeGreaterThanOrEqual(2);
    expect(data.sessions).toHaveLength(1);
    expect(res.text).not.toContain('token');
    const [session] = await t.db.select().from(sessions).where(eq(sessions.user_id, team.users.owner.id));
    expect(res.text).not.toContain(session!.token);

    const worker = await t.request<AccountExport>('GET', '/api/account/export', {
      cookie: team.cookies.worker,
    });
    expect(worker.body.owned_farms).toEqual([]);
    expect(worker.body.memberships).toEqual([expect.objectContaining({ role: 'worker' })]);
    expect((await t.request('GET', '/api/account/export')).status).toBe(401);
  });
});

describe('deleting an account', () => {
  const remove = (cookie: string, email: string) =>
    t.request<ErrorBody>('POST', '/api/account/delete', { cookie, body: { email } });

  it('needs the account’s email typed exactly', async () => {
    const { cookie } = await seedUser(t);
    const res = await remove(cookie, 'someone@example.com');
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      email: 'Type the email address of this account exactly, to confirm',
    });
    expect((await remove('', 'x')).status).toBe(401);
    expect((await me(cookie)).status).toBe(200);
  });

  it('is refused while you are the only owner of a farm, naming each such farm', async () => {
    const team = await seedFarmTeam(t);
    await t.request('POST', '/api/farms', {
      cookie: team.cookies.owner,
      body: { name: 'Bende Fish Ponds', location: 'Bende', farm_type: 'fish' },
    });
    const res = await remove(team.cookies.owner, team.users.owner.email);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(
      'You are the only owner of Bende Fish Ponds and Green Acres. Transfer ownership to another member, or delete these farms, before you delete your account.',
    );
    expect((await me(team.cookies.owner)).status).toBe(200);
  });

  it('after the farm is handed over: the account, its sessions and memberships go; its audit rows stay without who it was', async () => {
    const team = await seedFarmTeam(t);
    const owner = team.users.owner;
    // History by the owner (about the worker, about themselves, about the manager) and about the owner (by the manager).
    await t.request('PATCH', `${team.base}/members/${team.users.worker.id}`, {
      cookie: team.cookies.owner,
      body: { role: 'viewer' },
    });
    await t.request('PUT', '/api/account/profile', {
      cookie: team.cookies.owner,
      body: { first_name: 'Amaka', last_name: 'Okafor', phone: '0803 999 0000', language: 'en' },
    });
    await t.request('PATCH', `${team.base}/members/${team.users.manager.id}`, {
      cookie: team.cookies.owner,
      body: { role: 'owner' },
    });
    const demoted = await t.request('PATCH', `${team.base}/members/${owner.id}`, {
      cookie: team.cookies.manager,
      body: { role: 'manager' },
    });
    expect(demoted.status).toBe(200);
    await t.db.insert(invitations).values({
      farm_id: team.farm.id,
      email: owner.email,
      role: 'viewer',
      token_hash: newId(),
      expires_at: new Date(Date.now() + 1000),
      revoked_at: new Date(),
    });
    const byOwner = await t.db.select().from(audit_logs).where(eq(audit_logs.user_id, owner.id));
    expect(byOwner).toHaveLength(3);

    const res = await remove(team.cookies.owner, ` ${owner.email.toUpperCase()} `);
    expect(res.status, res.text).toBe(204);
    expect(res.headers.get('set-cookie')).toMatch(/gona\.session_token=;.*Max-Age=0/);
    expect((await me(team.cookies.owner)).status).toBe(401);
    expect(await t.db.select().from(users).where(eq(users.id, owner.id))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.user_id, owner.id))).toEqual([]);
    expect(await t.db.select().from(farm_memberships).where(eq(farm_memberships.user_id, owner.id))).toEqual(
      [],
    );
    expect(await t.db.select().from(invitations).where(eq(invitations.email, owner.email))).toEqual([]);

    // The rows they wrote keep their ids and what happened, without them.
    for (const row of byOwner) {
      const [after] = await t.db.select().from(audit_logs).where(eq(audit_logs.id, row.id));
      expect(after, `audit row ${row.id}`).toMatchObject({ user_id: null, record_id: row.record_id });
    }
    // The row about them loses their name and id; the change itself stays.
    const [aboutOwner] = await t.db
      .select()
      .from(audit_logs)
      .where(
        and(
          eq(audit_logs.table_name, 'farm_memberships'),
          eq(audit_logs.user_id, team.users.manager.id),
          eq(audit_logs.farm_id, team.farm.id),
        ),
      );
    expect(aboutOwner).toMatchObject({
      user_id: team.users.manager.id,
      changes: { role: { from: 'owner', to: 'manager' } },
    });
    expect(aboutOwner!.changes).not.toHaveProperty('first_name');
    expect(aboutOwner!.changes).not.toHaveProperty('user_id');
    // The worker's row keeps the worker's name: only the deleted person is removed.
    const [workerRow] = await t.db
      .select()
      .from(audit_logs)
      .where(
        and(
          eq(audit_logs.farm_id, team.farm.id),
          sql`${audit_logs.changes}->>'user_id' = ${team.users.worker.id}`,
        ),
      );
    expect(workerRow?.changes).toMatchObject({
      first_name: 'worker',
      role: { from: 'worker', to: 'viewer' },
    });
    const everything = JSON.stringify(await t.db.select().from(audit_logs));
    expect(everything).not.toContain(owner.email);
    expect(everything).not.toContain('+2348039990000');
    expect(everything).not.toContain(`"user_id":"${owner.id}"`);
    // That a deletion happened is recorded, without who.
    const [deletion] = await t.db
      .select()
      .from(audit_logs)
      .where(
        and(
          eq(audit_logs.table_name, 'users'),
          eq(audit_logs.record_id, owner.id),
          eq(audit_logs.action, 'delete'),
        ),
      );
    expect(deletion).toMatchObject({ user_id: null, changes: {} });
  });

  it('a worker who added photos can go: the photos stay with the farm, without who added them', async () => {
    const team = await seedFarmTeam(t);
    const photo = await uploadPhoto(t, team.base, team.cookies.worker, { kind: 'task' });
    expect(photo.status, photo.text).toBe(201);
    const res = await remove(team.cookies.worker, team.users.worker.email);
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    const [kept] = await t.db.select().from(files).where(eq(files.id, photo.body.id));
    expect(kept).toMatchObject({ farm_id: team.farm.id, created_by: null, deleted_at: null });
  });

  it('a farm the person co-owns lives on, named to the other owner', async () => {
    const team = await seedFarmTeam(t);
    await t.request('PATCH', `${team.base}/members/${team.users.manager.id}`, {
      cookie: team.cookies.owner,
      body: { role: 'owner' },
    });
    const res = await remove(team.cookies.owner, team.users.owner.email);
    expect(res.status, res.text).toBe(204);
    const [farm] = await t.db.select().from(farms).where(eq(farms.id, team.farm.id));
    expect(farm?.owner_id).toBe(team.users.manager.id);
    expect((await t.request('GET', team.base, { cookie: team.cookies.worker })).status).toBe(200);
  });
});
