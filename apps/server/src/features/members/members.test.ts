import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ErrorBody, Farm, Page } from '@gona/shared';
import type { Member } from '@gona/shared/members';
import { audit_logs, farm_memberships, farms } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { TEST_PASSWORD, createTestContext } from '../../test/context';
import { seedFarmTeam, seedUser, type FarmTeam } from '../../test/farm-team';

const t = await createTestContext();

const ownersOf = async (farmId: string) =>
  (
    await t.db
      .select({ user_id: farm_memberships.user_id })
      .from(farm_memberships)
      .where(and(eq(farm_memberships.farm_id, farmId), eq(farm_memberships.role, 'owner')))
  ).map((row) => row.user_id);

const farmOwnerId = async (farmId: string) =>
  (await t.db.select({ owner_id: farms.owner_id }).from(farms).where(eq(farms.id, farmId)))[0]?.owner_id;

const membershipAudit = (farmId: string) =>
  t.db
    .select()
    .from(audit_logs)
    .where(and(eq(audit_logs.farm_id, farmId), eq(audit_logs.table_name, 'farm_memberships')));

/** The team's farm with a second owner (the manager, made an owner by the owner). */
async function twoOwners(): Promise<FarmTeam> {
  const team = await seedFarmTeam(t);
  const res = await t.request('PATCH', `${team.base}/members/${team.users.manager.id}`, {
    cookie: team.cookies.owner,
    body: { role: 'owner' },
  });
  expect(res.status, res.text).toBe(200);
  return team;
}

describe('the members list', () => {
  it('lists everyone who can sign in to the farm by name, with their role, marking you and the farm owner', async () => {
    const team = await seedFarmTeam(t);
    const res = await t.request<Page<Member>>('GET', `${team.base}/members`, {
      cookie: team.cookies.manager,
    });
    expect(res.status).toBe(200);
    const byId = Object.fromEntries(res.body.items.map((m) => [m.user_id, m]));
    expect(res.body.items).toHaveLength(4);
    expect(byId[team.users.owner.id]).toMatchObject({ role: 'owner', is_farm_owner: true, is_you: false });
    expect(byId[team.users.manager.id]).toMatchObject({
      role: 'manager',
      is_you: true,
      is_farm_owner: false,
      email: team.users.manager.email,
      first_name: 'manager',
    });
    expect(byId[team.users.stranger.id]).toBeUndefined();
    const names = res.body.items.map((m) => `${m.first_name} ${m.last_name}`);
    expect(names).toEqual([...names].sort());
  });

  it('pages with a cursor and refuses a made-up one', async () => {
    const team = await seedFarmTeam(t);
    const first = await t.request<Page<Member>>('GET', `${team.base}/members?limit=3`, {
      cookie: team.cookies.owner,
    });
    expect(first.body.items).toHaveLength(3);
    const rest = await t.request<Page<Member>>(
      'GET',
      `${team.base}/members?limit=3&cursor=${first.body.next_cursor}`,
      { cookie: team.cookies.owner },
    );
    expect(rest.body.items).toHaveLength(1);
    expect(rest.body.next_cursor).toBeNull();
    const bad = await t.request<ErrorBody>('GET', `${team.base}/members?cursor=nonsense`, {
      cookie: team.cookies.owner,
    });
    expect(bad.status).toBe(400);
  });
});

describe('changing a role', () => {
  it('lets a manager make a worker a manager, audited with who it was about', async () => {
    const team = await seedFarmTeam(t);
    const res = await t.request<Member>('PATCH', `${team.base}/members/${team.users.worker.id}`, {
      cookie: team.cookies.manager,
      body: { role: 'manager' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ user_id: team.users.worker.id, role: 'manager' });
    const audit = await membershipAudit(team.farm.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'update',
      user_id: team.users.manager.id,
      changes: {
        role: { from: 'worker', to: 'manager' },
        user_id: team.users.worker.id,
        first_name: 'worker',
      },
    });
  });

  it('keeps owners to owners: a manager may neither make an owner nor demote one', async () => {
    const team = await seedFarmTeam(t);
    for (const [userId, role] of [
      [team.users.worker.id, 'owner'],
      [team.users.owner.id, 'viewer'],
    ] as const) {
      const res = await t.request<ErrorBody>('PATCH', `${team.base}/members/${userId}`, {
        cookie: team.cookies.manager,
        body: { role },
      });
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(
        'Only an owner can change an owner’s role or make someone an owner.',
      );
    }
    expect(await ownersOf(team.farm.id)).toEqual([team.users.owner.id]);
  });

  it('never demotes the last owner', async () => {
    const team = await seedFarmTeam(t);
    const res = await t.request<ErrorBody>('PATCH', `${team.base}/members/${team.users.owner.id}`, {
      cookie: team.cookies.owner,
      body: { role: 'manager' },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(
      'Amaka Okafor is the farm’s only owner. Make another member an owner, or transfer ownership, first.',
    );
    expect(await ownersOf(team.farm.id)).toEqual([team.users.owner.id]);
  });

  it('lets an owner demote themselves once there is another owner, and the farm names the other', async () => {
    const team = await twoOwners();
    const res = await t.request<Member>('PATCH', `${team.base}/members/${team.users.owner.id}`, {
      cookie: team.cookies.owner,
      body: { role: 'manager' },
    });
    expect(res.status).toBe(200);
    expect(await ownersOf(team.farm.id)).toEqual([team.users.manager.id]);
    expect(await farmOwnerId(team.farm.id)).toBe(team.users.manager.id);
  });

  it('answers 404 for someone who is not a member, and 400 for a role that does not exist', async () => {
    const team = await seedFarmTeam(t);
    const stranger = await t.request<ErrorBody>('PATCH', `${team.base}/members/${team.users.stranger.id}`, {
      cookie: team.cookies.owner,
      body: { role: 'viewer' },
    });
    expect([stranger.status, stranger.body.error.message]).toEqual([
      404,
      'This person is not a member of this farm.',
    ]);
    const bad = await t.request<ErrorBody>('PATCH', `${team.base}/members/${team.users.worker.id}`, {
      cookie: team.cookies.owner,
      body: { role: 'boss' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ role: 'Choose owner, manager, worker or viewer' });
    const notAnId = await t.request('PATCH', `${team.base}/members/not-an-id`, {
      cookie: team.cookies.owner,
      body: { role: 'viewer' },
    });
    expect(notAnId.status).toBe(400);
  });

  it('two owners demoting each other at the same moment leave one owner, never none', async () => {
    for (let round = 0; round < 4; round++) {
      const team = await twoOwners();
      const [a, b] = await Promise.all([
        t.request('PATCH', `${team.base}/members/${team.users.manager.id}`, {
          cookie: team.cookies.owner,
          body: { role: 'worker' },
        }),
        t.request('PATCH', `${team.base}/members/${team.users.owner.id}`, {
          cookie: team.cookies.manager,
          body: { role: 'worker' },
        }),
      ]);
      const statuses = [a.status, b.status].sort();
      // The second to take the farm's lock is no longer an owner (403), or would leave none (409).
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      const owners = await ownersOf(team.farm.id);
      expect(owners).toHaveLength(1);
      expect(await farmOwnerId(team.farm.id)).toBe(owners[0]);
    }
  });

  it('two owners leaving at the same moment leave one owner', async () => {
    const team = await twoOwners();
    const results = await Promise.all(
      [team.cookies.owner, team.cookies.manager].map((cookie) =>
        t.request('POST', `${team.base}/leave`, { cookie }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([204, 409]);
    expect(await ownersOf(team.farm.id)).toHaveLength(1);
  });
});

describe('removing a member and leaving', () => {
  it('takes a worker off the farm: the farm no longer exists for them; audited', async () => {
    const team = await seedFarmTeam(t);
    const res = await t.request('DELETE', `${team.base}/members/${team.users.worker.id}`, {
      cookie: team.cookies.manager,
    });
    expect(res.status).toBe(204);
    expect((await t.request('GET', team.base, { cookie: team.cookies.worker })).status).toBe(404);
    const [audit] = await membershipAudit(team.farm.id);
    expect(audit).toMatchObject({
      action: 'delete',
      changes: { user_id: team.users.worker.id, role: 'worker', farm_name: 'Green Acres' },
    });
  });

  it('never removes the last owner, and lets only an owner remove an owner', async () => {
    const team = await seedFarmTeam(t);
    const byManager = await t.request<ErrorBody>('DELETE', `${team.base}/members/${team.users.owner.id}`, {
      cookie: team.cookies.manager,
    });
    expect(byManager.status).toBe(403);
    const self = await t.request<ErrorBody>('DELETE', `${team.base}/members/${team.users.owner.id}`, {
      cookie: team.cookies.owner,
    });
    expect(self.status).toBe(409);
    expect(self.body.error.message).toBe(
      'You are the only owner of this farm. Transfer ownership to another member, or delete the farm, before you leave.',
    );
    expect(await ownersOf(team.farm.id)).toEqual([team.users.owner.id]);
  });

  it('removing the named owner of a farm with two owners names the other', async () => {
    const team = await twoOwners();
    const res = await t.request('DELETE', `${team.base}/members/${team.users.owner.id}`, {
      cookie: team.cookies.manager,
    });
    expect(res.status).toBe(204);
    expect(await farmOwnerId(team.farm.id)).toBe(team.users.manager.id);
  });

  it('lets a worker and a viewer leave; the last owner is told what to do first', async () => {
    const team = await seedFarmTeam(t);
    for (const who of ['worker', 'viewer'] as const) {
      expect((await t.request('POST', `${team.base}/leave`, { cookie: team.cookies[who] })).status).toBe(204);
      expect((await t.request('GET', team.base, { cookie: team.cookies[who] })).status).toBe(404);
    }
    const owner = await t.request<ErrorBody>('POST', `${team.base}/leave`, { cookie: team.cookies.owner });
    expect(owner.status).toBe(409);
    expect(owner.body.error.message).toMatch(/^You are the only owner of this farm\. Transfer ownership/);
  });
});

describe('transferring ownership', () => {
  async function teamWithPassword() {
    const team = await seedFarmTeam(t);
    const owner = await seedUser(t, { first_name: 'Ngozi', password: TEST_PASSWORD });
    await t.db.update(farms).set({ owner_id: owner.user.id }).where(eq(farms.id, team.farm.id));
    await t.db
      .update(farm_memberships)
      .set({ user_id: owner.user.id })
      .where(and(eq(farm_memberships.farm_id, team.farm.id), eq(farm_memberships.role, 'owner')));
    return { ...team, owner };
  }

  it('refuses a wrong password and changes nothing', async () => {
    const team = await teamWithPassword();
    const res = await t.request<ErrorBody>('POST', `${team.base}/transfer-ownership`, {
      cookie: team.owner.cookie,
      body: { user_id: team.users.manager.id, password: 'wrong password' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ password: 'That is not your password' });
    expect(await ownersOf(team.farm.id)).toEqual([team.owner.user.id]);
    expect(await farmOwnerId(team.farm.id)).toBe(team.owner.user.id);
  });

  it('hands the farm over with the right password; the old owner stays on as a manager; audited', async () => {
    const team = await teamWithPassword();
    const res = await t.request<Farm>('POST', `${team.base}/transfer-ownership`, {
      cookie: team.owner.cookie,
      body: { user_id: team.users.worker.id, password: TEST_PASSWORD },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ owner_id: team.users.worker.id, role: 'manager' });
    expect(await ownersOf(team.farm.id)).toEqual([team.users.worker.id]);
    const billing = await t.request('DELETE', team.base, { cookie: team.owner.cookie });
    expect(billing.status).toBe(403);
    const audit = await t.db.select().from(audit_logs).where(eq(audit_logs.farm_id, team.farm.id));
    expect(audit.map((row) => [row.table_name, row.changes])).toEqual(
      expect.arrayContaining([
        ['farm_memberships', expect.objectContaining({ role: { from: 'worker', to: 'owner' } })],
        ['farm_memberships', expect.objectContaining({ role: { from: 'owner', to: 'manager' } })],
        [
          'farms',
          expect.objectContaining({
            owner_id: { from: team.owner.user.id, to: team.users.worker.id },
            name: 'Green Acres',
          }),
        ],
      ]),
    );
  });

  it('refuses yourself (400) and someone who is not a member (404)', async () => {
    const team = await teamWithPassword();
    const self = await t.request<ErrorBody>('POST', `${team.base}/transfer-ownership`, {
      cookie: team.owner.cookie,
      body: { user_id: team.owner.user.id, password: TEST_PASSWORD },
    });
    expect(self.status).toBe(400);
    expect(self.body.error.fields).toHaveProperty('user_id');
    const outsider = await t.request<ErrorBody>('POST', `${team.base}/transfer-ownership`, {
      cookie: team.owner.cookie,
      body: { user_id: newId(), password: TEST_PASSWORD },
    });
    expect(outsider.status).toBe(404);
  });

  it('counts wrong passwords like wrong sign-ins: after ten, even the right one waits', async () => {
    const team = await teamWithPassword();
    const attempt = (password: string) =>
      t.request<ErrorBody>('POST', `${team.base}/transfer-ownership`, {
        cookie: team.owner.cookie,
        body: { user_id: team.users.worker.id, password },
      });
    for (let i = 0; i < 10; i++) {
      t.clock.advance(20);
      expect((await attempt(`wrong ${i}`)).status).toBe(400);
    }
    t.clock.advance(20);
    const limited = await attempt(TEST_PASSWORD);
    expect(limited.status).toBe(429);
    expect(await ownersOf(team.farm.id)).toEqual([team.owner.user.id]);
  });
});
