import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Farm } from '@gona/shared';
import { farms } from '../db/schema/index';
import { createTestContext, type TestContext } from '../test/context';
import { seedFarmTeam } from '../test/farm-team';
import { farmTimeZone, forgetFarmTimeZone } from './farm-time';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});

describe("a farm's time zone", () => {
  it('is read once and kept, and a saved change of zone is seen at once', async () => {
    const team = await seedFarmTeam(t);
    const farmId = team.farm.id;
    expect(await farmTimeZone(t.db, farmId)).toBe('Africa/Lagos');
    // Written behind the app's back (another server): this process keeps its copy for now…
    await t.db.update(farms).set({ timezone: 'Africa/Nairobi' }).where(eq(farms.id, farmId));
    expect(await farmTimeZone(t.db, farmId)).toBe('Africa/Lagos');
    forgetFarmTimeZone(farmId);
    expect(await farmTimeZone(t.db, farmId)).toBe('Africa/Nairobi');
    // …while a change saved through the app is seen by the next read.
    const current = await t.request<Farm>('GET', team.base, { cookie: team.cookies.owner });
    const saved = await t.request<Farm>('PATCH', team.base, {
      cookie: team.cookies.owner,
      body: { timezone: 'Africa/Accra', version: current.body.version },
    });
    expect(saved.status).toBe(200);
    expect(await farmTimeZone(t.db, farmId)).toBe('Africa/Accra');
  });
});
