import type { Supply } from '@gona/shared/inventory';
import type { LivestockWithPhotos } from '@gona/shared/livestock';
import type { TestContext } from '../../test/context';
import type { FarmTeam } from '../../test/farm-team';

export const LAYERS = {
  kind: 'group',
  species: 'chicken_layer',
  name: 'Layers House A',
  breed: 'Isa Brown',
  purpose: 'eggs',
  housing: 'house',
  head_count: 500,
  acquisition: 'bought',
  acquired_on: '2025-05-01',
  price_kobo: 150_000_000,
  seller: 'Zartech Hatchery',
};

export const GOAT = {
  kind: 'individual',
  species: 'goat',
  tag: 'RS-014',
  name: 'Adanna',
  breed: 'Red Sokoto',
  sex: 'female',
  date_of_birth: '2024-02-10',
  acquisition: 'born_on_farm',
};

/** Adds an animal or group over HTTP as the farm's owner: the layer flock, with `overrides`, or one animal. */
export async function addLivestock(
  t: TestContext,
  team: FarmTeam,
  overrides: Record<string, unknown> = {},
): Promise<LivestockWithPhotos> {
  const res = await t.request<LivestockWithPhotos>('POST', `${team.base}/livestock`, {
    cookie: team.cookies.owner,
    body: overrides.kind === 'individual' ? overrides : { ...LAYERS, ...overrides },
  });
  if (res.status !== 201) throw new Error(`addLivestock failed: ${res.status} ${res.text}`);
  return res.body;
}

/** Adds a supply with stock over HTTP as the farm's owner. */
export async function addSupply(
  t: TestContext,
  team: FarmTeam,
  body: Record<string, unknown>,
): Promise<Supply> {
  const res = await t.request<Supply>('POST', `${team.base}/supplies`, { cookie: team.cookies.owner, body });
  if (res.status !== 201) throw new Error(`addSupply failed: ${res.status} ${res.text}`);
  return res.body;
}
