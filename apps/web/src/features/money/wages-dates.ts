/** A calendar day (yyyy-mm-dd) moved by whole days. */
export function addDays(date: string, days: number): string {
  const moved = new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000);
  return moved.toISOString().slice(0, 10);
}

/**
 * The period a new pay run starts with: early in a month (up to the 5th) the farm is usually paying
 * for the month just ended, so the whole previous month; later, this month from the 1st to today.
 */
export function defaultPayPeriod(today: string): { from: string; to: string } {
  const firstOfThisMonth = `${today.slice(0, 8)}01`;
  if (Number(today.slice(8, 10)) > 5) return { from: firstOfThisMonth, to: today };
  const lastOfPrevious = addDays(firstOfThisMonth, -1);
  return { from: `${lastOfPrevious.slice(0, 8)}01`, to: lastOfPrevious };
}
