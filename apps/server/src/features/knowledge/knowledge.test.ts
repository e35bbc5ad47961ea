import { eq } from 'drizzle-orm';
import { AGRO_ZONES, type AgroZone, type KnowledgeCrop, type KnowledgeCropDetail } from '@gona/shared/crops';
import { NIGERIAN_STATES } from '@gona/shared/farms';
import { beforeAll, describe, expect, it } from 'vitest';
import { care_programme_steps, knowledge_datasets } from '../../db/schema/index';
import { createTestContext, type TestContext } from '../../test/context';
import { seedUser } from '../../test/farm-team';
import { cropDetail, listCrops, loadKnowledge, zoneOfState } from './knowledge.service';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});

describe('knowledge base loading', () => {
  it('loads each data file once, with its version, and again only when its text changes', async () => {
    const loaded = await t.db.select().from(knowledge_datasets);
    expect(loaded.map((row) => row.name).sort()).toEqual([
      'advice',
      'crops',
      'growth-targets',
      'help-articles',
      'livestock-care',
      'pests',
      'sources',
      'zones',
    ]);
    expect(loaded.every((row) => row.version >= 1 && row.checksum.length === 64)).toBe(true);
    expect(await loadKnowledge(t.db)).toEqual([]);
    await t.db
      .update(knowledge_datasets)
      .set({ checksum: 'edited' })
      .where(eq(knowledge_datasets.name, 'livestock-care'));
    await t.db.delete(care_programme_steps).where(eq(care_programme_steps.programme_key, 'broiler'));
    expect(await loadKnowledge(t.db)).toEqual(['livestock-care']);
    const steps = await t.db
      .select()
      .from(care_programme_steps)
      .where(eq(care_programme_steps.programme_key, 'broiler'));
    expect(steps).toHaveLength(6);
  });
});

const CROPS = [
  'maize',
  'cassava',
  'yam',
  'rice',
  'sorghum',
  'millet',
  'cowpea',
  'soybean',
  'groundnut',
  'sesame',
  'tomato',
  'pepper',
  'onion',
  'plantain',
];
/** Crops named in fewer than two of Hausa, Yoruba and Igbo: no reliable name was found for sesame beyond the Hausa ridi. */
const ONE_LOCAL_NAME = new Set(['sesame']);

describe('crop knowledge', () => {
  it('has the fourteen crops, each with stages in order, varieties, a planting calendar and local names', async () => {
    expect((await listCrops(t.db)).map((crop) => crop.key)).toEqual(CROPS);
    const cropsByZone = new Map<AgroZone, Set<string>>(AGRO_ZONES.map((zone) => [zone, new Set()]));
    const crops = await Promise.all(CROPS.map((key) => cropDetail(t.db, key)));
    for (const crop of crops) {
      const days = crop.stages.map((stage) => stage.from_day);
      expect(days[0], crop.key).toBe(0);
      expect(days.length, crop.key).toBeGreaterThanOrEqual(4);
      expect(days.length, crop.key).toBeLessThanOrEqual(6);
      expect(
        days.every((day, i) => i === 0 || day > days[i - 1]!),
        crop.key,
      ).toBe(true);
      expect(crop.varieties.length, crop.key).toBeGreaterThan(0);
      expect(crop.calendars.length, crop.key).toBeGreaterThan(0);
      const named = Object.values(crop.local_names).filter(Boolean).length;
      expect(named, crop.key).toBeGreaterThanOrEqual(ONE_LOCAL_NAME.has(crop.key) ? 1 : 2);
      for (const calendar of crop.calendars) cropsByZone.get(calendar.zone)!.add(crop.key);
    }
    for (const [zone, keys] of cropsByZone) expect(keys.size, zone).toBeGreaterThanOrEqual(3);
  });

  it('keeps a Pidgin or everyday name beside the Hausa, Yoruba and Igbo ones where it differs', async () => {
    expect((await cropDetail(t.db, 'sorghum')).local_names).toMatchObject({
      hausa: 'Dawa',
      pidgin: 'guinea corn',
    });
    expect((await cropDetail(t.db, 'maize')).local_names).toMatchObject({ pidgin: 'corn' });
    expect((await cropDetail(t.db, 'yam')).local_names).toMatchObject({ hausa: 'Doya', pidgin: null });
  });

  it('names the zone of every state and the FCT', async () => {
    for (const state of NIGERIAN_STATES) expect(await zoneOfState(t.db, state), state).not.toBeNull();
    expect(await zoneOfState(t.db, 'Kano')).toBe('sudan_savanna');
    expect(await zoneOfState(t.db, 'Lagos')).toBe('rainforest');
    expect(await zoneOfState(t.db, null)).toBeNull();
  });

  it('answers a crop with its varieties and calendars to anyone signed in, each with a source', async () => {
    const user = await seedUser(t);
    const list = await t.request<{ items: KnowledgeCrop[] }>('GET', '/api/knowledge/crops', {
      cookie: user.cookie,
    });
    expect(list.status).toBe(200);
    expect(list.body.items.map((crop) => crop.key)).toContain('maize');
    for (const crop of list.body.items) expect(crop.source.title, crop.key).not.toBe('');
    const maize = await t.request<KnowledgeCropDetail>('GET', '/api/knowledge/crops/maize', {
      cookie: user.cookie,
    });
    expect(maize.body.local_names.hausa).toBe('Masara');
    expect(maize.body.calendars.find((row) => row.zone === 'sudan_savanna')).toMatchObject({
      season: 'main',
      plant_from: '07-01',
    });
    expect((await t.request('GET', '/api/knowledge/crops/maize')).status).toBe(401);
    expect((await t.request('GET', '/api/knowledge/crops/unicorn', { cookie: user.cookie })).status).toBe(
      404,
    );
    expect(
      (await t.request('GET', '/api/knowledge/crops/NOT%20A%20KEY', { cookie: user.cookie })).status,
    ).toBe(400);
  });
});
