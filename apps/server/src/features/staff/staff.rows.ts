import type { StaffMember } from '@gona/shared/staff';
import type { staff } from '../../db/schema/index';

/** Row → wire mapping; what each role reads of it is lib/visible-fields.ts's (kind 'staff'). */

export function toStaffMember(row: typeof staff.$inferSelect): StaffMember {
  return { ...row, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
}
