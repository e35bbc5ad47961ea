import { describe, expect, it } from 'vitest';
import {
  CalendarQuerySchema,
  CompleteTaskInputSchema,
  CreateTaskInputSchema,
  parseRrule,
  repeatProblem,
  toRrule,
} from './index';

describe('repeat rules', () => {
  it('writes the farm choices as RRULE text and reads them back', () => {
    const cases = [
      [{ freq: 'daily', interval: 1 }, 'FREQ=DAILY'],
      [{ freq: 'daily', interval: 3, count: 10 }, 'FREQ=DAILY;INTERVAL=3;COUNT=10'],
      [{ freq: 'weekly', interval: 1, days: ['TH', 'MO'] }, 'FREQ=WEEKLY;BYDAY=MO,TH'],
      [
        { freq: 'weekly', interval: 2, days: ['SA'], until: '2027-03-31' },
        'FREQ=WEEKLY;INTERVAL=2;BYDAY=SA;UNTIL=20270331',
      ],
      [{ freq: 'monthly', interval: 1, monthDay: 15 }, 'FREQ=MONTHLY;BYMONTHDAY=15'],
      [{ freq: 'monthly', interval: 1, monthDay: 31 }, 'FREQ=MONTHLY;BYMONTHDAY=31,-1;BYSETPOS=1'],
    ] as const;
    for (const [repeat, text] of cases) {
      expect(toRrule({ ...repeat, days: 'days' in repeat ? [...repeat.days] : undefined })).toBe(text);
      const back = parseRrule(text)!;
      expect(toRrule(back)).toBe(text);
    }
  });

  it('refuses what Gona does not repeat by, in words a farmer can act on', () => {
    expect(repeatProblem('FREQ=HOURLY')).toBe('Choose every day, every week on some days, or every month');
    expect(repeatProblem('FREQ=WEEKLY')).toBe('Choose the days of the week');
    expect(repeatProblem('FREQ=DAILY;INTERVAL=0')).toBe('Repeat every 1 to 366');
    expect(repeatProblem('FREQ=DAILY;COUNT=5000')).toBe('Repeat 1 to 1000 times');
    expect(repeatProblem('FREQ=DAILY;COUNT=3;UNTIL=20270101')).toBe(
      'End after a number of times or on a date, not both',
    );
    expect(repeatProblem('FREQ=DAILY;UNTIL=2027-01-01')).toBe('Choose the last day as a date');
    expect(repeatProblem('FREQ=DAILY;BYDAY=MO')).not.toBeNull();
    expect(repeatProblem('FREQ=MONTHLY;BYMONTHDAY=31')).not.toBeNull();
    expect(repeatProblem('FREQ=DAILY;FREQ=WEEKLY')).not.toBeNull();
    expect(repeatProblem('DTSTART:20260101\nRRULE:FREQ=DAILY')).not.toBeNull();
    expect(repeatProblem('rrule:freq=daily;interval=2')).toBeNull();
  });
});

describe('task input', () => {
  const task = { title: 'Spray the maize', type: 'spraying', due_date: '2026-11-24' };

  it('takes a new task with defaults and a normalised rule', () => {
    const parsed = CreateTaskInputSchema.parse({ ...task, rrule: 'rrule:freq=weekly;byday=mo' });
    expect(parsed).toMatchObject({ priority: 'normal', assignee_ids: [], rrule: 'FREQ=WEEKLY;BYDAY=MO' });
    expect(CreateTaskInputSchema.parse({ ...task, rrule: '' }).rrule).toBeNull();
  });

  it('says what to fix next to each field', () => {
    const result = CreateTaskInputSchema.safeParse({
      title: ' ',
      type: 'dancing',
      due_date: '2026-02-30',
      due_time: '7:30',
      assignee_ids: ['not-an-id'],
      rrule: 'FREQ=YEARLY',
    });
    expect(result.success).toBe(false);
    const fields: Record<string, string> = Object.fromEntries(
      result.error!.issues.map((i) => [String(i.path[0]), i.message]),
    );
    expect(fields).toMatchObject({
      title: 'Say what needs doing, e.g. Spray the maize',
      type: 'Choose the kind of work',
      due_date: 'Choose the day it is due',
      due_time: 'Enter the time as hh:mm, e.g. 07:30',
      assignee_ids: 'Choose people from the staff list',
      rrule: 'Choose every day, every week on some days, or every month',
    });
  });

  it('records stock used with a completion, more than nothing', () => {
    const supply = '01935f4e-8a3c-7b1d-9e2f-0123456789ab';
    expect(
      CompleteTaskInputSchema.parse({ records: [{ kind: 'stock_use', supply_id: supply, quantity: '2' }] }),
    ).toEqual({ records: [{ kind: 'stock_use', supply_id: supply, quantity: '2' }] });
    const zero = CompleteTaskInputSchema.safeParse({
      records: [{ kind: 'stock_use', supply_id: supply, quantity: '0' }],
    });
    expect(zero.error?.issues[0]?.message).toBe('Enter how much was used, more than 0');
  });

  it('asks a calendar for at most six weeks, in order', () => {
    expect(CalendarQuerySchema.safeParse({ from: '2026-11-01', to: '2026-12-12' }).success).toBe(true);
    expect(
      CalendarQuerySchema.safeParse({ from: '2026-11-01', to: '2026-12-13' }).error?.issues[0]?.message,
    ).toBe('Ask for at most 42 days');
    expect(
      CalendarQuerySchema.safeParse({ from: '2026-11-02', to: '2026-11-01' }).error?.issues[0]?.message,
    ).toBe('The last day comes after the first');
  });
});
