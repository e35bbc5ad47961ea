import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { care_programme_steps, knowledge_datasets } from '../../db/schema/index';
import { createTestContext, type TestContext } from '../../test/context';
import { loadKnowledge } from './knowledge.service';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});

describe('knowledge base loading', () => {
  it('loads each data file once, with its version, and again only when its text changes', async () => {
    const loaded = await t.db.select().from(knowledge_datasets);
    expect(loaded.map((row) => row.name).sort()).toEqual(['livestock-care', 'sources']);
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
