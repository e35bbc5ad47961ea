import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@gona/shared';
import type { Crop, Field, Prediction, SoilRecord } from '@gona/shared/crops';
import type { Page } from '@gona/shared/pagination';
import { dateIn } from '../../lib/farm-time';
import { newId } from '../../lib/ids';
import { createTestContext, type TestContext } from '../../test/context';
import { seedFarmTeam, type FarmTeam } from '../../test/farm-team';

let t: TestContext;
let team: FarmTeam;
let today: string;

beforeAll(async () => {
  t = await createTestContext();
  team = await seedFarmTeam(t);
  today = dateIn('Africa/Lagos');
});

async function addField(body: Record<string, unknown> = {}, on = team): Promise<Field> {
  const res = await t.request<Field>('POST', `${on.base}/fields`, {
    cookie: on.cookies.manager,
    body: { id: newId(), name: 'River plot', area_ha: '2.5', tenure: 'owned', ...body },
  });
  if (res.status !== 201) throw new Error(`addField: ${res.status} ${res.text}`);
  return res.body;
}

const soil = (fieldId: string, body: Record<string, unknown>, cookie = team.cookies.owner, on = team) =>
  t.request<SoilRecord>('POST', `${on.base}/fields/${fieldId}/soil-records`, {
    cookie,
    body: { id: newId(), sample_date: today, ...body },
  });

describe('fields', () => {
  it('adds a field once per client id, lists newest first, changes it with a version and deletes it', async () => {
    const own = await seedFarmTeam(t);
    const body = { id: newId(), name: 'Hill farm', area_ha: '1.25', tenure: 'rented', rent_kobo: 15_000_000 };
    const first = await t.request<Field>('POST', `${own.base}/fields`, { cookie: own.cookies.owner, body });
    const again = await t.request<Field>('POST', `${own.base}/fields`, { cookie: own.cookies.owner, body });
    expect(first.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(first.body).toMatchObject({
      area_ha: '1.25',
      area_source: 'typed',
      rent_kobo: 15_000_000,
      latest_ph: null,
      latest_soil: {
        organic_carbon_percent: null,
        phosphorus_mg_kg: null,
        potassium_cmol_kg: null,
        ec_ds_m: null,
      },
    });
    const second = await addField({ name: 'Valley' }, own);
    const list = await t.request<Page<Field>>('GET', `${own.base}/fields`, { cookie: own.cookies.viewer });
    expect(list.body.items.map((field) => field.name)).toEqual(['Valley', 'Hill farm']);
    const changed = await t.request<Field>('PATCH', `${own.base}/fields/${second.id}`, {
      cookie: own.cookies.manager,
      body: { irrigation: 'irrigated', version: second.version },
    });
    expect(changed.body).toMatchObject({ irrigation: 'irrigated', version: 2 });
    const stale = await t.request('PATCH', `${own.base}/fields/${second.id}`, {
      cookie: own.cookies.manager,
      body: { notes: 'x', version: second.version },
    });
    expect(stale.status).toBe(409);
    expect(
      (await t.request('DELETE', `${own.base}/fields/${second.id}`, { cookie: own.cookies.owner })).status,
    ).toBe(204);
    expect(
      (await t.request('GET', `${own.base}/fields/${second.id}`, { cookie: own.cookies.owner })).status,
    ).toBe(404);
  });

  it('refuses rent on a field that is not rented, malformed input, strangers and roles that may not', async () => {
    const rent = await t.request<ErrorBody>('POST', `${team.base}/fields`, {
      cookie: team.cookies.owner,
      body: { id: newId(), name: 'Own land', tenure: 'owned', rent_kobo: 500 },
    });
    expect(rent.body.error.fields).toEqual({ rent_kobo: 'Only a rented field has rent' });
    const bad = await t.request<ErrorBody>('POST', `${team.base}/fields`, {
      cookie: team.cookies.owner,
      body: { id: newId(), name: '', area_ha: '-1', soil_type: 'gold' },
    });
    expect(Object.keys(bad.body.error.fields ?? {}).sort()).toEqual(['area_ha', 'name', 'soil_type']);
    const field = await addField();
    expect((await t.request('GET', `${team.base}/fields`)).status).toBe(401);
    const stranger = await seedFarmTeam(t);
    expect(
      (await t.request('GET', `${team.base}/fields/${field.id}`, { cookie: stranger.cookies.owner })).status,
    ).toBe(404);
    for (const role of ['worker', 'viewer'] as const) {
      expect((await soil(field.id, { ph: 6 }, team.cookies[role])).status, role).toBe(403);
      const add = await t.request('POST', `${team.base}/fields`, {
        cookie: team.cookies[role],
        body: { id: newId(), name: 'X' },
      });
      expect(add.status, role).toBe(403);
    }
  });
});

describe('a boundary drawn on the map', () => {
  it('measures the field from its outline, refuses one outside Nigeria, and keeps the area when it is taken away', async () => {
    const field = await addField({ name: 'Drawn plot', area_ha: '3' });
    // About 100 m × 100 m near Zaria.
    const dLat = 100 / ((Math.PI / 180) * 6_371_008.8);
    const dLng = dLat / Math.cos((11 * Math.PI) / 180);
    const square = [
      [7.7, 11],
      [7.7 + dLng, 11],
      [7.7 + dLng, 11 + dLat],
      [7.7, 11 + dLat],
    ];
    const drawn = await t.request<Field>('PATCH', `${team.base}/fields/${field.id}`, {
      cookie: team.cookies.manager,
      body: { boundary: square, version: field.version },
    });
    expect(drawn.status).toBe(200);
    expect(drawn.body).toMatchObject({ area_ha: '1', area_source: 'drawn', boundary: square });
    const abroad = await t.request<ErrorBody>('PATCH', `${team.base}/fields/${field.id}`, {
      cookie: team.cookies.manager,
      body: { boundary: square.map(([lng, lat]) => [lng! + 30, lat]), version: drawn.body.version },
    });
    expect(abroad.body.error.fields?.boundary).toBe('Draw the field where it is, in Nigeria');
    const two = await t.request<ErrorBody>('PATCH', `${team.base}/fields/${field.id}`, {
      cookie: team.cookies.manager,
      body: { boundary: square.slice(0, 2), version: drawn.body.version },
    });
    expect(two.body.error.fields?.boundary).toBe('Draw at least three corners of the field');
    const cleared = await t.request<Field>('PATCH', `${team.base}/fields/${field.id}`, {
      cookie: team.cookies.manager,
      body: { boundary: null, version: drawn.body.version },
    });
    expect(cleared.body).toMatchObject({ area_ha: '1', area_source: 'typed', boundary: null });
  });
});

describe('soil tests', () => {
  it('records a test once, with what it says to do, and the field shows its latest pH', async () => {
    const field = await addField({ name: 'Acid plot' });
    const id = newId();
    const body = {
      id,
      sample_date: today,
      ph: 5.1,
      organic_carbon_percent: 0.6,
      phosphorus_mg_kg: 25,
      lab: 'IITA soil lab',
    };
    const first = await t.request<SoilRecord>('POST', `${team.base}/fields/${field.id}/soil-records`, {
      cookie: team.cookies.owner,
      body,
    });
    await t.request('POST', `${team.base}/fields/${field.id}/soil-records`, {
      cookie: team.cookies.owner,
      body,
    });
    expect(first.status).toBe(201);
    expect(first.body.advice).toEqual([
      { key: 'acid', severity: 'warning' },
      { key: 'low_carbon', severity: 'warning' },
    ]);
    const list = await t.request<{ items: SoilRecord[] }>(
      'GET',
      `${team.base}/fields/${field.id}/soil-records`,
      {
        cookie: team.cookies.viewer,
      },
    );
    expect(list.body.items).toHaveLength(1);
    const now = await t.request<Field>('GET', `${team.base}/fields/${field.id}`, {
      cookie: team.cookies.worker,
    });
    expect(now.body.latest_ph).toBe(5.1);
    // An older test adds what the latest did not measure: each measure shows its own latest value.
    const [y, m, d] = today.split('-').map(Number) as [number, number, number];
    const monthAgo = new Date(Date.UTC(y, m - 2, d)).toISOString().slice(0, 10);
    expect(
      (await soil(field.id, { sample_date: monthAgo, ph: 6.5, potassium_cmol_kg: 0.1, ec_ds_m: 5 })).status,
    ).toBe(201);
    const both = await t.request<Field>('GET', `${team.base}/fields/${field.id}`, {
      cookie: team.cookies.viewer,
    });
    expect(both.body.latest_ph).toBe(5.1);
    expect(both.body.latest_soil).toEqual({
      organic_carbon_percent: 0.6,
      phosphorus_mg_kg: 25,
      potassium_cmol_kg: 0.1,
      ec_ds_m: 5,
    });
    const empty = await soil(field.id, { lab: 'Nobody' });
    expect(empty.status).toBe(400);
    expect((empty.body as unknown as ErrorBody).error.fields?.ph).toBe(
      'Enter at least one result, e.g. the pH',
    );
    expect((await soil(field.id, { ph: 15 })).status).toBe(400);
  });

  it("lowers a crop's predicted yield on an acid field, and says why", async () => {
    const own = await seedFarmTeam(t);
    const field = await addField({ name: 'Sour land' }, own);
    await soil(field.id, { ph: 4.8 }, own.cookies.owner, own);
    const crop = await t.request<Crop>('POST', `${own.base}/crops`, {
      cookie: own.cookies.owner,
      body: {
        id: newId(),
        crop_key: 'maize',
        field_id: field.id,
        area_planted: '1',
        season: 'main',
        planting_date: today,
      },
    });
    expect(crop.body.field).toEqual({ id: field.id, name: 'Sour land' });
    const prediction = await t.request<Prediction>('POST', `${own.base}/crops/${crop.body.id}/predictions`, {
      cookie: own.cookies.owner,
    });
    expect(prediction.body).toMatchObject({
      predicted_yield: 1.44,
      confidence_score: 0.65,
      factors: { soil_quality: { known: true, value: 0.8, basis: 'soil_acid', detail: 4.8 } },
    });
  });
});
