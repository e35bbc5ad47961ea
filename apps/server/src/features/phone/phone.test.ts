import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  audit_logs,
  livestock,
  livestock_production,
  phone_access,
  sms_daily_counts,
  tasks,
} from '../../db/schema/index';
import { startFakeAfricasTalking, type FakeAfricasTalking } from '../../integrations/fake-africas-talking';
import { dateIn } from '../../lib/farm-time';
import { createTestContext, type TestContext } from '../../test/context';
import { seedFarmTeam, type FarmTeam } from '../../test/farm-team';
import { hashPin, PIN_TRIES } from './phone.service';

const SECRET = 'ussd-secret-0123456789';
let t: TestContext;
let fake: FakeAfricasTalking;
let team: FarmTeam;
let today: string;
let session = 0;
let smsId = 0;

const OWNER = '+2348030000001';
const WORKER = '+2348030000002';
const UNVERIFIED = '+2348030000003';

async function ussd(phoneNumber: string, text: string, sessionId = `s${session}`) {
  const body = new URLSearchParams({
    sessionId,
    serviceCode: '*384*123#',
    phoneNumber,
    networkCode: '62130',
    text,
  });
  return t.request('POST', `/api/ussd?key=${SECRET}`, {
    raw: body.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    origin: null,
  });
}

async function sms(from: string, text: string, id = `ATXid_in${++smsId}`) {
  const body = new URLSearchParams({
    from,
    to: '12345',
    text,
    date: '2026-11-28 10:00:00',
    id,
    linkId: 'l1',
  });
  return t.request('POST', `/api/sms/incoming?key=${SECRET}`, {
    raw: body.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    origin: null,
  });
}

beforeAll(async () => {
  fake = await startFakeAfricasTalking({ apiKey: 'at-key' });
  t = await createTestContext(
    {
      USSD_CALLBACK_SECRET: SECRET,
      SMS_DAILY_CAP_PER_FARM: '3',
      SMS_PROVIDER: 'africastalking',
      SMS_API_KEY: 'at-key',
      SMS_USERNAME: 'sandbox',
      SMS_BASE_URL: fake.url,
    },
    { ownDatabase: true },
  );
  team = await seedFarmTeam(t);
  today = dateIn('Africa/Lagos');
  await t.db.insert(phone_access).values([
    { phone: OWNER, user_id: team.users.owner.id, verified_at: new Date(), pin_hash: hashPin('1234') },
    { phone: WORKER, user_id: team.users.worker.id, verified_at: new Date(), pin_hash: hashPin('4321') },
    { phone: UNVERIFIED, user_id: team.users.manager.id, pin_hash: hashPin('1111') },
  ]);
  await t.db.insert(tasks).values([
    { farm_id: team.farm.id, title: 'Collect eggs', type: 'other', due_date: today },
    { farm_id: team.farm.id, title: 'Mend the fence', type: 'maintenance', due_date: today },
  ]);
  await t.db.insert(livestock).values({
    farm_id: team.farm.id,
    kind: 'group',
    species: 'chicken_layer',
    name: 'Pen A',
    head_count: 500,
    acquisition: 'bought',
  });
});

afterAll(async () => {
  await fake.close();
});

describe('the USSD callback', () => {
  it('is not there without the secret key, and wants a form', async () => {
    const body = new URLSearchParams({ sessionId: 'x', phoneNumber: OWNER, text: '' }).toString();
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    expect((await t.request('POST', '/api/ussd', { raw: body, headers, origin: null })).status).toBe(404);
    expect(
      (await t.request('POST', '/api/ussd?key=wrong-wrong-wrong-wrong', { raw: body, headers, origin: null }))
        .status,
    ).toBe(404);
    const json = await t.request<{ error: { message: string } }>('POST', `/api/ussd?key=${SECRET}`, {
      body: { sessionId: 'x' },
      origin: null,
    });
    expect(json.status).toBe(400);
    expect(json.body.error.message).toContain('sessionId');
  });

  it('ends politely for a number Gona does not know or that is not verified', async () => {
    session++;
    for (const phone of ['+2348099999999', UNVERIFIED]) {
      const res = await ussd(phone, '', `unknown-${phone}`);
      expect(res.status).toBe(200);
      expect(res.text).toMatch(/^END Gona does not know this number/);
    }
  });

  it('walks home, a bad choice, back and home again, every screen within 160 characters', async () => {
    session++;
    const home = await ussd(WORKER, '');
    expect(home.text).toMatch(/^CON Gona, /);
    expect(home.text).toContain("1 Today's tasks");
    expect(home.text).not.toContain('Low stock');
    const list = await ussd(WORKER, '1');
    expect(list.text).toBe('CON 1 Collect eggs\n2 Mend the fence\n0 Back');
    expect((await ussd(WORKER, '1*9')).text).toBe('CON Choose a number from the list.\n0 Back');
    expect((await ussd(WORKER, '1*9*0')).text).toBe(list.text);
    expect((await ussd(WORKER, '1*2*00')).text).toBe(home.text);
    expect((await ussd(WORKER, '1*2*00*7')).text).toBe('CON Choose a number from the list.\n00 Home');
    for (const text of ['', '1', '1*1', '2', '2*1', '2*1*12']) {
      const res = await ussd(OWNER, text, `len${session}`);
      expect(res.text.length).toBeLessThanOrEqual(160);
      expect(res.text).toMatch(/^(CON|END) /);
    }
  });

  it('marks a task done through the task service with its audit row, once for a gateway retry', async () => {
    session++;
    expect((await ussd(WORKER, '1*2')).text).toBe('CON Mend the fence\n1 Mark done\n0 Back');
    expect((await ussd(WORKER, '1*2*1')).text).toBe('CON Enter your 4-digit Gona PIN:\n0 Back');
    const done = await ussd(WORKER, '1*2*1*4321');
    expect(done.text).toMatch(/^END Done: Mend the fence/);
    const again = await ussd(WORKER, '1*2*1*4321');
    expect(again.text).toBe(done.text);
    const [task] = await t.db.select().from(tasks).where(eq(tasks.title, 'Mend the fence'));
    expect(task!.status).toBe('done');
    expect(task!.completed_by).toBe(team.users.worker.id);
    const audits = await t.db
      .select()
      .from(audit_logs)
      .where(and(eq(audit_logs.record_id, task!.id), eq(audit_logs.user_id, team.users.worker.id)));
    expect(audits).toHaveLength(1);
  });

  it('records today’s eggs once, even when the gateway sends the last step twice', async () => {
    session++;
    expect((await ussd(WORKER, '2')).text).toBe('CON 1 Pen A\n0 Back');
    expect((await ussd(WORKER, '2*1*abc')).text).toBe('CON Enter the number of eggs, like 412.\n0 Back');
    const saved = await ussd(WORKER, '2*1*412*4321');
    expect(saved.text).toBe('END Recorded 412 eggs for Pen A today.');
    await ussd(WORKER, '2*1*412*4321');
    const rows = await t.db
      .select()
      .from(livestock_production)
      .where(eq(livestock_production.farm_id, team.farm.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.eggs_collected).toBe(412);
    expect(rows[0]!.user_id).toBe(team.users.worker.id);
  });

  it('shows owners low stock behind the PIN, and locks the number after too many wrong PINs', async () => {
    session++;
    expect((await ussd(OWNER, '')).text).toContain('3 Low stock');
    expect((await ussd(OWNER, '3*1234')).text).toMatch(/^END (Low stock|Nothing in the store is low)/);
    for (let i = 1; i < PIN_TRIES; i++) {
      const wrong = await ussd(OWNER, '3*9999', `wrong${i}`);
      expect(wrong.text).toMatch(/^END Wrong PIN/);
    }
    expect((await ussd(OWNER, '3*9999', 'wrong-last')).text).toMatch(/^END Too many wrong PINs/);
    expect((await ussd(OWNER, '3*1234', 'right-but-locked')).text).toMatch(/^END Too many wrong PINs/);
    t.clock.advance(16 * 60);
    expect((await ussd(OWNER, '3*1234', 'after-lock')).text).toMatch(/^END (Low stock|Nothing)/);
  });
});

describe('SMS commands', () => {
  it('answers HELP once per message id, and an unknown number politely', async () => {
    const before = fake.received.length;
    expect((await sms(WORKER, 'help', 'ATXid_help')).status).toBe(200);
    await sms(WORKER, 'help', 'ATXid_help');
    const replies = fake.received.slice(before);
    expect(replies).toHaveLength(1);
    expect(replies[0]!.to).toBe(WORKER);
    expect(replies[0]!.message).toContain('DONE 2');
    await sms('+2348077777777', 'DONE 1');
    expect(fake.received.at(-1)!.message).toMatch(/does not know this number/);
  });

  it('DONE 1 completes the first open task and EGGS records today’s eggs, each acknowledged', async () => {
    const before = fake.received.length;
    await sms(WORKER, 'DONE 1');
    const [task] = await t.db.select().from(tasks).where(eq(tasks.title, 'Collect eggs'));
    expect(task!.status).toBe('done');
    expect(fake.received.at(-1)!.message).toBe('Gona: done, Collect eggs.');
    await sms(OWNER, 'EGGS 30', 'ATXid_eggs');
    await sms(OWNER, 'EGGS 30', 'ATXid_eggs');
    const rows = await t.db
      .select()
      .from(livestock_production)
      .where(eq(livestock_production.eggs_collected, 30));
    expect(rows).toHaveLength(1);
    expect(fake.received.length - before).toBe(2);
  });

  it('stops replying once the farm’s SMS for the day reach the cap', async () => {
    const [count] = await t.db
      .select()
      .from(sms_daily_counts)
      .where(eq(sms_daily_counts.farm_id, team.farm.id));
    expect(count!.sent).toBe(3);
    const before = fake.received.length;
    await sms(WORKER, 'HELP');
    expect(fake.received.length).toBe(before);
  });
});
