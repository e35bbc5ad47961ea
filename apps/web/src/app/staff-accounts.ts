import { can, type FarmRole } from '@gona/shared/permissions';
import { useMembers } from '@/features/members/api';
import type { StaffAccountChoice } from '@/features/staff/components/StaffForm';

/**
 * The farm's members as the staff form offers them, to link a staff record to the account its
 * person signs in with; undefined until known (offline, the form leaves the link as it is).
 */
export function useStaffAccounts(farmId: string, role: FarmRole): StaffAccountChoice[] | undefined {
  const members = useMembers(farmId, { enabled: can(role, 'staff.manage') });
  return members.data?.pages
    .flatMap((page) => page.items)
    .map((m) => ({ user_id: m.user_id, name: `${m.first_name} ${m.last_name}`.trim(), email: m.email }));
}
