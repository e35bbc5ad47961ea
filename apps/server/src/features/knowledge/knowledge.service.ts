import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, inArray, notInArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { CARE_ANCHORS, CareStepSchema, LIVESTOCK_SPECIES } from '@gona/shared/livestock';
import type { Db, Tx } from '../../db/client';
import {
  care_programme_steps,
  care_programmes,
  knowledge_datasets,
  knowledge_sources,
} from '../../db/schema/index';
import type { Logger } from '../../lib/logger';

const DATA_DIR = join(dirname(fileURLToPath(import.meta.url)), 'data');

const SourceRowSchema = z.strictObject({
  key: z.string().regex(/^[a-z0-9_]+$/),
  title: z.string().min(1),
  organisation: z.string().min(1),
  year: z.number().int().min(1900).max(2100).nullable(),
  url: z.url().nullable(),
});

const ProgrammeRowSchema = z.strictObject({
  key: z.string().regex(/^[a-z0-9_]+$/),
  name: z.string().min(1),
  species: z.array(z.enum(LIVESTOCK_SPECIES)).min(1),
  counts_from: z.enum(CARE_ANCHORS),
  note: z.string().min(1),
  source: z.string(),
  steps: z
    .array(CareStepSchema)
    .min(1)
    .refine((steps) => new Set(steps.map((step) => step.key)).size === steps.length, 'step keys repeat'),
});

/**
 * A data file's rows and how they replace the previous version's. Datasets load in this order
 * (sources first: every other row names one).
 */
type Dataset<R> = {
  name: string;
  row: z.ZodType<R>;
  replace: (tx: Tx, rows: R[]) => Promise<void>;
};

const sourcesDataset: Dataset<z.infer<typeof SourceRowSchema>> = {
  name: 'sources',
  row: SourceRowSchema,
  async replace(tx, rows) {
    for (const row of rows) {
      await tx
        .insert(knowledge_sources)
        .values(row)
        .onConflictDoUpdate({
          target: knowledge_sources.key,
          set: { title: row.title, organisation: row.organisation, year: row.year, url: row.url },
        });
    }
    // A source still named by another dataset's row cannot go (its foreign key refuses).
    await tx.delete(knowledge_sources).where(
      notInArray(
        knowledge_sources.key,
        rows.map((row) => row.key),
      ),
    );
  },
};

const livestockCareDataset: Dataset<z.infer<typeof ProgrammeRowSchema>> = {
  name: 'livestock-care',
  row: ProgrammeRowSchema,
  async replace(tx, rows) {
    const keys = rows.map((row) => row.key);
    await tx.delete(care_programmes).where(notInArray(care_programmes.key, keys));
    await tx.delete(care_programme_steps).where(inArray(care_programme_steps.programme_key, keys));
    for (const [position, row] of rows.entries()) {
      const values = {
        position,
        name: row.name,
        species: row.species,
        counts_from: row.counts_from,
        note: row.note,
        source_key: row.source,
      };
      await tx
        .insert(care_programmes)
        .values({ key: row.key, ...values })
        .onConflictDoUpdate({ target: care_programmes.key, set: values });
      await tx.insert(care_programme_steps).values(
        row.steps.map((step, stepPosition) => ({
          programme_key: row.key,
          key: step.key,
          position: stepPosition,
          offset_days: step.offset_days,
          kind: step.kind,
          title: step.title,
          notes: step.notes ?? null,
          rrule: step.rrule ?? null,
        })),
      );
    }
  },
};

const DATASETS = [sourcesDataset, livestockCareDataset] as const;

export class KnowledgeFileError extends Error {}

/**
 * Loads the knowledge base's data files into the database: a file whose text changed since it was
 * last loaded replaces its rows, in one transaction under a lock (two servers starting together
 * load it once); an unchanged file costs one read. Safe on every start. A file that does not match
 * its schema stops the start with the file and the problem named.
 */
export async function loadKnowledge(db: Db, logger?: Logger): Promise<string[]> {
  const loaded: string[] = [];
  for (const dataset of DATASETS) {
    if (await loadDataset(db, dataset as Dataset<unknown>)) loaded.push(dataset.name);
  }
  if (loaded.length) logger?.info('Knowledge base loaded', { datasets: loaded });
  return loaded;
}

async function loadDataset(db: Db, dataset: Dataset<unknown>): Promise<boolean> {
  const file = join(DATA_DIR, `${dataset.name}.json`);
  const text = await readFile(file, 'utf8');
  const checksum = createHash('sha256').update(text).digest('hex');
  const current = async (reader: Db | Tx) =>
    (
      await reader
        .select({ checksum: knowledge_datasets.checksum })
        .from(knowledge_datasets)
        .where(eq(knowledge_datasets.name, dataset.name))
    )[0]?.checksum;
  if ((await current(db)) === checksum) return false;
  const parsed = z
    .object({
      dataset: z.literal(dataset.name),
      version: z.number().int().min(1),
      rows: z.array(dataset.row),
    })
    .safeParse(JSON.parse(text));
  if (!parsed.success) {
    throw new KnowledgeFileError(`${file}: ${z.prettifyError(parsed.error)}`);
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('gona_knowledge'))`);
    if ((await current(tx)) === checksum) return false;
    await dataset.replace(tx, parsed.data.rows);
    await tx
      .insert(knowledge_datasets)
      .values({ name: dataset.name, version: parsed.data.version, checksum })
      .onConflictDoUpdate({
        target: knowledge_datasets.name,
        set: { version: parsed.data.version, checksum, loaded_at: new Date() },
      });
    return true;
  });
}
