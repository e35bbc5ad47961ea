import type { Supply } from '@gona/shared/inventory';
import { newId } from '../../lib/ids';
import type { TestContext } from '../../test/context';
import type { FarmTeam } from '../../test/farm-team';

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
    cookie: team.cookies.owner,
    body: { ...NPK, ...overrides },
  });
  if (res.status !== 201) throw new Error(`addSupply failed: ${res.status} ${res.text}`);
  return res.body;
}

export function movement(kind: string, quantity: string | number, extra: Record<string, unknown> = {}) {
  return { id: newId(), kind, quantity, ...extra };
}
