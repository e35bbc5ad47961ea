import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ErrorBody, Farm, Page } from '@gona/shared';
import type { Invitation, InvitationPreview } from '@gona/shared/members';
import { audit_logs, farm_memberships, invitations } from '../../db/schema/index';
import { createTestContext } from '../../test/context';
import { INVITATION_MAIL_LIMIT } from './invitations.service';
import { seedFarmTeam, seedUser, type FarmTeam } from '../../test/farm-team';

const t = await createTestContext();

const DAY = 24 * 60 * 60;

/** Invites `email` as `role` and answers the invitation and the secret of the link mailed for it. */
async function invite(team: FarmTeam, email: string, role = 'worker', cookie = team.cookies.owner) {
  const res = await t.request<Invitation>('POST', `${team.base}/invitations`, {
    cookie,
    body: { email, role },
  });
  expect(res.status, res.text).toBe(201);
  return { invitation: res.body, token: await mailedToken(email) };
}

/** The secret of the newest invitation link mailed to `email`. */
async function mailedToken(email: string): Promise<string> {
  const mail = (await t.outbox()).filter((m) => m.to === email).at(-1);
  const match = /\/invite\/([\w-]+)$/.exec(mail?.link ?? '');
  if (!match?.[1]) throw new Error(`no invitation mailed to ${email}`);
  return match[1];
}

const preview = (token: string) =>
  t.request<InvitationPreview & ErrorBody>('GET', `/api/invitations/${token}`);

const accept = (token: string, cookie: string) =>
  t.request<Farm & ErrorBody>('POST', '/api/invitations/accept', { cookie, body: { token } });

describe('inviting someone', () => {
  it('mails a link valid for 7 days, keeping only a hash of its secret; audited', async () => {
    const team = await seedFarmTeam(t);
    const email = t.uniqueEmail('ada');
    const { invitation, token } = await invite(team, email, 'worker', team.cookies.manager);
    expect(invitation).toMatchObject({
      email,
      role: 'worker',
      status: 'pending',
      invited_by_name: 'manager Okafor',
    });
    expect(Date.parse(invitation.expires_at) - t.deps.now()).toBe(7 * DAY * 1000);

    const mail = (await t.outbox()).filter((m) => m.to === email).at(-1)!;
    expect(mail.subject).toBe('manager Okafor invited you to Green Acres on Gona');
    expect(mail.text).toContain('as a worker');
    expect(mail.text).toContain('The link works for 7 days, once.');
    expect(mail.link).toBe(`${t.deps.config.baseUrl}/invite/${token}`);

    const [row] = await t.db.select().from(invitations).where(eq(invitations.id, invitation.id));
    expect(row!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    const [audit] = await t.db.select().from(audit_logs).where(eq(audit_logs.record_id, invitation.id));
    expect(audit).toMatchObject({
      table_name: 'invitations',
      action: 'insert',
      changes: { email, role: 'worker' },
    });
  });

  it('refuses someone who is already a member, an owner role and a bad address, next to the field', async () => {
    const team = await seedFarmTeam(t);
    const member = await t.request<ErrorBody>('POST', `${team.base}/invitations`, {
      cookie: team.cookies.owner,
      body: { email: team.users.worker.email.toUpperCase(), role: 'viewer' },
    });
    expect(member.status).toBe(409);
    expect(member.body.error.fields).toEqual({ email: 'This person is already a member of this farm' });
    const bad = await t.request<ErrorBody>('POST', `${team.base}/invitations`, {
      cookie: team.cookies.owner,
      body: { email: 'not an address', role: 'owner' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({
      email: 'Enter a valid email address, like ada@example.com',
      role: 'Choose manager, worker or viewer',
    });
  });

  it('inviting the same address again replaces the open invitation: one row, the old link dead', async () => {
    const team = await seedFarmTeam(t);
    const email = t.uniqueEmail('ada');
    const first = await invite(team, email, 'viewer');
    const second = await invite(team, email, 'manager');
    expect(second.invitation.id).toBe(first.invitation.id);
    expect(second.invitation.role).toBe('manager');
    expect((await preview(first.token)).status).toBe(404);
    expect((await preview(second.token)).body).toMatchObject({ role: 'manager', status: 'pending' });
    const list = await t.request<Page<Invitation>>('GET', `${team.base}/invitations`, {
      cookie: team.cookies.owner,
    });
    expect(list.body.items.filter((i) => i.email === email)).toHaveLength(1);
  });
});

describe('the invitation link', () => {
  it('tells anyone holding it the farm, the role and who sent it, without a session', async () => {
    const team = await seedFarmTeam(t);
    const email = t.uniqueEmail('ada');
    const { invitation, token } = await invite(team, email, 'viewer');
    const res = await preview(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: invitation.id,
      farm_id: team.farm.id,
      farm_name: 'Green Acres',
      role: 'viewer',
      email,
      invited_by_name: 'Amaka Okafor',
      status: 'pending',
      expires_at: invitation.expires_at,
    });
    const unknown = await preview('a-link-nobody-sent');
    expect([unknown.status, unknown.body.error.message]).toEqual([
      404,
      'This invitation link is not valid. Ask the farm for a new invitation.',
    ]);
    expect((await preview('bad%20token')).status).toBe(400);
  });

  it('lets the invited address join with the role; a second tap answers the farm again; audited', async () => {
    const team = await seedFarmTeam(t);
    const ada = await seedUser(t, { first_name: 'Ada' });
    const { token } = await invite(team, ada.email, 'worker');
    const joined = await accept(token, ada.cookie);
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ id: team.farm.id, name: 'Green Acres', role: 'worker' });
    expect((await accept(token, ada.cookie)).status).toBe(200);
    const memberships = await t.db
      .select()
      .from(farm_memberships)
      .where(and(eq(farm_memberships.farm_id, team.farm.id), eq(farm_memberships.user_id, ada.user.id)));
    expect(memberships).toMatchObject([{ role: 'worker' }]);
    expect((await t.request('GET', team.base, { cookie: ada.cookie })).status).toBe(200);
    expect((await preview(token)).body.status).toBe('accepted');
    const audit = await t.db
      .select()
      .from(audit_logs)
      .where(and(eq(audit_logs.farm_id, team.farm.id), eq(audit_logs.user_id, ada.user.id)));
    expect(audit.map((row) => [row.table_name, row.action])).toEqual(
      expect.arrayContaining([
        ['invitations', 'update'],
        ['farm_memberships', 'insert'],
      ]),
    );
  });

  it('is for the address it was sent to: someone signed in with another says which address to use', async () => {
    const team = await seedFarmTeam(t);
    const email = t.uniqueEmail('ada');
    const { token } = await invite(team, email);
    const res = await accept(token, team.cookies.stranger);
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(
      `This invitation was sent to ${email}. Sign in with that email address to accept it.`,
    );
    expect((await t.request('GET', team.base, { cookie: team.cookies.stranger })).status).toBe(404);
  });

  it('has used itself up once accepted', async () => {
    const team = await seedFarmTeam(t);
    const ada = await seedUser(t, { first_name: 'Ada' });
    const { token } = await invite(team, ada.email);
    expect((await accept(token, ada.cookie)).status).toBe(200);
    // Ada leaves; the same link does not bring her back.
    expect((await t.request('POST', `${team.base}/leave`, { cookie: ada.cookie })).status).toBe(204);
    const again = await accept(token, ada.cookie);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(
      'This invitation has already been used. Sign in with the account that accepted it.',
    );
  });

  it('expires after 7 days, with words that say so', async () => {
    const team = await seedFarmTeam(t);
    const ada = await seedUser(t, { first_name: 'Ada' });
    const { token } = await invite(team, ada.email);
    t.clock.advance(7 * DAY - 1);
    expect((await preview(token)).body.status).toBe('pending');
    t.clock.advance(1);
    expect((await preview(token)).body.status).toBe('expired');
    const res = await accept(token, ada.cookie);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(
      'This invitation has expired (links work for 7 days). Ask Green Acres to send a new one.',
    );
    const list = await t.request<Page<Invitation>>('GET', `${team.base}/invitations`, {
      cookie: team.cookies.owner,
    });
    expect(list.body.items.find((i) => i.email === ada.email)?.status).toBe('expired');
  });

  it('is refused without a session (401) and with a malformed body (400)', async () => {
    expect((await t.request('POST', '/api/invitations/accept', { body: { token: 'abc' } })).status).toBe(401);
    const { cookie } = await seedUser(t);
    const bad = await t.request<ErrorBody>('POST', '/api/invitations/accept', {
      cookie,
      body: { token: '' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('token');
  });
});

describe('the invitation mail limit', () => {
  it(`lets one person send ${INVITATION_MAIL_LIMIT.max} invitation mails an hour, resends included`, async () => {
    const team = await seedFarmTeam(t);
    const first = await invite(team, t.uniqueEmail('ada'));
    for (let i = 1; i < INVITATION_MAIL_LIMIT.max; i++) {
      const res = await t.request('POST', `${team.base}/invitations/${first.invitation.id}/resend`, {
        cookie: team.cookies.owner,
      });
      expect(res.status).toBe(200);
    }
    const refused = await t.request<ErrorBody>('POST', `${team.base}/invitations`, {
      cookie: team.cookies.owner,
      body: { email: t.uniqueEmail('bola'), role: 'viewer' },
    });
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe(
      'You have sent 30 invitations in the last hour. Please wait a while before sending more.',
    );
    // Another manager of the farm has their own allowance; the hour passes for the owner.
    expect(
      (await invite(team, t.uniqueEmail('chidi'), 'viewer', team.cookies.manager)).invitation.status,
    ).toBe('pending');
    t.clock.advance(INVITATION_MAIL_LIMIT.window);
    expect((await invite(team, t.uniqueEmail('bola'))).invitation.status).toBe('pending');
  });
});

describe('resending and withdrawing', () => {
  it('resend mails a new link with 7 more days; the old link stops working', async () => {
    const team = await seedFarmTeam(t);
    const ada = await seedUser(t, { first_name: 'Ada' });
    const { invitation, token: old } = await invite(team, ada.email);
    t.clock.advance(6 * DAY);
    const res = await t.request<Invitation>('POST', `${team.base}/invitations/${invitation.id}/resend`, {
      cookie: team.cookies.manager,
    });
    expect(res.status).toBe(200);
    expect(Date.parse(res.body.expires_at) - t.deps.now()).toBe(7 * DAY * 1000);
    const fresh = await mailedToken(ada.email);
    expect(fresh).not.toBe(old);
    expect((await preview(old)).status).toBe(404);
    expect((await accept(old, ada.cookie)).status).toBe(404);
    expect((await accept(fresh, ada.cookie)).status).toBe(200);
  });

  it('revoke withdraws the link at once; a withdrawn or used invitation cannot be resent or withdrawn again', async () => {
    const team = await seedFarmTeam(t);
    const ada = await seedUser(t, { first_name: 'Ada' });
    const { invitation, token } = await invite(team, ada.email);
    const revoked = await t.request<Invitation>('POST', `${team.base}/invitations/${invitation.id}/revoke`, {
      cookie: team.cookies.owner,
    });
    expect([revoked.status, revoked.body.status]).toEqual([200, 'revoked']);
    expect((await preview(token)).body.status).toBe('revoked');
    const res = await accept(token, ada.cookie);
    expect([res.status, res.body.error.message]).toEqual([
      409,
      'This invitation was withdrawn by Green Acres. Ask them if you should have a new one.',
    ]);
    for (const action of ['resend', 'revoke']) {
      const again = await t.request<ErrorBody>(
        'POST',
        `${team.base}/invitations/${invitation.id}/${action}`,
        {
          cookie: team.cookies.owner,
        },
      );
      expect(again.status).toBe(409);
    }
    const list = await t.request<Page<Invitation>>('GET', `${team.base}/invitations`, {
      cookie: team.cookies.owner,
    });
    expect(list.body.items.map((i) => i.id)).not.toContain(invitation.id);
    const audit = await t.db.select().from(audit_logs).where(eq(audit_logs.record_id, invitation.id));
    expect(audit.map((row) => row.changes)).toContainEqual({
      email: ada.email,
      role: 'worker',
      revoked: { from: false, to: true },
    });
  });

  it("another farm's invitation is not found (404)", async () => {
    const team = await seedFarmTeam(t);
    const other = await seedFarmTeam(t);
    const { invitation } = await invite(other, t.uniqueEmail('ada'));
    for (const action of ['resend', 'revoke']) {
      const res = await t.request('POST', `${team.base}/invitations/${invitation.id}/${action}`, {
        cookie: team.cookies.owner,
      });
      expect(res.status).toBe(404);
    }
  });
});

describe('your own invitations', () => {
  it('lists open invitations to your address and accepts one by id; not someone else’s', async () => {
    const team = await seedFarmTeam(t);
    const ada = await seedUser(t, { first_name: 'Ada' });
    const { invitation } = await invite(team, ada.email, 'viewer');
    await invite(team, t.uniqueEmail('someone'));
    const mine = await t.request<{ items: InvitationPreview[] }>('GET', '/api/invitations', {
      cookie: ada.cookie,
    });
    expect(mine.body.items).toEqual([
      expect.objectContaining({ id: invitation.id, farm_name: 'Green Acres', role: 'viewer' }),
    ]);

    const byStranger = await t.request('POST', `/api/invitations/${invitation.id}/accept`, {
      cookie: team.cookies.stranger,
    });
    expect(byStranger.status).toBe(404);
    const joined = await t.request<Farm>('POST', `/api/invitations/${invitation.id}/accept`, {
      cookie: ada.cookie,
    });
    expect([joined.status, joined.body.role]).toEqual([200, 'viewer']);
    expect(
      (await t.request<{ items: unknown[] }>('GET', '/api/invitations', { cookie: ada.cookie })).body.items,
    ).toEqual([]);
  });

  it('leaves out expired invitations, and needs a session', async () => {
    const team = await seedFarmTeam(t);
    const ada = await seedUser(t, { first_name: 'Ada' });
    await invite(team, ada.email);
    t.clock.advance(8 * DAY);
    const mine = await t.request<{ items: unknown[] }>('GET', '/api/invitations', { cookie: ada.cookie });
    expect(mine.body.items).toEqual([]);
    expect((await t.request('GET', '/api/invitations')).status).toBe(401);
  });
});
