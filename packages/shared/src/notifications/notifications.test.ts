import { describe, expect, it } from 'vitest';
import {
  channelChoices,
  clockOfMinutes,
  localHour,
  minutesOfClock,
  notificationText,
  quietHoursEnd,
} from './index';

const NIGHT = { start: 21 * 60, end: 6 * 60 };

describe('quietHoursEnd', () => {
  it('answers when quiet hours that cross midnight end, in the zone’s own time', () => {
    // 22:30 in Lagos (UTC+1) is 21:30 UTC; they end at 06:00 Lagos, 05:00 UTC the next day.
    expect(quietHoursEnd(new Date('2025-05-26T21:30:00Z'), NIGHT, 'Africa/Lagos')?.toISOString()).toBe(
      '2025-05-27T05:00:00.000Z',
    );
    // 02:00 Lagos: the same night's end, later that morning.
    expect(quietHoursEnd(new Date('2025-05-27T01:00:00Z'), NIGHT, 'Africa/Lagos')?.toISOString()).toBe(
      '2025-05-27T05:00:00.000Z',
    );
  });

  it('answers null outside quiet hours, and at the minute they end', () => {
    expect(quietHoursEnd(new Date('2025-05-26T12:00:00Z'), NIGHT, 'Africa/Lagos')).toBeNull();
    expect(quietHoursEnd(new Date('2025-05-27T05:00:00Z'), NIGHT, 'Africa/Lagos')).toBeNull();
    expect(quietHoursEnd(new Date('2025-05-26T19:59:00Z'), NIGHT, 'Africa/Lagos')).toBeNull();
    expect(quietHoursEnd(new Date('2025-05-26T20:00:00Z'), NIGHT, 'Africa/Lagos')).not.toBeNull();
  });

  it('handles quiet hours within one day, and a zone that changes its clocks overnight', () => {
    const afternoon = { start: 13 * 60, end: 15 * 60 };
    expect(quietHoursEnd(new Date('2025-05-26T13:00:00Z'), afternoon, 'Africa/Lagos')?.toISOString()).toBe(
      '2025-05-26T14:00:00.000Z',
    );
    // London moves from GMT to BST in the night of 29–30 March 2025: 06:00 is then 05:00 UTC.
    expect(quietHoursEnd(new Date('2025-03-29T23:00:00Z'), NIGHT, 'Europe/London')?.toISOString()).toBe(
      '2025-03-30T05:00:00.000Z',
    );
  });

  it('reads the hour in the zone', () => {
    expect(localHour(new Date('2025-05-26T23:30:00Z'), 'Africa/Lagos')).toBe(0);
  });
});

describe('clock times', () => {
  it('turns "21:00" into minutes and back, refusing what is not a time', () => {
    expect(minutesOfClock('21:00')).toBe(1260);
    expect(minutesOfClock('00:05')).toBe(5);
    expect(minutesOfClock('24:00')).toBeNull();
    expect(minutesOfClock('9:00')).toBeNull();
    expect(clockOfMinutes(1260)).toBe('21:00');
    expect(clockOfMinutes(-30)).toBe('23:30');
  });
});

describe('channelChoices', () => {
  it('fills the kind’s defaults under what the person chose, and ignores kinds and channels that do not exist', () => {
    const choices = channelChoices({ low_stock: { sms: true }, retired_kind: { email: true } });
    expect(choices.low_stock).toEqual({ email: true, push: true, sms: true });
    // A kind without a channel cannot be switched onto it.
    expect(channelChoices({ test: { email: true } }).test).toEqual({ email: false, push: true, sms: false });
    expect(Object.keys(choices)).not.toContain('retired_kind');
  });
});

describe('notificationText', () => {
  it('says low stock with the quantities in their unit, digits grouped', () => {
    expect(
      notificationText({
        kind: 'low_stock',
        params: {
          supply_id: 'x',
          supply_name: 'Urea',
          quantity: '1500.5',
          low_threshold: '2000',
          unit: 'kg',
        },
      }),
    ).toEqual({
      title: 'Low stock: Urea',
      body: 'Urea: 1,500.5 kg left (low at 2,000 kg). Buy more before it runs out.',
    });
  });
});
