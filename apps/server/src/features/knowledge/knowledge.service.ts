import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  AGRO_ZONES,
  CROP_CATEGORIES,
  CROP_SEASONS,
  HARVEST_UNITS,
  type AgroZone,
  type KnowledgeCrop,
  type KnowledgeCropDetail,
} from '@gona/shared/crops';
import { NIGERIAN_STATES } from '@gona/shared/farms';
import { CARE_ANCHORS, CareStepSchema, GrowthPointSchema, LIVESTOCK_SPECIES } from '@gona/shared/livestock';
import type { Db, Tx } from '../../db/client';
import {
  ADVICE_TOPICS,
  PEST_KINDS,
  care_programme_steps,
  care_programmes,
  growth_targets,
  knowledge_advice,
  knowledge_crop_calendars,
  knowledge_crop_varieties,
  knowledge_crops,
  knowledge_datasets,
  knowledge_pests,
  knowledge_sources,
  knowledge_zones,
} from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { normalizeQuestion, weightedSearch } from './search.service';

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

const SourceKey = z.string().regex(/^[a-z0-9_]+$/);
const MonthDay = z.string().regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'a month-day, MM-DD');

const GrowthTargetRowSchema = z.strictObject({
  species: z.enum(LIVESTOCK_SPECIES),
  note: z.string().min(1),
  source: SourceKey,
  points: z
    .array(z.strictObject(GrowthPointSchema.shape))
    .min(2)
    .refine(
      (points) => points.every((point, i) => i === 0 || point.age_days > points[i - 1]!.age_days),
      'points in order of age',
    )
    .refine(
      (points) => points.every((point) => point.low_kg <= point.high_kg),
      'each low_kg at most its high_kg',
    ),
});

const growthTargetsDataset: Dataset<z.infer<typeof GrowthTargetRowSchema>> = {
  name: 'growth-targets',
  row: GrowthTargetRowSchema,
  async replace(tx, rows) {
    await tx.delete(growth_targets).where(sql`true`);
    if (rows.length)
      await tx.insert(growth_targets).values(
        rows.map((row) => ({
          species: row.species,
          note: row.note,
          points: row.points,
          source_key: row.source,
        })),
      );
  },
};

const ZoneRowSchema = z.strictObject({
  state: z.enum(NIGERIAN_STATES),
  zone: z.enum(AGRO_ZONES),
  note: z.string().nullable(),
  source: SourceKey,
});

const zonesDataset: Dataset<z.infer<typeof ZoneRowSchema>> = {
  name: 'zones',
  row: ZoneRowSchema,
  async replace(tx, rows) {
    await tx.delete(knowledge_zones).where(sql`true`);
    if (rows.length)
      await tx
        .insert(knowledge_zones)
        .values(
          rows.map((row) => ({ state: row.state, zone: row.zone, note: row.note, source_key: row.source })),
        );
  },
};

const CropRowSchema = z.strictObject({
  key: z.string().regex(/^[a-z0-9_]+$/),
  name: z.string().min(1),
  local_names: z.strictObject({
    hausa: z.string().min(1).nullable(),
    yoruba: z.string().min(1).nullable(),
    igbo: z.string().min(1).nullable(),
    /** The Pidgin or everyday Nigerian English name where it differs from `name` ("guinea corn"); optional. */
    pidgin: z.string().min(1).nullable().optional(),
  }),
  category: z.enum(CROP_CATEGORIES),
  maturity_days: z.strictObject({ min: z.number().int().min(20), max: z.number().int().max(900) }),
  harvest_unit: z.enum(HARVEST_UNITS),
  stages: z
    .array(
      z.strictObject({
        key: z.string().regex(/^[a-z0-9_]+$/),
        name: z.string().min(1),
        from_day: z.number().int().min(0),
        advice: z.string().min(1),
      }),
    )
    .min(3)
    .refine(
      (stages) => stages.every((stage, i) => i === 0 || stage.from_day > stages[i - 1]!.from_day),
      'stages in order',
    ),
  practice: z.strictObject({
    spacing: z.string().min(1),
    seed_rate: z.string().min(1),
    fertilizer: z.array(
      z.strictObject({ day: z.number().int().min(-30), product: z.string().min(1), rate: z.string().min(1) }),
    ),
    weeding_days: z.array(z.number().int().min(1)),
    notes: z.string().nullable(),
  }),
  yield_t_ha: z.strictObject({ national: z.number().positive(), improved: z.number().positive() }),
  source: SourceKey,
  varieties: z
    .array(
      z.strictObject({
        key: z.string().regex(/^[a-z0-9_]+$/),
        name: z.string().min(1),
        maturity_days: z.number().int().min(20).max(900),
        notes: z.string().nullable(),
        source: SourceKey,
      }),
    )
    .min(1),
  calendars: z
    .array(
      z.strictObject({
        zone: z.enum(AGRO_ZONES),
        season: z.enum(CROP_SEASONS),
        plant_from: MonthDay,
        plant_to: MonthDay,
        source: SourceKey,
      }),
    )
    .min(1),
});

const cropsDataset: Dataset<z.infer<typeof CropRowSchema>> = {
  name: 'crops',
  row: CropRowSchema,
  async replace(tx, rows) {
    // Varieties and calendars go with their crop (cascade); crops a farm planted are named by key.
    await tx.delete(knowledge_crops).where(sql`true`);
    for (const [position, row] of rows.entries()) {
      await tx.insert(knowledge_crops).values({
        key: row.key,
        position,
        name: row.name,
        local_names: row.local_names,
        category: row.category,
        maturity_min: row.maturity_days.min,
        maturity_max: row.maturity_days.max,
        harvest_unit: row.harvest_unit,
        stages: row.stages,
        practice: row.practice,
        yield_national_t_ha: row.yield_t_ha.national,
        yield_improved_t_ha: row.yield_t_ha.improved,
        source_key: row.source,
      });
      await tx.insert(knowledge_crop_varieties).values(
        row.varieties.map((variety, index) => ({
          crop_key: row.key,
          key: variety.key,
          position: index,
          name: variety.name,
          maturity_days: variety.maturity_days,
          notes: variety.notes,
          source_key: variety.source,
        })),
      );
      await tx.insert(knowledge_crop_calendars).values(
        row.calendars.map((calendar) => ({
          crop_key: row.key,
          zone: calendar.zone,
          season: calendar.season,
          plant_from: calendar.plant_from,
          plant_to: calendar.plant_to,
          source_key: calendar.source,
        })),
      );
    }
  },
};

const Sentence = z.string().trim().min(1);

const PestRowSchema = z
  .strictObject({
    key: z.string().regex(/^[a-z0-9_]+$/),
    kind: z.enum(PEST_KINDS),
    name: Sentence,
    other_names: z.array(Sentence),
    crop_keys: z.array(z.string().regex(/^[a-z0-9_]+$/)),
    species: z.array(z.enum(LIVESTOCK_SPECIES)),
    symptoms: Sentence,
    favoured_by: Sentence.nullable(),
    cultural: z.array(Sentence),
    biological: z.array(Sentence),
    chemical: z.array(
      z.strictObject({
        active_ingredient: Sentence,
        use: Sentence,
        pre_harvest_interval_days: z.number().int().min(0).nullable(),
        withdrawal: Sentence.nullable(),
      }),
    ),
    notifiable: z.boolean(),
    notifiable_source: SourceKey.nullable(),
    source: SourceKey,
  })
  .refine(
    (row) =>
      row.kind === 'animal_disease'
        ? row.species.length > 0 && row.crop_keys.length === 0
        : row.crop_keys.length > 0 && row.species.length === 0,
    'an animal disease names species and no crops; a crop pest, disease or weed names crops and no species',
  )
  .refine(
    (row) => row.notifiable === (row.notifiable_source !== null),
    'a notifiable disease names the source that makes it notifiable, and only then',
  )
  .refine((row) => !row.notifiable || row.kind === 'animal_disease', 'only animal diseases are notifiable');

const pestsDataset: Dataset<z.infer<typeof PestRowSchema>> = {
  name: 'pests',
  row: PestRowSchema,
  async replace(tx, rows) {
    await tx.delete(knowledge_pests).where(sql`true`);
    if (!rows.length) return;
    await tx.insert(knowledge_pests).values(
      rows.map((row, position) => ({
        key: row.key,
        position,
        kind: row.kind,
        name: row.name,
        other_names: row.other_names,
        crop_keys: row.crop_keys,
        species: row.species,
        symptoms: row.symptoms,
        favoured_by: row.favoured_by,
        control: { cultural: row.cultural, biological: row.biological, chemical: row.chemical },
        notifiable: row.notifiable,
        notifiable_source_key: row.notifiable_source,
        source_key: row.source,
        names: sql`unaccent(${[row.name, ...row.other_names].join(' ')}::text)`,
        search: weightedSearch({
          a: [row.name, ...row.other_names],
          b: [row.symptoms],
          c: [
            row.kind === 'animal_disease' ? 'disease' : row.kind,
            row.favoured_by ?? '',
            ...row.cultural,
            ...row.biological,
            ...row.chemical.flatMap((chemical) => [chemical.active_ingredient, chemical.use]),
            ...tagWords(row.crop_keys, row.species),
          ],
        }),
      })),
    );
  },
};

const AdviceRowSchema = z.strictObject({
  key: z.string().regex(/^[a-z0-9_]+$/),
  topic: z.enum(ADVICE_TOPICS),
  questions: z.array(Sentence).min(2).max(4),
  title: Sentence,
  text: Sentence,
  crop_keys: z.array(z.string().regex(/^[a-z0-9_]+$/)),
  species: z.array(z.enum(LIVESTOCK_SPECIES)),
  source: SourceKey,
});

const adviceDataset: Dataset<z.infer<typeof AdviceRowSchema>> = {
  name: 'advice',
  row: AdviceRowSchema,
  async replace(tx, rows) {
    await tx.delete(knowledge_advice).where(sql`true`);
    if (!rows.length) return;
    await tx.insert(knowledge_advice).values(
      rows.map((row, position) => ({
        key: row.key,
        position,
        topic: row.topic,
        questions: row.questions,
        title: row.title,
        text: row.text,
        crop_keys: row.crop_keys,
        species: row.species,
        source_key: row.source,
        search: weightedSearch({
          a: [row.title],
          // Farmers' own ways of asking, mapped to the words the facts use as a question is.
          b: row.questions.map(normalizeQuestion),
          c: [row.topic, row.text, ...tagWords(row.crop_keys, row.species)],
        }),
      })),
    );
  },
};

/** A row's crops and species as words ("chicken_broiler" → "chicken broiler"), so a question naming them matches. */
function tagWords(cropKeys: string[], species: string[]): string[] {
  return [...cropKeys, ...species].map((key) => key.replaceAll('_', ' '));
}

const DATASETS = [
  sourcesDataset,
  livestockCareDataset,
  growthTargetsDataset,
  zonesDataset,
  cropsDataset,
  pestsDataset,
  adviceDataset,
] as const;

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
  if (loaded.length) cropsCache.delete(db);
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

const CROP_NOT_FOUND = 'Crop not found';

/** The zone most of a state lies in (null for a farm without a state). */
export async function zoneOfState(db: Db | Tx, state: string | null): Promise<AgroZone | null> {
  if (!state) return null;
  const [row] = await db
    .select({ zone: knowledge_zones.zone })
    .from(knowledge_zones)
    .where(eq(knowledge_zones.state, state));
  return row?.zone ?? null;
}

function sourceColumns(table: typeof knowledge_sources) {
  return { title: table.title, organisation: table.organisation, year: table.year, url: table.url };
}

/**
 * The crops as read once per database: every planting list and page names its crop, stages and
 * yields from them. The rows change only when `loadKnowledge` loads a new release's file (at start),
 * which clears this; another server still running the old release keeps the old release's crops.
 */
const cropsCache = new WeakMap<Db | Tx, Promise<Map<string, KnowledgeCrop>>>();

/** The crops by key (a transaction reads its own; the database's are kept, see above). */
export function cropsByKey(db: Db | Tx): Promise<Map<string, KnowledgeCrop>> {
  let crops = cropsCache.get(db);
  if (!crops) {
    crops = listCrops(db).then((rows) => new Map(rows.map((crop) => [crop.key, crop])));
    cropsCache.set(db, crops);
    crops.catch(() => cropsCache.delete(db));
  }
  return crops;
}

/** Every crop in the knowledge base's order, with its stages, practice and yields. */
export async function listCrops(db: Db | Tx, key?: string): Promise<KnowledgeCrop[]> {
  const rows = await db
    .select({ crop: knowledge_crops, source: sourceColumns(knowledge_sources) })
    .from(knowledge_crops)
    .innerJoin(knowledge_sources, eq(knowledge_sources.key, knowledge_crops.source_key))
    .where(key === undefined ? undefined : eq(knowledge_crops.key, key))
    .orderBy(asc(knowledge_crops.position));
  return rows.map(({ crop, source }) => ({
    key: crop.key,
    name: crop.name,
    local_names: crop.local_names,
    category: crop.category,
    maturity_days: { min: crop.maturity_min, max: crop.maturity_max },
    harvest_unit: crop.harvest_unit,
    stages: crop.stages,
    practice: crop.practice,
    yield_t_ha: { national: crop.yield_national_t_ha, improved: crop.yield_improved_t_ha },
    source,
  }));
}

/** One crop with its varieties and its planting calendars; 404 for a key the knowledge base lacks. */
export async function cropDetail(db: Db | Tx, key: string): Promise<KnowledgeCropDetail> {
  const [[crop], varieties, calendars] = await Promise.all([
    listCrops(db, key),
    db
      .select({
        key: knowledge_crop_varieties.key,
        name: knowledge_crop_varieties.name,
        maturity_days: knowledge_crop_varieties.maturity_days,
        notes: knowledge_crop_varieties.notes,
        source: sourceColumns(knowledge_sources),
      })
      .from(knowledge_crop_varieties)
      .innerJoin(knowledge_sources, eq(knowledge_sources.key, knowledge_crop_varieties.source_key))
      .where(eq(knowledge_crop_varieties.crop_key, key))
      .orderBy(asc(knowledge_crop_varieties.position)),
    db
      .select({
        zone: knowledge_crop_calendars.zone,
        season: knowledge_crop_calendars.season,
        plant_from: knowledge_crop_calendars.plant_from,
        plant_to: knowledge_crop_calendars.plant_to,
        source: sourceColumns(knowledge_sources),
      })
      .from(knowledge_crop_calendars)
      .innerJoin(knowledge_sources, eq(knowledge_sources.key, knowledge_crop_calendars.source_key))
      .where(eq(knowledge_crop_calendars.crop_key, key))
      .orderBy(asc(knowledge_crop_calendars.zone), asc(knowledge_crop_calendars.season)),
  ]);
  if (!crop) throw new AppError('NOT_FOUND', CROP_NOT_FOUND);
  return { ...crop, varieties, calendars };
}
