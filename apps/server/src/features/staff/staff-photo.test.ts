import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@gona/shared';
import type { StaffMemberWithPhotos } from '@gona/shared/staff';
import { files } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { createTestContext, type TestContext } from '../../test/context';
import { seedFarmTeam, type FarmTeam } from '../../test/farm-team';
import { uploadPhoto } from '../../test/photos';
import { MUSA } from './staff.test-setup';

let t: TestContext;
let team: FarmTeam;

beforeAll(async () => {
  t = await createTestContext();
  team = await seedFarmTeam(t);
});

async function staffPhoto(kind = 'staff'): Promise<string> {
  const res = await uploadPhoto(t, team.base, team.cookies.owner, { id: newId(), kind });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

describe('a staff member’s photo', () => {
  it('is taken on adding, shown on their own record, replaced on a change and removed with them', async () => {
    const first = await staffPhoto();
    const added = await t.request<StaffMemberWithPhotos>('POST', `${team.base}/staff`, {
      cookie: team.cookies.manager,
      body: { ...MUSA, photo_ids: [first] },
    });
    expect(added.status, added.text).toBe(201);
    expect(added.body.photos.map((p) => p.id)).toEqual([first]);
    expect(added.body.photos[0]?.url).toBe(`${team.base}/files/${first}`);

    const read = await t.request<StaffMemberWithPhotos>('GET', `${team.base}/staff/${added.body.id}`, {
      cookie: team.cookies.worker,
    });
    expect(read.body.photos.map((p) => p.id)).toEqual([first]);

    const second = await staffPhoto();
    const changed = await t.request<StaffMemberWithPhotos>('PATCH', `${team.base}/staff/${added.body.id}`, {
      cookie: team.cookies.manager,
      body: { version: added.body.version, photo_ids: [second] },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.photos.map((p) => p.id)).toEqual([second]);
    const [replaced] = await t.db.select().from(files).where(eq(files.id, first));
    expect(replaced?.deleted_at).toBeInstanceOf(Date);

    const gone = await t.request('DELETE', `${team.base}/staff/${added.body.id}`, {
      cookie: team.cookies.manager,
    });
    expect(gone.status).toBe(204);
    const [removed] = await t.db.select().from(files).where(eq(files.id, second));
    expect(removed).toMatchObject({ attached_to_id: null });
    expect(removed?.deleted_at).toBeInstanceOf(Date);
  });

  it('is one photo, of the staff kind', async () => {
    const two = await t.request<ErrorBody>('POST', `${team.base}/staff`, {
      cookie: team.cookies.manager,
      body: { ...MUSA, photo_ids: [await staffPhoto(), await staffPhoto()] },
    });
    expect([two.status, two.body.error.code]).toEqual([400, 'VALIDATION']);
    expect(two.body.error.fields?.photo_ids).toBeTruthy();

    const supplyPhoto = await t.request<ErrorBody>('POST', `${team.base}/staff`, {
      cookie: team.cookies.manager,
      body: { ...MUSA, photo_ids: [await staffPhoto('supply')] },
    });
    expect(supplyPhoto.status).toBe(400);
  });
});
