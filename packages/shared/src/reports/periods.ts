/** The periods the reports screen offers, each the one containing the farm's today. */
export const REPORT_PRESETS = ['month', 'last_month', 'quarter', 'season', 'year', 'last_year'] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];

export type Period = { from: string; to: string };

const pad = (n: number) => String(n).padStart(2, '0');
/** The last day of a month (month 1–12), on the calendar. */
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const monthPeriod = (year: number, first: number, last: number): Period => {
  // Months past December roll into the next year (a dry season runs November to March).
  const endYear = year + Math.floor((last - 1) / 12);
  const endMonth = ((last - 1) % 12) + 1;
  return {
    from: `${year}-${pad(first)}-01`,
    to: `${endYear}-${pad(endMonth)}-${pad(lastDay(endYear, endMonth))}`,
  };
};

/**
 * The main growing season: the rains, April to October, as the crop calendar counts it; the rest
 * (November to March) is the dry season.
 */
export const MAIN_SEASON_MONTHS = { first: 4, last: 10 } as const;

/** The period a preset names, for the farm's today (yyyy-mm-dd in its time zone). */
export function presetPeriod(preset: ReportPreset, today: string): Period {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  switch (preset) {
    case 'month':
      return monthPeriod(year, month, month);
    case 'last_month':
      return month === 1 ? monthPeriod(year - 1, 12, 12) : monthPeriod(year, month - 1, month - 1);
    case 'quarter': {
      const first = Math.floor((month - 1) / 3) * 3 + 1;
      return monthPeriod(year, first, first + 2);
    }
    case 'season':
      if (month >= MAIN_SEASON_MONTHS.first && month <= MAIN_SEASON_MONTHS.last)
        return monthPeriod(year, MAIN_SEASON_MONTHS.first, MAIN_SEASON_MONTHS.last);
      // The dry season: November to March, across the new year.
      return month > MAIN_SEASON_MONTHS.last ? monthPeriod(year, 11, 15) : monthPeriod(year - 1, 11, 15);
    case 'year':
      return monthPeriod(year, 1, 12);
    case 'last_year':
      return monthPeriod(year - 1, 1, 12);
  }
}

const dayNumber = (day: string) =>
  Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000;
const dayOf = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10);

/** How many days a period covers, both ends included. */
export function periodDays({ from, to }: Period): number {
  return dayNumber(to) - dayNumber(from) + 1;
}

/**
 * The period before, to set beside it: the same months before when it is whole months (a quarter
 * before a quarter, last year before this year), else the same number of days just before.
 */
export function previousPeriod(period: Period): Period {
  const { from, to } = period;
  const nextDay = dayOf(dayNumber(to) + 1);
  if (from.endsWith('-01') && nextDay.endsWith('-01')) {
    const months =
      (Number(nextDay.slice(0, 4)) - Number(from.slice(0, 4))) * 12 +
      Number(nextDay.slice(5, 7)) -
      Number(from.slice(5, 7));
    const start = Number(from.slice(0, 4)) * 12 + Number(from.slice(5, 7)) - 1 - months;
    const startYear = Math.floor(start / 12);
    const startMonth = (start % 12) + 1;
    return { from: `${startYear}-${pad(startMonth)}-01`, to: dayOf(dayNumber(from) - 1) };
  }
  const days = periodDays(period);
  return { from: dayOf(dayNumber(from) - days), to: dayOf(dayNumber(from) - 1) };
}

/** yyyy-mm of every month the period touches. */
export function monthsOf({ from, to }: Period): string[] {
  const months: string[] = [];
  let index = Number(from.slice(0, 4)) * 12 + Number(from.slice(5, 7)) - 1;
  const last = Number(to.slice(0, 4)) * 12 + Number(to.slice(5, 7)) - 1;
  for (; index <= last; index += 1) months.push(`${Math.floor(index / 12)}-${pad((index % 12) + 1)}`);
  return months;
}
