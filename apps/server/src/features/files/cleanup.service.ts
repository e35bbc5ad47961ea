import { and, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files } from '../../db/schema/index';
import type { FileStorage } from '../../integrations/storage';
import type { Logger } from '../../lib/logger';

export type FileCleanupDeps = { db: Db; storage: FileStorage; logger: Logger };

export type FileCleanupOptions = {
  /** Uploads no record took within this many hours go. */
  orphanHours: number;
  now?: Date;
};

/**
 * A stored object younger than this is left alone by the sweep even without a row: an upload
 * writes its objects a moment before its row.
 */
export const STRAY_GRACE_MS = 60 * 60 * 1000;

const BATCH = 500;

/**
 * The files-cleanup job: removes files that were deleted (alone or with their record) and uploads
 * no record took within `orphanHours`, rows and stored objects; then sweeps the store for objects
 * whose row is gone (a deleted farm's, an upload that failed half way, a removal that could not
 * reach the store). Answers how many rows and objects went.
 */
export async function cleanUpFiles(
  deps: FileCleanupDeps,
  { orphanHours, now = new Date() }: FileCleanupOptions,
): Promise<{ rows: number; objects: number }> {
  const rows = await removeUnwantedRows(deps, new Date(now.getTime() - orphanHours * 60 * 60 * 1000));
  const objects = await removeStrayObjects(deps, new Date(now.getTime() - STRAY_GRACE_MS));
  return { rows, objects };
}

/**
 * Rows go first, in one statement that checks again that each is still unattached: a record saving
 * an old upload at this moment either takes it first (and keeps it) or finds it gone. Their objects
 * then have no row; any this pass cannot delete, the sweep takes.
 */
async function removeUnwantedRows({ db, storage, logger }: FileCleanupDeps, orphanedBefore: Date) {
  const unwanted = and(
    isNull(files.attached_to_id),
    or(isNotNull(files.deleted_at), lt(files.created_at, orphanedBefore)),
  );
  let removed = 0;
  for (;;) {
    const batch = db
      .select({ id: files.id })
      .from(files)
      .where(unwanted)
      .orderBy(files.created_at)
      .limit(BATCH);
    const gone = await db
      .delete(files)
      .where(and(inArray(files.id, batch), unwanted))
      .returning({ storage_key: files.storage_key, thumb_key: files.thumb_key });
    removed += gone.length;
    const keys = gone.flatMap((f) => (f.thumb_key ? [f.storage_key, f.thumb_key] : [f.storage_key]));
    await deleteObjects(storage, logger, keys);
    if (gone.length < BATCH) return removed;
  }
}

async function removeStrayObjects({ db, storage, logger }: FileCleanupDeps, writtenBefore: Date) {
  let removed = 0;
  const check = async (keys: string[]) => {
    const kept = await db
      .select({ storage_key: files.storage_key, thumb_key: files.thumb_key })
      .from(files)
      .where(or(inArray(files.storage_key, keys), inArray(files.thumb_key, keys)));
    const known = new Set(kept.flatMap((f) => [f.storage_key, f.thumb_key]));
    const strays = keys.filter((key) => !known.has(key));
    removed += await deleteObjects(storage, logger, strays);
  };
  let batch: string[] = [];
  for await (const { key, modifiedAt } of storage.list()) {
    if (modifiedAt >= writtenBefore) continue;
    batch.push(key);
    if (batch.length === BATCH) {
      await check(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await check(batch);
  return removed;
}

/** Deletes what it can, a few at a time; answers how many went. A failure is logged and left for the next run. */
async function deleteObjects(storage: FileStorage, logger: Logger, keys: string[]): Promise<number> {
  let deleted = 0;
  for (let i = 0; i < keys.length; i += 8) {
    const results = await Promise.allSettled(keys.slice(i, i + 8).map((key) => storage.delete(key)));
    for (const result of results) {
      if (result.status === 'fulfilled') deleted++;
      else logger.warn('files-cleanup: could not remove a stored object', result.reason);
    }
  }
  return deleted;
}
