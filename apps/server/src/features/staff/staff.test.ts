import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditLog, ErrorBody } from '@gona/shared';
import type { Page } from '@gona/shared/pagination';
import type { StaffMember, WorkerCount } from '@gona/shared/staff';
import { audit_logs, staff } from '../../db/schema/index';
import { createLogger } from '../../lib/logger';
import { newId } from '../../lib/ids';
import { createTestContext, type TestContext } from '../../test/context';
import { seedFarmTeam, type FarmTeam } from '../../test/farm-team';
import { createStaff } from './staff.service';
import { addStaff, MUSA, seedActiveStaff } from './staff.test-setup';

const LIMIT_MESSAGE = 'The Free plan allows up to 10 workers. Upgrade to Pro to add more.';

let t: TestContext;
let team: FarmTeam;

beforeAll(async () => {
  t = await createTestContext();
  team = await seedFarmTeam(t);
});

describe('POST /api/farms/:farmId/staff', () => {
  it('adds a staff member with the phone in the international form, pay in kobo, and an audit row', async () => {
    const res = await t.request<StaffMember>('POST', `${team.base}/staff`, {
      cookie: team.cookies.manager,
      body: {
        ...MUSA,
        start_date: '2025-01-06',
        pay_rate_kobo: 350_000,
        pay_period: 'week',
        next_of_kin_name: 'Hauwa Ibrahim',
        next_of_kin_phone: '+234 703 555 0101',
        notes: '  Knows the Sokoto Gudali herd  ',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      farm_id: team.farm.id,
      name: 'Musa Ibrahim',
      phone: '+2348031234567',
      job: 'herdsman',
      status: 'active',
      start_date: '2025-01-06',
      end_date: null,
      pay_rate_kobo: 350_000,
      pay_period: 'week',
      next_of_kin_phone: '+2347035550101',
      notes: 'Knows the Sokoto Gudali herd',
      member_user_id: null,
      version: 1,
    });
    const audit = await t.db
      .select()
      .from(audit_logs)
      .where(and(eq(audit_logs.table_name, 'staff'), eq(audit_logs.record_id, res.body.id)));
    expect(audit).toMatchObject([
      { action: 'insert', farm_id: team.farm.id, changes: { name: 'Musa Ibrahim', job: 'herdsman' } },
    ]);
  });

  it('records a create sent twice with the same client id once, and answers both with the same record', async () => {
    const id = newId();
    const body = { ...MUSA, id, first_name: 'Replayed' };
    const first = await t.request<StaffMember>('POST', `${team.base}/staff`, {
      cookie: team.cookies.owner,
      body,
    });
    const again = await t.request<StaffMember>('POST', `${team.base}/staff`, {
      cookie: team.cookies.manager,
      body,
    });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body).toEqual(first.body);
    expect(await t.db.select().from(staff).where(eq(staff.id, id))).toHaveLength(1);
    const audit = await t.db.select().from(audit_logs).where(eq(audit_logs.record_id, id));
    expect(audit).toHaveLength(1);

    const other = await seedFarmTeam(t);
    const taken = await t.request<ErrorBody>('POST', `${other.base}/staff`, {
      cookie: other.cookies.owner,
      body,
    });
    expect(taken.status).toBe(409);
  });

  it('answers 400 with a message beside each field for bad input', async () => {
    const res = await t.request<ErrorBody>('POST', `${team.base}/staff`, {
      cookie: team.cookies.owner,
      body: {
        first_name: '',
        last_name: 'Ibrahim',
        phone: '0603 123 4567',
        job: 'pilot',
        employment_type: 'daily',
        pay_rate_kobo: -5,
        start_date: '26/05/2025',
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    expect(res.body.error.fields).toMatchObject({
      first_name: 'Enter the first name',
      phone: 'Enter a Nigerian mobile number, like 0803 123 4567 or +234 803 123 4567',
      job: 'Choose the job they do',
      employment_type: 'Choose permanent, seasonal or casual',
      pay_rate_kobo: 'Enter an amount of ₦0 or more',
      start_date: 'Enter the date as a calendar date',
    });
  });

  it('refuses a pay rate without its period, and an end date before the start', async () => {
    const res = await t.request<ErrorBody>('POST', `${team.base}/staff`, {
      cookie: team.cookies.owner,
      body: { ...MUSA, pay_rate_kobo: 100_000, start_date: '2025-05-26', end_date: '2025-05-01' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      pay_period: 'Choose per day, per week or per month',
      end_date: 'The end date cannot be before the start date',
    });
  });

  it('links an account only of a member of this farm, and to one staff record at most', async () => {
    const worker = team.users.worker.id;
    const linked = await addStaff(t, team, { first_name: 'Linked', member_user_id: worker });
    expect(linked.member_user_id).toBe(worker);
    const twice = await t.request<ErrorBody>('POST', `${team.base}/staff`, {
      cookie: team.cookies.owner,
      body: { ...MUSA, member_user_id: worker },
    });
    expect(twice.status).toBe(400);
    expect(twice.body.error.fields).toEqual({
      member_user_id: 'This member is already linked to another staff record',
    });
    const stranger = await t.request<ErrorBody>('POST', `${team.base}/staff`, {
      cookie: team.cookies.owner,
      body: { ...MUSA, member_user_id: team.users.stranger.id },
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body.error.fields).toEqual({
      member_user_id: 'Choose someone who is a member of this farm',
    });
  });

  it('is refused to a worker and a viewer (403), and to a stranger as if the farm did not exist (404)', async () => {
    for (const role of ['worker', 'viewer'] as const) {
      const res = await t.request('POST', `${team.base}/staff`, { cookie: team.cookies[role], body: MUSA });
      expect(res.status).toBe(403);
    }
    const res = await t.request('POST', `${team.base}/staff`, { cookie: team.cookies.stranger, body: MUSA });
    expect(res.status).toBe(404);
    expect((await t.request('POST', `${team.base}/staff`, { body: MUSA })).status).toBe(401);
  });
});

describe('GET /api/farms/:farmId/staff', () => {
  let list: FarmTeam;
  beforeAll(async () => {
    list = await seedFarmTeam(t);
    await addStaff(t, list, { first_name: 'Zainab', last_name: 'Bello', job: 'poultry_attendant' });
    await addStaff(t, list, {
      first_name: 'Chidi',
      last_name: 'Okeke',
      phone: '+234 905 111 2233',
      job: 'tractor_operator',
      status: 'left',
      end_date: '2025-04-30',
    });
    await addStaff(t, list, {
      first_name: 'Aisha',
      last_name: 'Musa',
      phone: null,
      job: 'poultry_attendant',
    });
    await addStaff(t, list, {
      first_name: 'Emeka',
      last_name: 'Obi',
      phone: '0815 000 1111',
      job: 'security',
    });
    await addStaff(t, list, { first_name: 'Bola', last_name: 'Ade', phone: null, status: 'left' });
  });

  const names = (page: Page<StaffMember>) => page.items.map((s) => s.name);

  it('lists active people first, then those who left, each by name; every member may read', async () => {
    const res = await t.request<Page<StaffMember>>('GET', `${list.base}/staff`, {
      cookie: list.cookies.viewer,
    });
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(['Aisha Musa', 'Emeka Obi', 'Zainab Bello', 'Bola Ade', 'Chidi Okeke']);
    expect(res.body.next_cursor).toBeNull();
  });

  it('walks the same order page by page, across the step from active to left', async () => {
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const query: string = cursor ? `?limit=2&cursor=${cursor}` : '?limit=2';
      const res: { body: Page<StaffMember> } = await t.request('GET', `${list.base}/staff${query}`, {
        cookie: list.cookies.worker,
      });
      seen.push(...names(res.body));
      cursor = res.body.next_cursor;
    }
    expect(seen).toEqual(['Aisha Musa', 'Emeka Obi', 'Zainab Bello', 'Bola Ade', 'Chidi Okeke']);
  });

  it('finds people by part of a name or a phone number typed any usual way, and filters by job and status', async () => {
    const get = async (query: string) =>
      names(
        (
          await t.request<Page<StaffMember>>('GET', `${list.base}/staff?${query}`, {
            cookie: list.cookies.owner,
          })
        ).body,
      );
    expect(await get('search=musa')).toEqual(['Aisha Musa']);
    expect(await get('search=bi')).toEqual(['Emeka Obi']);
    expect(await get(`search=${encodeURIComponent('0815 000')}`)).toEqual(['Emeka Obi']);
    expect(await get(`search=${encodeURIComponent('+234905')}`)).toEqual(['Chidi Okeke']);
    expect(await get('search=50%25')).toEqual([]);
    expect(await get('job=poultry_attendant')).toEqual(['Aisha Musa', 'Zainab Bello']);
    expect(await get('status=left')).toEqual(['Bola Ade', 'Chidi Okeke']);
    expect(await get('job=tractor_operator&status=active')).toEqual([]);
  });

  it('answers 400 for an unknown job or status, and a spoiled cursor', async () => {
    const res = await t.request<ErrorBody>('GET', `${list.base}/staff?job=pilot&status=gone`, {
      cookie: list.cookies.owner,
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields ?? {}).sort()).toEqual(['job', 'status']);
    const cursor = await t.request<ErrorBody>('GET', `${list.base}/staff?cursor=garbage`, {
      cookie: list.cookies.owner,
    });
    expect(cursor.body.error.fields).toEqual({ cursor: 'This page link is no longer valid' });
  });

  it("never shows another farm's staff", async () => {
    const res = await t.request<Page<StaffMember>>('GET', `${list.base}/staff`, {
      cookie: team.cookies.owner,
    });
    expect(res.status).toBe(404);
    const own = await t.request<Page<StaffMember>>('GET', `${team.base}/staff?search=Zainab`, {
      cookie: team.cookies.owner,
    });
    expect(own.body.items).toEqual([]);
  });
});

describe('pay is money', () => {
  let member: StaffMember;
  beforeAll(async () => {
    member = await addStaff(t, team, { first_name: 'Paid', pay_rate_kobo: 250_050, pay_period: 'day' });
  });

  it.each(['owner', 'manager', 'viewer'] as const)(
    '%s sees pay in the list, the record and the CSV',
    async (role) => {
      const cookie = team.cookies[role];
      const list = await t.request<Page<StaffMember>>('GET', `${team.base}/staff?search=Paid`, { cookie });
      expect(list.body.items[0]).toMatchObject({ pay_rate_kobo: 250_050, pay_period: 'day' });
      const one = await t.request<StaffMember>('GET', `${team.base}/staff/${member.id}`, { cookie });
      expect(one.body).toMatchObject({ pay_rate_kobo: 250_050, pay_period: 'day' });
      const csv = await t.request('GET', `${team.base}/staff/export.csv`, { cookie });
      expect(csv.text).toContain(',2500.50,Per day,');
    },
  );

  it('a worker gets no pay in the list, the record, the CSV or the farm’s history', async () => {
    const cookie = team.cookies.worker;
    const list = await t.request<Page<StaffMember>>('GET', `${team.base}/staff`, { cookie });
    expect(list.status).toBe(200);
    expect(list.body.items.length).toBeGreaterThan(0);
    for (const item of list.body.items) {
      expect(item).not.toHaveProperty('pay_rate_kobo');
      expect(item).not.toHaveProperty('pay_period');
    }
    const one = await t.request<StaffMember>('GET', `${team.base}/staff/${member.id}`, { cookie });
    expect(one.status).toBe(200);
    expect(one.body).not.toHaveProperty('pay_rate_kobo');
    expect(one.body).not.toHaveProperty('pay_period');

    const owner = await t.request('GET', `${team.base}/staff/export.csv`, { cookie: team.cookies.owner });
    const csv = await t.request('GET', `${team.base}/staff/export.csv`, { cookie });
    expect(csv.status).toBe(200);
    const header = (text: string) =>
      text
        .replace(/^\uFEFF/, '')
        .split('\r\n')[0]!
        .split(',');
    expect(header(owner.text)).toEqual(expect.arrayContaining(['Pay (₦)', 'Paid']));
    // Nor phones and next of kin: only those who manage staff read a colleague's.
    const left = ['Pay (₦)', 'Paid', 'Phone', 'Next of kin', 'Next of kin phone'];
    expect(header(csv.text)).toEqual(header(owner.text).filter((h) => !left.includes(h)));
    expect(csv.text).toContain('Paid,Ibrahim');
    expect(csv.text).not.toContain('2500.50');
    expect(csv.text).not.toContain('Per day');

    const history = await t.request<Page<AuditLog>>('GET', `${team.base}/audit-logs?table_name=staff`, {
      cookie,
    });
    const created = history.body.items.find((log) => log.record_id === member.id);
    expect(created?.changes).toMatchObject({ name: 'Paid Ibrahim' });
    expect(created?.changes).not.toHaveProperty('pay_rate_kobo');
    expect(created?.changes).not.toHaveProperty('pay_period');
  });

  it('a role that may not read money may not write pay either', async () => {
    const ctx = { db: t.db, userId: team.users.worker.id, logger: createLogger('silent') };
    const attempt = createStaff(
      { ...ctx, farmId: team.farm.id, role: 'worker' },
      {
        ...MUSA,
        job: 'herdsman',
        employment_type: 'permanent',
        status: 'active',
        pay_rate_kobo: 1,
        pay_period: 'day',
      },
    );
    await expect(attempt).rejects.toMatchObject({
      code: 'VALIDATION',
      fields: { pay_rate_kobo: 'Only the owner or a manager records pay; leave the pay empty' },
    });
  });
});

describe('the Free plan’s 10 active workers', () => {
  it('counts active workers against the limit for every member', async () => {
    const farm = await seedFarmTeam(t);
    await seedActiveStaff(t, farm.farm.id, 8);
    await addStaff(t, farm, { status: 'left' });
    const res = await t.request<WorkerCount>('GET', `${farm.base}/staff/summary`, {
      cookie: farm.cookies.worker,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ plan: 'free', active: 8, limit: 10 });
  });

  it('refuses the 11th active worker with PLAN_LIMIT 402, and takes someone who already left', async () => {
    const farm = await seedFarmTeam(t);
    await seedActiveStaff(t, farm.farm.id, 9);
    await addStaff(t, farm, { first_name: 'Tenth' });
    const eleventh = await t.request<ErrorBody>('POST', `${farm.base}/staff`, {
      cookie: farm.cookies.manager,
      body: { ...MUSA, first_name: 'Eleventh' },
    });
    expect(eleventh.status).toBe(402);
    expect(eleventh.body).toEqual({ error: { code: 'PLAN_LIMIT', message: LIMIT_MESSAGE } });
    expect(await activeCount(farm)).toBe(10);
    const past = await t.request<StaffMember>('POST', `${farm.base}/staff`, {
      cookie: farm.cookies.owner,
      body: { ...MUSA, first_name: 'Former', status: 'left', end_date: '2024-12-31' },
    });
    expect(past.status).toBe(201);
  });

  it('answers a replay of a create that got the last place with that record, not with the limit', async () => {
    const farm = await seedFarmTeam(t);
    await seedActiveStaff(t, farm.farm.id, 9);
    const body = { ...MUSA, id: newId(), first_name: 'Last' };
    const first = await t.request<StaffMember>('POST', `${farm.base}/staff`, {
      cookie: farm.cookies.owner,
      body,
    });
    const replay = await t.request<StaffMember>('POST', `${farm.base}/staff`, {
      cookie: farm.cookies.owner,
      body,
    });
    expect([first.status, replay.status]).toEqual([201, 201]);
    expect(replay.body).toEqual(first.body);
  });

  it('gives the last place to exactly one of several adds sent at the same moment', async () => {
    const farm = await seedFarmTeam(t);
    await seedActiveStaff(t, farm.farm.id, 9);
    const results = await Promise.all(
      ['A', 'B', 'C', 'D', 'E', 'F'].map((first_name) =>
        t.request<ErrorBody>('POST', `${farm.base}/staff`, {
          cookie: first_name < 'D' ? farm.cookies.owner : farm.cookies.manager,
          body: { ...MUSA, first_name },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 402, 402, 402, 402, 402]);
    expect(await activeCount(farm)).toBe(10);
  });

  it('refuses to bring back someone who left while the farm is full, and lets them back once there is room', async () => {
    const farm = await seedFarmTeam(t);
    const former = await addStaff(t, farm, { first_name: 'Former', status: 'left', end_date: '2025-01-31' });
    await seedActiveStaff(t, farm.farm.id, 10);
    const back = await t.request<ErrorBody>('PATCH', `${farm.base}/staff/${former.id}`, {
      cookie: farm.cookies.owner,
      body: { status: 'active', version: former.version },
    });
    expect(back.status).toBe(402);
    expect(back.body.error.message).toBe(LIMIT_MESSAGE);

    const [leaving] = await t.db
      .select()
      .from(staff)
      .where(and(eq(staff.farm_id, farm.farm.id), eq(staff.status, 'active')))
      .limit(1);
    const left = await t.request<StaffMember>('PATCH', `${farm.base}/staff/${leaving!.id}`, {
      cookie: farm.cookies.manager,
      body: { status: 'left', end_date: '2025-05-20', version: leaving!.version },
    });
    expect(left.status).toBe(200);
    const again = await t.request<StaffMember>('PATCH', `${farm.base}/staff/${former.id}`, {
      cookie: farm.cookies.owner,
      body: { status: 'active', version: former.version },
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'active', end_date: null });
    expect(await activeCount(farm)).toBe(10);
  });

  it('lets two people who left come back at the same moment only while there is room', async () => {
    const farm = await seedFarmTeam(t);
    const formers = await Promise.all(
      ['One', 'Two', 'Three'].map((first_name) => addStaff(t, farm, { first_name, status: 'left' })),
    );
    await seedActiveStaff(t, farm.farm.id, 9);
    const results = await Promise.all(
      formers.map((former) =>
        t.request('PATCH', `${farm.base}/staff/${former.id}`, {
          cookie: farm.cookies.owner,
          body: { status: 'active', version: former.version },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 402, 402]);
    expect(await activeCount(farm)).toBe(10);
  });
});

describe('PATCH /api/farms/:farmId/staff/:staffId', () => {
  it('changes what was sent, bumps the version and audits the change', async () => {
    const member = await addStaff(t, team, { first_name: 'Ngozi', job: 'poultry_attendant' });
    const res = await t.request<StaffMember>('PATCH', `${team.base}/staff/${member.id}`, {
      cookie: team.cookies.manager,
      body: { job: 'supervisor', phone: '2348099990000', version: member.version },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ job: 'supervisor', phone: '+2348099990000', version: 2 });
    const [audit] = await t.db
      .select()
      .from(audit_logs)
      .where(and(eq(audit_logs.record_id, member.id), eq(audit_logs.action, 'update')));
    expect(audit?.changes).toEqual({
      name: 'Ngozi Ibrahim',
      job: { from: 'poultry_attendant', to: 'supervisor' },
      phone: { from: '+2348031234567', to: '+2348099990000' },
    });
  });

  it('answers 409 to a stale version and changes nothing', async () => {
    const member = await addStaff(t, team, { first_name: 'Stale' });
    await t.request('PATCH', `${team.base}/staff/${member.id}`, {
      cookie: team.cookies.owner,
      body: { notes: 'First', version: member.version },
    });
    const stale = await t.request<ErrorBody>('PATCH', `${team.base}/staff/${member.id}`, {
      cookie: team.cookies.manager,
      body: { notes: 'Second', version: member.version },
    });
    expect(stale.status).toBe(409);
    const [row] = await t.db.select().from(staff).where(eq(staff.id, member.id));
    expect(row?.notes).toBe('First');
  });

  it('marks someone as left on the day given, or today on the farm’s clock', async () => {
    const given = await addStaff(t, team, { first_name: 'Given' });
    const left = await t.request<StaffMember>('PATCH', `${team.base}/staff/${given.id}`, {
      cookie: team.cookies.owner,
      body: { status: 'left', end_date: '2025-05-20', version: given.version },
    });
    expect(left.body).toMatchObject({ status: 'left', end_date: '2025-05-20' });

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
    const plain = await addStaff(t, team, { first_name: 'Plain' });
    const res = await t.request<StaffMember>('PATCH', `${team.base}/staff/${plain.id}`, {
      cookie: team.cookies.owner,
      body: { status: 'left', version: plain.version },
    });
    expect(res.body).toMatchObject({ status: 'left', end_date: today });
  });

  it('checks the rules on the record as it will be: an end before the stored start, pay without a period', async () => {
    const member = await addStaff(t, team, { first_name: 'Rules', start_date: '2025-03-01' });
    const early = await t.request<ErrorBody>('PATCH', `${team.base}/staff/${member.id}`, {
      cookie: team.cookies.owner,
      body: { status: 'left', end_date: '2025-02-01', version: member.version },
    });
    expect(early.status).toBe(400);
    expect(early.body.error.fields).toEqual({ end_date: 'The end date cannot be before the start date' });
    const pay = await t.request<ErrorBody>('PATCH', `${team.base}/staff/${member.id}`, {
      cookie: team.cookies.owner,
      body: { pay_rate_kobo: 500_000, version: member.version },
    });
    expect(pay.body.error.fields).toEqual({ pay_period: 'Choose per day, per week or per month' });
  });

  it("answers 404 for another farm's staff member and 400 for malformed input", async () => {
    const other = await seedFarmTeam(t);
    const theirs = await addStaff(t, other);
    const res = await t.request('PATCH', `${team.base}/staff/${theirs.id}`, {
      cookie: team.cookies.owner,
      body: { notes: 'Mine now', version: 1 },
    });
    expect(res.status).toBe(404);
    const bad = await t.request<ErrorBody>('PATCH', `${team.base}/staff/${theirs.id}`, {
      cookie: team.cookies.owner,
      body: { phone: 'none', version: 'one' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields ?? {}).sort()).toEqual(['phone', 'version']);
  });
});

describe('GET and DELETE /api/farms/:farmId/staff/:staffId', () => {
  it('reads one record, deletes it with an audit row keeping it, then answers 404', async () => {
    const member = await addStaff(t, team, { first_name: 'Mistake' });
    const one = await t.request<StaffMember>('GET', `${team.base}/staff/${member.id}`, {
      cookie: team.cookies.viewer,
    });
    // A viewer reads the record without the person's phone and next of kin (the staff managers' only).
    const { phone: _phone, next_of_kin_name: _name, next_of_kin_phone: _kin, ...shown } = member;
    expect(one.body).toEqual(shown);
    const gone = await t.request('DELETE', `${team.base}/staff/${member.id}`, {
      cookie: team.cookies.manager,
    });
    expect(gone.status).toBe(204);
    expect(
      (await t.request('GET', `${team.base}/staff/${member.id}`, { cookie: team.cookies.owner })).status,
    ).toBe(404);
    expect(
      (await t.request('DELETE', `${team.base}/staff/${member.id}`, { cookie: team.cookies.owner })).status,
    ).toBe(404);
    const [audit] = await t.db
      .select()
      .from(audit_logs)
      .where(and(eq(audit_logs.record_id, member.id), eq(audit_logs.action, 'delete')));
    expect(audit?.changes).toMatchObject({ name: 'Mistake Ibrahim' });
  });

  it("answers 404 for another farm's record and 400 for an id that is not one", async () => {
    const other = await seedFarmTeam(t);
    const theirs = await addStaff(t, other);
    expect(
      (await t.request('GET', `${team.base}/staff/${theirs.id}`, { cookie: team.cookies.owner })).status,
    ).toBe(404);
    expect(
      (await t.request('DELETE', `${team.base}/staff/${theirs.id}`, { cookie: team.cookies.owner })).status,
    ).toBe(404);
    expect(await t.db.select().from(staff).where(eq(staff.id, theirs.id))).toHaveLength(1);
    expect(
      (await t.request('GET', `${team.base}/staff/not-an-id`, { cookie: team.cookies.owner })).status,
    ).toBe(400);
  });
});

async function activeCount(farm: FarmTeam): Promise<number> {
  const res = await t.request<WorkerCount>('GET', `${farm.base}/staff/summary`, {
    cookie: farm.cookies.owner,
  });
  return res.body.active;
}
