import type { TFunction } from 'i18next';

/** A `word` cell (a category, a task type, an order's state, a unit, yes or no) in the reader's words. */
export function reportWord(t: TFunction, column: string, value: string): string {
  if (column === 'category') return t(`money:categories.${value}`);
  if (column === 'type') return t(`tasks:types.${value}`);
  if (column === 'status') return t(`marketplace:orders.statuses.${value}`);
  if (column === 'unit') return t(`common:units.${value}`, { count: 2 });
  if (column === 'ranLow') return t(value === 'yes' ? 'reports:yes' : 'reports:no');
  return value;
}
