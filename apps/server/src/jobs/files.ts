import type { PgBoss } from 'pg-boss';
import { cleanUpFiles, type FileCleanupDeps } from '../features/files/cleanup.service';

export const FILES_CLEANUP_QUEUE = 'files-cleanup';

export type FilesJobDeps = FileCleanupDeps & { orphanHours: number };

/**
 * Every hour: files deleted with their record (or alone) leave the store, uploads no record took
 * within FILE_ORPHAN_HOURS go, and stored objects whose row is gone are swept away.
 */
export async function startFilesCleanup(boss: PgBoss, deps: FilesJobDeps): Promise<void> {
  await boss.createQueue(FILES_CLEANUP_QUEUE);
  await boss.work(FILES_CLEANUP_QUEUE, async () => {
    const { rows, objects } = await cleanUpFiles(deps, { orphanHours: deps.orphanHours });
    if (rows > 0 || objects > 0) {
      deps.logger.info(`files-cleanup: removed ${rows} files and ${objects} stored objects without a row`);
    }
  });
  await boss.schedule(FILES_CLEANUP_QUEUE, '23 * * * *', null, { tz: 'Africa/Lagos' });
}
