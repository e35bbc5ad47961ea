import type { StaffMember } from '@gona/shared/staff';
import { can, type FarmRole } from '@gona/shared/permissions';
import type { staff } from '../../db/schema/index';

/** Row → wire mapping, and the pay that only roles who may read money are given. */

export function toStaffMember(row: typeof staff.$inferSelect): StaffMember {
  return { ...row, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
}

/**
 * Workers do not see money (product.md): pay leaves the server only for roles that may read money.
 * Applied where records leave a route, so services stay role-free.
 */
export function payFor<T extends StaffMember>(role: FarmRole, member: T): T {
  if (can(role, 'money.read')) return member;
  const { pay_rate_kobo: _rate, pay_period: _period, ...rest } = member;
  // The pay fields are optional in the answer: without them it is still a T.
  return rest as T;
}

export function pagePayFor(
  role: FarmRole,
  page: { items: StaffMember[]; next_cursor: string | null },
): { items: StaffMember[]; next_cursor: string | null } {
  return can(role, 'money.read') ? page : { ...page, items: page.items.map((item) => payFor(role, item)) };
}
