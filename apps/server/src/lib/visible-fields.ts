import type { AuditLog } from '@gona/shared';
import type { NotificationKind } from '@gona/shared/notifications';
import { can, type FarmRole } from '@gona/shared/permissions';

/**
 * What of a farm's records each role is given: the one place that decides it (decision 053).
 * Workers never see money (product.md: money.read is the owner's, the manager's and, to read, the
 * viewer's), and only those who manage staff read a person's phone and next of kin (a person reads
 * their own). Every route that answers a record — lists, details, history, exports, the assistant's
 * context, notifications — passes it through here; a field is added to a record kind here, not in
 * the route. `money-for-roles.test.ts` walks every route as a worker and a viewer to hold it, and
 * `visible-fields.test.ts` fails when a table gains a money column this file does not name.
 */

/**
 * Records that are money through and through (a role without money.read reads none of them, by
 * route and in the farm's history), by table.
 */
export const MONEY_TABLES = [
  'expenses',
  'expense_allocations',
  'sales',
  'sale_payments',
  'recurring_expenses',
  'casual_labour',
  'attendance',
  'pay_runs',
  'pay_run_lines',
  'money_month_totals',
  'listings',
  'orders',
  'refunds',
  'order_payments',
  'payment_events',
  'ledger_entries',
  'payouts',
  'payout_accounts',
  'disputes',
  'ratings',
  'subscription_checkouts',
  'subscription_payments',
  'billing_plans',
] as const;

/** The money fields of each kind of record a role without money.read still reads (by table). */
export const MONEY_FIELDS = {
  supplies: ['unit_cost_kobo'],
  /** A receipt's cost, and whether it was paid as an expense. */
  supply_movements: ['unit_cost_kobo', 'expense_id'],
  staff: ['pay_rate_kobo', 'pay_period'],
  /** A bought animal's or group's price. */
  livestock: ['price_kobo'],
  livestock_health_records: ['cost_kobo'],
  /** A sale's or purchase's price. */
  livestock_events: ['price_kobo'],
  fields: ['rent_kobo'],
} as const satisfies Record<string, readonly string[]>;

export type RecordKind = keyof typeof MONEY_FIELDS;

/** Fields about a person that only those who manage staff read, and the person themself. */
export const PERSONAL_FIELDS = {
  staff: ['phone', 'next_of_kin_name', 'next_of_kin_phone'],
} as const satisfies Partial<Record<RecordKind, readonly string[]>>;

/** Every money field's name, of every kind: what a history row of any table loses. */
const ALL_MONEY_FIELDS = new Set<string>(Object.values(MONEY_FIELDS).flat());

/**
 * A name that says money, as the schemas name it. A history row's `changes` is free-form (a row
 * may carry another record's fields beside its own), so it also loses any key named so; and a new
 * table column named so must be listed above (visible-fields.test.ts).
 */
export const MONEY_NAME =
  /(kobo|price|cost|^rent(_|$)|amount|pay_rate|pay_period|wage|salary|commission|refund)/;

const isMoneyKey = (key: string) => ALL_MONEY_FIELDS.has(key) || MONEY_NAME.test(key);

/**
 * Notifications that carry money: never sent to a member whose role does not read money (see
 * `notificationCarriesMoney`), and no longer read by a person whose role on the farm stopped
 * reading money (a manager made a worker). The kinds workers are sent (the tasks') carry none.
 */
export const MONEY_NOTIFICATION_KINDS = [
  'payment_due',
  'order_sold',
  'payout',
  'monthly_report',
  'subscription',
  'dispute',
  'rating',
] as const satisfies readonly NotificationKind[];

/** Who is reading: their role on the farm, and who they are (a person reads their own details). */
export type Reader = { role: FarmRole; userId?: string | undefined };

const readerOf = (reader: Reader | FarmRole): Reader =>
  typeof reader === 'string' ? { role: reader } : reader;

export function readsMoney(role: FarmRole | null | undefined): boolean {
  return can(role, 'money.read');
}

/** Whether the reader reads everyone's phone and next of kin (not only their own). */
export function readsPersonalDetails(role: FarmRole | null | undefined): boolean {
  return can(role, 'staff.manage');
}

/** The tables whose history rows a role does not read at all (none for roles that read money). */
export function hiddenTables(role: FarmRole | null | undefined): readonly string[] {
  return readsMoney(role) ? [] : MONEY_TABLES;
}

/**
 * The record as the reader may see it: money fields left out for roles without money.read, a
 * person's phone and next of kin for those who manage staff or the person themself
 * (`member_user_id`). The fields are optional in the shared answer schemas.
 */
export function visibleRecord<T extends object>(reader: Reader | FarmRole, kind: RecordKind, record: T): T {
  const { role, userId } = readerOf(reader);
  const hide = new Set<string>();
  if (!readsMoney(role)) for (const field of MONEY_FIELDS[kind]) hide.add(field);
  const personal = PERSONAL_FIELDS[kind as keyof typeof PERSONAL_FIELDS] as readonly string[] | undefined;
  if (personal && !readsPersonalDetails(role) && !isOwn(record, userId))
    for (const field of personal) hide.add(field);
  if (hide.size === 0) return record;
  return Object.fromEntries(Object.entries(record).filter(([key]) => !hide.has(key))) as T;
}

export function visiblePage<T extends object, P extends { items: T[] }>(
  reader: Reader | FarmRole,
  kind: RecordKind,
  page: P,
): P {
  return { ...page, items: page.items.map((item) => visibleRecord(reader, kind, item)) };
}

function isOwn(record: object, userId: string | undefined): boolean {
  const owner = (record as { member_user_id?: unknown }).member_user_id;
  return userId !== undefined && owner != null && owner === userId;
}

/**
 * A history row as the reader may see it, or null when they read none of it (a money record's row
 * for a role without money.read). Other rows lose every money field, at any depth of `changes`
 * (a change is { from, to }; a row may carry another record's fields beside its own), and a staff
 * row loses the person's phone and next of kin for those who do not manage staff.
 */
export function visibleAuditLog<L extends Pick<AuditLog, 'table_name' | 'changes'>>(
  role: FarmRole | null | undefined,
  log: L,
): L | null {
  const money = readsMoney(role);
  if (!money && (MONEY_TABLES as readonly string[]).includes(log.table_name)) return null;
  const personal = log.table_name === 'staff' && !readsPersonalDetails(role);
  if ((money && !personal) || typeof log.changes !== 'object' || log.changes === null) return log;
  const hidden = (key: string) =>
    (!money && isMoneyKey(key)) || (personal && (PERSONAL_FIELDS.staff as readonly string[]).includes(key));
  return { ...log, changes: without(log.changes, hidden) };
}

function without(value: unknown, hidden: (key: string) => boolean): unknown {
  if (Array.isArray(value)) return value.map((item) => without(item, hidden));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([key]) => !hidden(key))
      .map(([key, inner]) => [key, without(inner, hidden)]),
  );
}

export function isMoneyNotification(kind: string): boolean {
  return (MONEY_NOTIFICATION_KINDS as readonly string[]).includes(kind);
}

/**
 * Whether a notification about to be sent carries money: its kind is listed above, or its params
 * hold a key whose name says money at any depth (a kind added later is held without a change here).
 */
export function notificationCarriesMoney(kind: string, params: unknown): boolean {
  return isMoneyNotification(kind) || hasMoneyKey(params);
}

function hasMoneyKey(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasMoneyKey);
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value as Record<string, unknown>).some(
    ([key, inner]) => MONEY_NAME.test(key) || hasMoneyKey(inner),
  );
}

/** Whether a person with this role on the notification's farm reads (and is sent) one of this kind. */
export function readsNotification(role: FarmRole | null | undefined, kind: string): boolean {
  return readsMoney(role) || !isMoneyNotification(kind);
}
