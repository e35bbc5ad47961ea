import { RRuleTemporal } from 'rrule-temporal';
import { SERIES_MAX_OCCURRENCES } from '@gona/shared/tasks';

/**
 * The days a repeating task falls on, computed with rrule-temporal (the engine pg-boss schedules
 * with). Tasks are due on calendar days in the farm's time zone, so the rule runs on dates
 * (DTSTART;VALUE=DATE): no time zone and no daylight saving can move a day. `rrule` is the RRULE
 * value in the subset the shared schema accepts, `startsOn` its first day.
 */
export function occurrences(rrule: string, startsOn: string, window: { from: string; to: string }): string[] {
  const rule = new RRuleTemporal({
    rruleString: `DTSTART;VALUE=DATE:${compact(startsOn)}\nRRULE:${rrule}`,
    maxIterations: SERIES_MAX_OCCURRENCES * 4,
  });
  const days: string[] = [];
  // all() stops at COUNT/UNTIL by itself; the iterator also stops past the window or at the cap.
  rule.all((date, index) => {
    if (index >= SERIES_MAX_OCCURRENCES) return false;
    const day = date.toPlainDate().toString();
    if (day > window.to) return false;
    if (day >= window.from) days.push(day);
    return true;
  });
  return days;
}

/** Whether the rule has any day after `day` (false: the series is finished). */
export function hasDayAfter(rrule: string, startsOn: string, day: string): boolean {
  return occurrences(rrule, startsOn, { from: nextDay(day), to: '2200-12-31' }).length > 0;
}

function compact(date: string): string {
  return date.replaceAll('-', '');
}

function nextDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}
