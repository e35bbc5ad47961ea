import { eq } from 'drizzle-orm';
import type { AnimalGrowthTarget } from '@gona/shared/livestock';
import { growth_targets, knowledge_sources } from '../../db/schema/index';
import type { FarmCtx } from '../../lib/ctx';
import { bornOn } from './care.service';
import { readRow } from './livestock.service';

/**
 * What an animal's weighings are read against: the day it was born or hatched (the care
 * programmes' anchor) and its species' target curve from the knowledge base. Without that day its
 * age is unknown, so there is no target; without a curve for the species, neither.
 */
export async function growthTarget(ctx: FarmCtx, animalId: string): Promise<AnimalGrowthTarget> {
  const animal = await readRow(ctx.db, ctx.farmId, animalId);
  const anchor = bornOn(animal);
  if (!anchor) return { anchor_date: null, growth_target: null };
  const [target] = await ctx.db
    .select({
      species: growth_targets.species,
      note: growth_targets.note,
      source: {
        title: knowledge_sources.title,
        organisation: knowledge_sources.organisation,
        year: knowledge_sources.year,
        url: knowledge_sources.url,
      },
      points: growth_targets.points,
    })
    .from(growth_targets)
    .innerJoin(knowledge_sources, eq(knowledge_sources.key, growth_targets.source_key))
    .where(eq(growth_targets.species, animal.species));
  return { anchor_date: anchor, growth_target: target ?? null };
}
