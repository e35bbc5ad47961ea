import { eq } from 'drizzle-orm';
import type { KnowledgeCrop, KnowledgeCropDetail } from '@gona/shared/crops';
import { NIGERIAN_STATES } from '@gona/shared/farms';
import { beforeAll, describe, expect, it } from 'vitest';
import { care_programme_steps, knowledge_datasets } from '../../db/schema/index';
import { createTestContext, type TestContext } from '../../test/context';
import { seedUser } from '../../test/farm-team';
import { loadKnowledge, zoneOfState } from './knowledge.service';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});

describe('knowledge base loading', () => {
  it('loads each data file once, with its version, and again only when its text changes', async () => {
    const loaded = await t.db.select().from(knowledge_datasets);
    expect(loaded.map((row) => row.name).sort()).toEqual(['crops', 'livestock-care', 'sources', 'zones']);
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

describe('crop knowledge', () => {
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
