import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@gona/shared';
import type { Supply } from '@gona/shared/inventory';
import type { Calendar, DayTasks, TaskWithPhotos, TodayTasks } from '@gona/shared/tasks';
import {
  audit_logs,
  notifications,
  supplies,
  supply_movements,
  task_assignees,
  task_series,
  staff,
  tasks,
} from '../../db/schema/index';
import { addDays, dateIn } from '../../lib/farm-time';
import { newId } from '../../lib/ids';
import { createLogger } from '../../lib/logger';
import { createTestContext, type TestContext } from '../../test/context';
import { seedFarmTeam, type FarmTeam } from '../../test/farm-team';
import { staffMessage, sweepTasks } from './sweep.service';
import { calendarDays, calendarDaysJson, todayTasks, todayTasksJson } from './tasks.service';
import { createSmsProvider } from '../../integrations/sms';
import { startFakeAfricasTalking } from '../../integrations/fake-africas-talking';

let t: TestContext;
let team: FarmTeam;
let today: string;
/** The worker's own staff record (linked to their account) and a colleague without an account. */
let workerStaff: Person;
let colleague: Person;

type Person = { id: string; name: string };

/** A staff record written straight into the database (Ibrahim by surname), active unless told. */
async function addStaff(
  _t: TestContext,
  on: FarmTeam,
  values: { first_name: string; member_user_id?: string; phone?: string; status?: 'left'; end_date?: string },
): Promise<Person> {
  const [row] = await t.db
    .insert(staff)
    .values({
      farm_id: on.farm.id,
      last_name: 'Ibrahim',
      job: 'casual_labourer',
      employment_type: 'casual',
      ...values,
    })
    .returning({ id: staff.id, name: staff.name });
  return row!;
}

beforeAll(async () => {
  t = await createTestContext();
  team = await seedFarmTeam(t);
  today = dateIn('Africa/Lagos');
  workerStaff = await addStaff(t, team, { first_name: 'Bello', member_user_id: team.users.worker.id });
  colleague = await addStaff(t, team, { first_name: 'Chidi', phone: '+2348037654321' });
});

const task = (overrides: Record<string, unknown> = {}) => ({
  title: 'Weed the maize',
  type: 'weeding',
  due_date: today,
  ...overrides,
});

async function addTask(body: Record<string, unknown>, on = team): Promise<TaskWithPhotos> {
  const res = await t.request<TaskWithPhotos>('POST', `${on.base}/tasks`, {
    cookie: on.cookies.manager,
    body,
  });
  if (res.status !== 201) throw new Error(`addTask: ${res.status} ${res.text}`);
  return res.body;
}

describe('tasks', () => {
  it('adds a task given to staff, with its supply and an audit row naming the people', async () => {
    const supply = await t.request<Supply>('POST', `${team.base}/supplies`, {
      cookie: team.cookies.owner,
      body: {
        category: 'fertilizer',
        name: 'NPK 15:15:15',
        unit: 'bag_50kg',
        quantity: '10',
        low_threshold: '2',
      },
    });
    const res = await t.request<TaskWithPhotos>('POST', `${team.base}/tasks`, {
      cookie: team.cookies.manager,
      body: task({
        title: 'Apply NPK to the maize',
        type: 'fertilizer_application',
        due_time: '07:30',
        priority: 'high',
        assignee_ids: [colleague.id, workerStaff.id],
        supply_id: supply.body.id,
      }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Apply NPK to the maize',
      due_date: today,
      due_time: '07:30',
      priority: 'high',
      status: 'open',
      supply: { id: supply.body.id, name: 'NPK 15:15:15', unit: 'bag_50kg' },
      assignees: [
        { id: workerStaff.id, name: 'Bello Ibrahim', has_account: true },
        { id: colleague.id, name: 'Chidi Ibrahim', has_account: false },
      ],
      series_id: null,
      rrule: null,
      photos: [],
      version: 1,
    });
    const audit = await t.db.select().from(audit_logs).where(eq(audit_logs.record_id, res.body.id));
    expect(audit).toMatchObject([
      {
        action: 'insert',
        changes: { title: 'Apply NPK to the maize', assignees: ['Bello Ibrahim', 'Chidi Ibrahim'] },
      },
    ]);
  });

  it('records a create sent twice with one client id once', async () => {
    const id = newId();
    const [first, again] = await Promise.all([
      t.request<TaskWithPhotos>('POST', `${team.base}/tasks`, {
        cookie: team.cookies.owner,
        body: task({ id }),
      }),
      t.request<TaskWithPhotos>('POST', `${team.base}/tasks`, {
        cookie: team.cookies.owner,
        body: task({ id }),
      }),
    ]);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.id).toBe(first.body.id);
    expect(await t.db.select().from(tasks).where(eq(tasks.id, id))).toHaveLength(1);
  });

  it('refuses people from another farm or who left, and a supply of another farm, next to the field', async () => {
    const other = await seedFarmTeam(t);
    const stranger = await addStaff(t, other, { first_name: 'Other' });
    const left = await addStaff(t, team, { first_name: 'Gone', status: 'left', end_date: '2025-01-01' });
    const theirs = await t.request<ErrorBody>('POST', `${team.base}/tasks`, {
      cookie: team.cookies.manager,
      body: task({ assignee_ids: [stranger.id] }),
    });
    expect([theirs.status, theirs.body.error.fields]).toEqual([
      400,
      { assignee_ids: 'Choose people from the staff list' },
    ]);
    const gone = await t.request<ErrorBody>('POST', `${team.base}/tasks`, {
      cookie: team.cookies.manager,
      body: task({ assignee_ids: [left.id] }),
    });
    expect(gone.body.error.fields).toEqual({
      assignee_ids: 'Gone Ibrahim has left the farm. Choose someone who works here now.',
    });
    const supply = await t.request<ErrorBody>('POST', `${team.base}/tasks`, {
      cookie: team.cookies.manager,
      body: task({ supply_id: newId() }),
    });
    expect(supply.body.error.fields).toEqual({ supply_id: 'Choose a supply from the list' });
  });

  it('changes a task with optimistic concurrency and swaps its people', async () => {
    const created = await addTask(task({ assignee_ids: [colleague.id] }));
    const changed = await t.request<TaskWithPhotos>('PATCH', `${team.base}/tasks/${created.id}`, {
      cookie: team.cookies.manager,
      body: { version: 1, assignee_ids: [workerStaff.id] },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.assignees.map((a) => a.name)).toEqual(['Bello Ibrahim']);
    expect(changed.body.version).toBe(2);
    const stale = await t.request('PATCH', `${team.base}/tasks/${created.id}`, {
      cookie: team.cookies.owner,
      body: { version: 1, title: 'Something else' },
    });
    expect(stale.status).toBe(409);
  });
});

describe('completing', () => {
  it('a worker completes their own and unassigned tasks, not a colleague’s', async () => {
    const own = await addTask(task({ assignee_ids: [workerStaff.id] }));
    const nobody = await addTask(task());
    const theirs = await addTask(task({ assignee_ids: [colleague.id] }));
    for (const id of [own.id, nobody.id]) {
      const res = await t.request<TaskWithPhotos>('POST', `${team.base}/tasks/${id}/complete`, {
        cookie: team.cookies.worker,
        body: { note: 'Done before the rain' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        status: 'done',
        completed_by_name: 'worker Okafor',
        completion_note: 'Done before the rain',
      });
    }
    const refused = await t.request<ErrorBody>('POST', `${team.base}/tasks/${theirs.id}/complete`, {
      cookie: team.cookies.worker,
      body: {},
    });
    expect([refused.status, refused.body.error.message]).toEqual([
      403,
      'This task is given to someone else. Ask the farm manager to give it to you, or to do it themselves.',
    ]);
    // The manager may complete anyone's.
    const manager = await t.request('POST', `${team.base}/tasks/${theirs.id}/complete`, {
      cookie: team.cookies.manager,
      body: {},
    });
    expect(manager.status).toBe(200);
  });

  it('records the stock a completion used exactly once, however often the tap arrives', async () => {
    const [supply] = await t.db
      .insert(supplies)
      .values({
        farm_id: team.farm.id,
        name: 'Urea',
        category: 'fertilizer',
        unit: 'bag_50kg',
        quantity: '10',
        low_threshold: '1',
      })
      .returning();
    const job = await addTask(
      task({ title: 'Top-dress with urea', type: 'fertilizer_application', supply_id: supply!.id }),
    );
    const body = { records: [{ kind: 'stock_use', supply_id: supply!.id, quantity: '2' }] };
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.request<TaskWithPhotos>('POST', `${team.base}/tasks/${job.id}/complete`, {
          cookie: team.cookies.worker,
          body,
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const [after] = await t.db.select().from(supplies).where(eq(supplies.id, supply!.id));
    expect(after!.quantity).toBe('8.000');
    const uses = await t.db.select().from(supply_movements).where(eq(supply_movements.supply_id, supply!.id));
    expect(uses).toMatchObject([
      { kind: 'used', quantity: '-2.000', note: 'Task done: Top-dress with urea' },
    ]);
  });

  it('rolls the whole completion back when the stock is not there, and says how much is left', async () => {
    const [supply] = await t.db
      .insert(supplies)
      .values({
        farm_id: team.farm.id,
        name: 'Atrazine',
        category: 'agrochemicals',
        unit: 'litre',
        quantity: '1',
        low_threshold: '0',
      })
      .returning();
    const job = await addTask(task({ title: 'Spray the weeds', type: 'spraying' }));
    const res = await t.request<ErrorBody>('POST', `${team.base}/tasks/${job.id}/complete`, {
      cookie: team.cookies.manager,
      body: { records: [{ kind: 'stock_use', supply_id: supply!.id, quantity: '3' }] },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/^Not enough stock: only 1 left/);
    const [still] = await t.db.select().from(tasks).where(eq(tasks.id, job.id));
    expect(still!.status).toBe('open');
    const other = await t.request<ErrorBody>('POST', `${team.base}/tasks/${job.id}/complete`, {
      cookie: team.cookies.manager,
      body: { records: [{ kind: 'stock_use', supply_id: newId(), quantity: '1' }] },
    });
    expect([other.status, other.body.error.fields]).toEqual([
      400,
      { records: 'Choose a supply from the list' },
    ]);
  });

  it('skips with a reason and opens again; a done task is not skipped', async () => {
    const job = await addTask(task());
    const skipped = await t.request<TaskWithPhotos>('POST', `${team.base}/tasks/${job.id}/skip`, {
      cookie: team.cookies.worker,
      body: { note: 'Too wet to weed' },
    });
    expect(skipped.body).toMatchObject({ status: 'skipped', completion_note: 'Too wet to weed' });
    const open = await t.request<TaskWithPhotos>('POST', `${team.base}/tasks/${job.id}/reopen`, {
      cookie: team.cookies.worker,
    });
    expect(open.body).toMatchObject({ status: 'open', completed_at: null, completion_note: null });
    await t.request('POST', `${team.base}/tasks/${job.id}/complete`, {
      cookie: team.cookies.worker,
      body: {},
    });
    const skipDone = await t.request<ErrorBody>('POST', `${team.base}/tasks/${job.id}/skip`, {
      cookie: team.cookies.worker,
      body: {},
    });
    expect([skipDone.status, skipDone.body.error.message]).toEqual([
      409,
      'This task is already done. Mark it as not done first.',
    ]);
  });
});

describe('Today, My tasks and the calendar', () => {
  it('splits overdue, today and the next 7 days in the farm’s time zone; mine is my own and unassigned', async () => {
    const farm = await seedFarmTeam(t);
    const mine = await addStaff(t, farm, { first_name: 'Mine', member_user_id: farm.users.worker.id });
    const someoneElse = await addStaff(t, farm, { first_name: 'Else' });
    await addTask(task({ title: 'Late', due_date: addDays(today, -2), assignee_ids: [mine.id] }), farm);
    await addTask(task({ title: 'Late but done', due_date: addDays(today, -1) }), farm).then((done) =>
      t.request('POST', `${farm.base}/tasks/${done.id}/complete`, { cookie: farm.cookies.owner, body: {} }),
    );
    await addTask(task({ title: 'Today, low', priority: 'low' }), farm);
    await addTask(task({ title: 'Today, high', priority: 'high', assignee_ids: [someoneElse.id] }), farm);
    await addTask(task({ title: 'In a week', due_date: addDays(today, 7) }), farm);
    await addTask(task({ title: 'Too far', due_date: addDays(today, 8) }), farm);

    const all = await t.request<TodayTasks>('GET', `${farm.base}/tasks/today`, {
      cookie: farm.cookies.viewer,
    });
    expect(all.status).toBe(200);
    const titles = (section: { items: { title: string }[] }) => section.items.map((item) => item.title);
    expect(all.body.today).toBe(today);
    expect(titles(all.body.overdue)).toEqual(['Late']);
    expect(titles(all.body.due_today)).toEqual(['Today, high', 'Today, low']);
    expect(titles(all.body.upcoming)).toEqual(['In a week']);
    expect(all.body.due_today.total).toBe(2);

    const mineOnly = await t.request<TodayTasks>('GET', `${farm.base}/tasks/today?mine=true`, {
      cookie: farm.cookies.worker,
    });
    expect(titles(mineOnly.body.overdue)).toEqual(['Late']);
    expect(titles(mineOnly.body.due_today)).toEqual(['Today, low']);

    const from = addDays(today, -3);
    const month = await t.request<Calendar>(
      'GET',
      `${farm.base}/tasks/calendar?from=${from}&to=${addDays(from, 41)}`,
      { cookie: farm.cookies.worker },
    );
    expect(month.body.days).toEqual([
      { date: addDays(today, -2), open: 1, done: 0, skipped: 0 },
      { date: addDays(today, -1), open: 0, done: 1, skipped: 0 },
      { date: today, open: 2, done: 0, skipped: 0 },
      { date: addDays(today, 7), open: 1, done: 0, skipped: 0 },
      { date: addDays(today, 8), open: 1, done: 0, skipped: 0 },
    ]);
    const mineMonth = await t.request<Calendar>(
      'GET',
      `${farm.base}/tasks/calendar?from=${from}&to=${addDays(from, 41)}&mine=true`,
      { cookie: farm.cookies.worker },
    );
    expect(mineMonth.body.days.find((day) => day.date === today)).toEqual({
      date: today,
      open: 1,
      done: 0,
      skipped: 0,
    });
    const day = await t.request<DayTasks>('GET', `${farm.base}/tasks/day?date=${today}`, {
      cookie: farm.cookies.viewer,
    });
    expect(day.body.items.map((item) => item.title)).toEqual(['Today, high', 'Today, low']);
    const tooLong = await t.request<ErrorBody>(
      'GET',
      `${farm.base}/tasks/calendar?from=${from}&to=${addDays(from, 42)}`,
      { cookie: farm.cookies.worker },
    );
    expect([tooLong.status, tooLong.body.error.fields]).toEqual([400, { to: 'Ask for at most 42 days' }]);
  });
});

describe('the next 7 days', () => {
  it('lists a repeating task once, on its first open day, with how many days it is due there', async () => {
    const farm = await seedFarmTeam(t);
    const daily = await addTask(
      task({ title: 'Feed the layers', type: 'feeding', due_date: addDays(today, 1), rrule: 'FREQ=DAILY' }),
      farm,
    );
    await addTask(task({ title: 'Fix the fence', type: 'maintenance', due_date: addDays(today, 3) }), farm);
    const upcoming = async () =>
      (await t.request<TodayTasks>('GET', `${farm.base}/tasks/today`, { cookie: farm.cookies.viewer })).body
        .upcoming;
    const rows = (section: TodayTasks['upcoming']) =>
      section.items.map((item) => [item.title, item.due_date, item.series_days]);

    const before = await upcoming();
    expect(rows(before)).toEqual([
      ['Feed the layers', addDays(today, 1), 7],
      ['Fix the fence', addDays(today, 3), 1],
    ]);
    expect(before.items[0]!.id).toBe(daily.id);
    expect(before.total).toBe(8);

    const done = await t.request('POST', `${farm.base}/tasks/${daily.id}/complete`, {
      cookie: farm.cookies.owner,
      body: {},
    });
    expect(done.status).toBe(200);
    const after = await upcoming();
    expect(rows(after)).toEqual([
      ['Feed the layers', addDays(today, 2), 6],
      ['Fix the fence', addDays(today, 3), 1],
    ]);
    expect(after.total).toBe(7);
  });
});

describe('the Today statement', () => {
  it('answers field for field what the object form answers, for every kind of task and both views', async () => {
    const farm = await seedFarmTeam(t);
    const mine = await addStaff(t, farm, { first_name: 'Mine', member_user_id: farm.users.worker.id });
    const other = await addStaff(t, farm, { first_name: 'Amina' });
    const urea = await t.request<Supply>('POST', `${farm.base}/supplies`, {
      cookie: farm.cookies.owner,
      body: { category: 'fertilizer', name: 'Urea', unit: 'bag_50kg', quantity: '4' },
    });
    const flock = await t.request<{ id: string }>('POST', `${farm.base}/livestock`, {
      cookie: farm.cookies.owner,
      body: {
        kind: 'group',
        species: 'chicken_broiler',
        name: 'Batch 3',
        head_count: 200,
        acquisition: 'bought',
      },
    });
    const crop = await t.request<{ id: string }>('POST', `${farm.base}/crops`, {
      cookie: farm.cookies.owner,
      body: { id: newId(), crop_key: 'maize', area_planted: '1', season: 'main', planting_date: today },
    });
    await addTask(
      task({
        title: 'Late',
        due_date: addDays(today, -3),
        supply_id: urea.body.id,
        assignee_ids: [mine.id, other.id],
      }),
      farm,
    );
    await addTask(
      task({
        title: 'Vaccinate',
        type: 'vaccination',
        livestock_id: flock.body.id,
        due_time: '07:30',
        priority: 'high',
      }),
      farm,
    );
    await addTask(
      task({ title: 'Weed', crop_id: crop.body.id, notes: 'Rows 1–4', assignee_ids: [other.id] }),
      farm,
    );
    await addTask(task({ title: 'Every Monday', rrule: 'FREQ=WEEKLY;BYDAY=MO' }), farm);
    await addTask(
      task({ title: 'Every day', type: 'feeding', due_date: addDays(today, 1), rrule: 'FREQ=DAILY' }),
      farm,
    );
    await addTask(task({ title: 'Once, in two days', due_date: addDays(today, 2), priority: 'high' }), farm);
    const done = await addTask(task({ title: 'Done today', priority: 'low' }), farm);
    await t.request('POST', `${farm.base}/tasks/${done.id}/complete`, {
      cookie: farm.cookies.owner,
      body: { note: 'All of it' },
    });
    for (const [who, mineOnly] of [
      ['owner', false],
      ['worker', true],
    ] as const) {
      const ctx = {
        db: t.db,
        farmId: farm.farm.id,
        userId: farm.users[who].id,
        role: who,
        logger: createLogger('silent'),
      };
      const fromStatement = JSON.parse(await todayTasksJson(ctx, { mine: mineOnly })) as TodayTasks;
      expect(fromStatement, who).toEqual(await todayTasks(ctx, { mine: mineOnly }));
      expect(fromStatement.due_today.items.length + fromStatement.overdue.items.length, who).toBeGreaterThan(
        1,
      );
      expect(
        fromStatement.upcoming.items.map((item) => [item.title, item.series_days]),
        who,
      ).toContainEqual(['Every day', 7]);
      const month = {
        from: addDays(today, -10),
        to: addDays(today, 31),
        mine: mineOnly ? 'true' : undefined,
      } as const;
      const calendar = JSON.parse(await calendarDaysJson(ctx, month)) as Calendar;
      expect(calendar, who).toEqual(await calendarDays(ctx, month));
      expect(calendar.days.length, who).toBeGreaterThan(2);
    }
  });
});

describe('repeating tasks', () => {
  it('writes a weekly task out ahead by the rule, and the first task is the phone’s id', async () => {
    const id = newId();
    const first = await addTask(
      task({
        id,
        title: 'Spray the tomatoes',
        type: 'spraying',
        due_date: '2026-11-24',
        rrule: 'FREQ=WEEKLY;BYDAY=MO,TH;COUNT=6',
        assignee_ids: [colleague.id],
      }),
    );
    expect(first).toMatchObject({ id, due_date: '2026-11-26', rrule: 'FREQ=WEEKLY;BYDAY=MO,TH;COUNT=6' });
    const days = await t.db
      .select({ day: tasks.due_date })
      .from(tasks)
      .where(eq(tasks.series_id, first.series_id!))
      .orderBy(tasks.due_date);
    expect(days.map((d) => d.day)).toEqual([
      '2026-11-26',
      '2026-11-30',
      '2026-12-03',
      '2026-12-07',
      '2026-12-10',
      '2026-12-14',
    ]);
    const [series] = await t.db.select().from(task_series).where(eq(task_series.id, first.series_id!));
    expect(series!.generated_until).toBeNull();
    // A replay of the create makes no second series.
    await addTask(
      task({
        id,
        title: 'Spray the tomatoes',
        type: 'spraying',
        due_date: '2026-11-24',
        rrule: 'FREQ=WEEKLY;BYDAY=MO,TH;COUNT=6',
      }),
    );
    expect(
      await t.db.select().from(task_series).where(eq(task_series.title, 'Spray the tomatoes')),
    ).toHaveLength(1);
  });

  it('keeps the end of the month for a task on the 31st', async () => {
    const first = await addTask(
      task({
        title: 'Pay the guards',
        due_date: '2027-01-31',
        rrule: 'FREQ=MONTHLY;BYMONTHDAY=31,-1;BYSETPOS=1;UNTIL=20270630',
      }),
    );
    const days = await t.db
      .select({ day: tasks.due_date })
      .from(tasks)
      .where(eq(tasks.series_id, first.series_id!))
      .orderBy(tasks.due_date);
    expect(days.map((d) => d.day)).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
      '2027-06-30',
    ]);
  });

  it('refuses a rule with no day and one outside what Gona repeats by', async () => {
    const none = await t.request<ErrorBody>('POST', `${team.base}/tasks`, {
      cookie: team.cookies.manager,
      body: task({ due_date: '2027-01-01', rrule: 'FREQ=DAILY;UNTIL=20261201' }),
    });
    expect(none.body.error.fields).toEqual({
      rrule: 'This rule gives no day from the start day on. Choose another start day or rule.',
    });
    const hourly = await t.request<ErrorBody>('POST', `${team.base}/tasks`, {
      cookie: team.cookies.manager,
      body: task({ rrule: 'FREQ=HOURLY' }),
    });
    expect(hourly.body.error.fields).toEqual({
      rrule: 'Choose every day, every week on some days, or every month',
    });
  });

  it('a change to the series rewrites its untouched open days and keeps what was done or changed by hand', async () => {
    const first = await addTask(
      task({ title: 'Feed the fish', type: 'feeding', due_date: today, rrule: 'FREQ=DAILY;COUNT=5' }),
    );
    const seriesTasks = () =>
      t.db.select().from(tasks).where(eq(tasks.series_id, first.series_id!)).orderBy(tasks.due_date);
    const [day1, day2] = await seriesTasks();
    await t.request('POST', `${team.base}/tasks/${day1!.id}/complete`, {
      cookie: team.cookies.manager,
      body: {},
    });
    await t.request('PATCH', `${team.base}/tasks/${day2!.id}`, {
      cookie: team.cookies.manager,
      body: { version: 1, notes: 'Half ration' },
    });
    const res = await t.request<{ rewritten: number }>(
      'PATCH',
      `${team.base}/task-series/${first.series_id}`,
      {
        cookie: team.cookies.manager,
        body: { version: 1, title: 'Feed the catfish' },
      },
    );
    expect(res.status).toBe(200);
    const after = await seriesTasks();
    expect(after.map((row) => [row.due_date, row.title, row.status])).toEqual([
      [today, 'Feed the fish', 'done'],
      [addDays(today, 1), 'Feed the fish', 'open'],
      [addDays(today, 2), 'Feed the catfish', 'open'],
      [addDays(today, 3), 'Feed the catfish', 'open'],
      [addDays(today, 4), 'Feed the catfish', 'open'],
    ]);

    const stop = await t.request('DELETE', `${team.base}/task-series/${first.series_id}`, {
      cookie: team.cookies.manager,
    });
    expect(stop.status).toBe(204);
    // The past stays; nothing open from today on.
    const left = await t.db.select().from(tasks).where(eq(tasks.title, 'Feed the fish'));
    expect(left.map((row) => row.status)).toEqual(['done']);
  });
});

describe('plans and triggers', () => {
  it('puts a plan into the tasks once, however often it is asked', async () => {
    const farm = await seedFarmTeam(t);
    const plans = await t.request<{ key: string }[]>('GET', `${farm.base}/tasks/templates`, {
      cookie: farm.cookies.viewer,
    });
    expect(plans.body.map((plan) => plan.key)).toEqual(['equipment_care', 'pen_hygiene', 'stock_take']);
    const body = { template: 'equipment_care', anchor: '2026-12-01' };
    const first = await t.request('POST', `${farm.base}/tasks/schedule`, {
      cookie: farm.cookies.manager,
      body,
    });
    const again = await t.request('POST', `${farm.base}/tasks/schedule`, {
      cookie: farm.cookies.owner,
      body,
    });
    expect([first.body, again.body]).toEqual([
      { created: 1, existing: 0 },
      { created: 0, existing: 1 },
    ]);
    const rows = await t.db
      .select()
      .from(tasks)
      .where(eq(tasks.farm_id, farm.farm.id))
      .orderBy(tasks.due_date);
    expect(rows[0]).toMatchObject({
      due_date: '2026-12-01',
      title: 'Service the farm equipment',
      type: 'maintenance',
    });
    expect(rows.slice(0, 3).map((row) => row.due_date)).toEqual(['2026-12-01', '2027-01-01', '2027-02-01']);
    const unknown = await t.request<ErrorBody>('POST', `${farm.base}/tasks/schedule`, {
      cookie: farm.cookies.manager,
      body: { template: 'moon_dance', anchor: '2026-12-01' },
    });
    expect(unknown.body.error.fields).toEqual({ template: 'Choose a plan from the list' });
  });

  it('stock going low puts "Buy more" on the managers’ tasks once per alert', async () => {
    const farm = await seedFarmTeam(t);
    const manager = await addStaff(t, farm, { first_name: 'Manager', member_user_id: farm.users.manager.id });
    const supply = await t.request<Supply>('POST', `${farm.base}/supplies`, {
      cookie: farm.cookies.owner,
      body: {
        category: 'animal_feed',
        name: 'Layer mash',
        unit: 'bag_25kg',
        quantity: '10',
        low_threshold: '3',
      },
    });
    for (const quantity of [4, 3, 1]) {
      const moved = await t.request('POST', `${farm.base}/supplies/${supply.body.id}/movements`, {
        cookie: farm.cookies.worker,
        body: { id: newId(), kind: 'used', quantity },
      });
      expect(moved.status, moved.text).toBe(201);
    }
    const made = await t.db.select().from(tasks).where(eq(tasks.farm_id, farm.farm.id));
    expect(made).toMatchObject([
      { title: 'Buy more Layer mash', priority: 'high', supply_id: supply.body.id },
    ]);
    const today = await t.request<TodayTasks>('GET', `${farm.base}/tasks/today`, {
      cookie: farm.cookies.manager,
    });
    expect(today.body.due_today.items[0]!.assignees).toEqual([
      { id: manager.id, name: 'Manager Ibrahim', has_account: true },
    ]);
  });
});

describe('the reminder sweep', () => {
  it('sends each person their morning once, after 06:00 farm time, and nudges once about an overdue task', async () => {
    const farm = await seedFarmTeam(t);
    const worker = await addStaff(t, farm, { first_name: 'Worker', member_user_id: farm.users.worker.id });
    const day = '2027-03-10';
    await t.db.insert(tasks).values([
      {
        farm_id: farm.farm.id,
        title: 'Vaccinate the layers',
        type: 'vaccination',
        due_date: day,
        priority: 'high',
      },
      { farm_id: farm.farm.id, title: 'Mend the fence', type: 'maintenance', due_date: '2027-03-09' },
    ]);
    const [given] = await t.db
      .insert(tasks)
      .values({
        farm_id: farm.farm.id,
        title: 'Collect eggs',
        type: 'other',
        due_date: day,
        due_time: '08:00',
        assigned: true,
      })
      .returning();
    await t.db
      .insert(task_assignees)
      .values({ task_id: given!.id, staff_id: worker.id, farm_id: farm.farm.id });

    // 05:30 in Lagos (04:30 UTC): too early for the morning; yesterday's task is overdue.
    const early = await sweepTasks(t.db, new Date(`${day}T04:30:00Z`));
    expect(early.mornings).toBe(0);
    // 06:15 in Lagos, twice: one morning per person.
    await sweepTasks(t.db, new Date(`${day}T05:15:00Z`));
    await sweepTasks(t.db, new Date(`${day}T05:15:00Z`));
    const mornings = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.farm_id, farm.farm.id), eq(notifications.kind, 'tasks_today')));
    expect(mornings).toHaveLength(3);
    const byUser = Object.fromEntries(mornings.map((n) => [n.user_id, n]));
    expect(byUser[farm.users.owner.id]).toMatchObject({
      title: `Today on ${farm.farm.name}: 2 tasks due today, 1 overdue`,
      body: 'Vaccinate the layers; Mend the fence; Collect eggs.',
    });
    expect(byUser[farm.users.worker.id]!.params).toMatchObject({ due_today: 2, overdue: 1 });
    expect(byUser[farm.users.viewer.id]).toBeUndefined();

    // 09:00 in Lagos: "Collect eggs" at 08:00 is now late too. Each overdue task nudges once.
    await sweepTasks(t.db, new Date(`${day}T08:00:00Z`));
    await sweepTasks(t.db, new Date(`${day}T08:00:00Z`));
    const nudges = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.farm_id, farm.farm.id), eq(notifications.kind, 'task_overdue')));
    const nudged = nudges
      .map((n) => `${n.title} → ${n.user_id === farm.users.worker.id ? 'worker' : 'managers'}`)
      .sort();
    expect(nudged).toEqual([
      'Overdue: Collect eggs → worker',
      'Overdue: Mend the fence → managers',
      'Overdue: Mend the fence → managers',
    ]);
  });

  it('keeps a repeating task written ahead as the days go by', async () => {
    const farm = await seedFarmTeam(t);
    const first = await addTask(
      task({ title: 'Check the borehole pump', due_date: today, rrule: 'FREQ=DAILY' }),
      farm,
    );
    const count = async () =>
      (await t.db.select({ id: tasks.id }).from(tasks).where(eq(tasks.series_id, first.series_id!))).length;
    expect(await count()).toBe(401);
    const later = new Date(Date.now() + 30 * 86_400_000);
    await sweepTasks(t.db, later);
    expect(await count()).toBe(431);
  });
});

describe('the morning SMS to staff without an account', () => {
  it('is the owner’s to turn on, and then texts each such person once with their tasks', async () => {
    const fake = await startFakeAfricasTalking({ apiKey: 'at-key' });
    try {
      const sms = createSmsProvider({
        provider: 'africastalking',
        apiKey: 'at-key',
        username: 'sandbox',
        senderId: 'GONA',
        baseUrl: fake.url,
      });
      const farm = await seedFarmTeam(t);
      const musa = await addStaff(t, farm, { first_name: 'Musa', phone: '+2348031112222' });
      const noPhone = await addStaff(t, farm, { first_name: 'Silent' });
      const day = '2027-04-01';
      const made = await t.db
        .insert(tasks)
        .values([
          {
            farm_id: farm.farm.id,
            title: 'Spray the tomatoes',
            type: 'spraying',
            due_date: day,
            assigned: true,
          },
          {
            farm_id: farm.farm.id,
            title: 'Mend the fence',
            type: 'maintenance',
            due_date: day,
            assigned: true,
          },
        ])
        .returning();
      await t.db.insert(task_assignees).values([
        { task_id: made[0]!.id, staff_id: musa.id, farm_id: farm.farm.id },
        { task_id: made[1]!.id, staff_id: musa.id, farm_id: farm.farm.id },
        { task_id: made[1]!.id, staff_id: noPhone.id, farm_id: farm.farm.id },
      ]);

      const byManager = await t.request('PUT', `${farm.base}/tasks/settings`, {
        cookie: farm.cookies.manager,
        body: { sms_staff: true },
      });
      expect(byManager.status).toBe(403);
      const on = await t.request('PUT', `${farm.base}/tasks/settings`, {
        cookie: farm.cookies.owner,
        body: { sms_staff: true },
      });
      expect(on.body).toEqual({ sms_staff: true, sms_available: false });

      await sweepTasks(t.db, new Date(`${day}T05:30:00Z`), { sms });
      await sweepTasks(t.db, new Date(`${day}T05:45:00Z`), { sms });
      const toMusa = fake.received.filter((m) => m.to === '+2348031112222');
      expect(toMusa.map((m) => m.message)).toEqual([
        `Gona, ${farm.farm.name}: Musa, today (2): Spray the tomatoes; Mend the fence.`,
      ]);
      expect(fake.received).toHaveLength(1);
    } finally {
      await fake.close();
    }
  });

  it('fits a long list into one SMS', () => {
    const titles = Array.from({ length: 12 }, (_, i) => `Vaccinate pen ${i + 1} against Newcastle disease`);
    const text = staffMessage('Sunrise Poultry', 'Musa', titles);
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text.startsWith('Gona, Sunrise Poultry: Musa, today (12): Vaccinate pen 1')).toBe(true);
    expect(text.endsWith('….')).toBe(true);
  });
});
