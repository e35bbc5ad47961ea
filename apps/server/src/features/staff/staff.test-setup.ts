import type { StaffMember } from '@gona/shared/staff';
import { staff } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import type { TestContext } from '../../test/context';
import type { FarmTeam } from '../../test/farm-team';

export const MUSA = {
  first_name: 'Musa',
  last_name: 'Ibrahim',
  phone: '0803 123 4567',
  job: 'herdsman',
  employment_type: 'permanent',
};

/** Adds a staff member over HTTP as the farm's owner. */
export async function addStaff(
  t: TestContext,
  team: FarmTeam,
  overrides: Record<string, unknown> = {},
): Promise<StaffMember> {
  const res = await t.request<StaffMember>('POST', `${team.base}/staff`, {
    cookie: team.cookies.owner,
    body: { ...MUSA, ...overrides },
  });
  if (res.status !== 201) throw new Error(`addStaff failed: ${res.status} ${res.text}`);
  return res.body;
}

/** `n` active workers written straight into the database, named Worker 01, Worker 02 … */
export async function seedActiveStaff(t: TestContext, farmId: string, n: number): Promise<void> {
  await t.db.insert(staff).values(
    Array.from({ length: n }, (_, i) => ({
      id: newId(),
      farm_id: farmId,
      first_name: 'Worker',
      last_name: String(i + 1).padStart(2, '0'),
      job: 'casual_labourer' as const,
      employment_type: 'casual' as const,
    })),
  );
}
