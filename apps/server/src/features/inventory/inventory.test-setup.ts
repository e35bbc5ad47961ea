import type { FarmRole } from '@gona/shared';
import type { Supply } from '@gona/shared/inventory';
import { newId } from '../../lib/ids';
import type { TestContext } from '../../test/context';

export type FarmTeam = {
  farmId: string;
  base: string;
  owner: string;
  manager: string;
  worker: string;
  viewer: string;
  /** Signed in, but a member of another farm only. */
  stranger: string;
  ownerId: string;
};

/** A farm with one member of each role and a signed-in outsider, all with cookies ready to send. */
export async function createFarmTeam(t: TestContext): Promise<FarmTeam> {
  const owner = await t.signUp();
  const farm = await t.createFarm(owner.cookie);
  const cookies = {} as Record<Exclude<FarmRole, 'owner'>, string>;
  for (const role of ['manager', 'worker', 'viewer'] as const) {
    const member = await t.signUp({ first_name: role });
    await t.addMember(farm.id, member.user.id, role);
    cookies[role] = member.cookie;
  }
  const stranger = await t.signUp();
  await t.createFarm(stranger.cookie, { name: 'Other Farm' });
  return {
    farmId: farm.id,
    base: `/api/farms/${farm.id}`,
    owner: owner.cookie,
    ownerId: owner.user.id,
    stranger: stranger.cookie,
    ...cookies,
  };
}

export const NPK = {
  category: 'fertilizer',
  name: 'NPK 15:15:15',
  unit: 'bag_50kg',
  quantity: '10',
  low_threshold: '3',
};

export async function addSupply(
  t: TestContext,
  team: FarmTeam,
  overrides: Record<string, unknown> = {},
): Promise<Supply> {
  const res = await t.request<Supply>('POST', `${team.base}/supplies`, {
    cookie: team.owner,
    body: { ...NPK, ...overrides },
  });
  if (res.status !== 201) throw new Error(`addSupply failed: ${res.status} ${res.text}`);
  return res.body;
}

export function movement(kind: string, quantity: string | number, extra: Record<string, unknown> = {}) {
  return { id: newId(), kind, quantity, ...extra };
}
