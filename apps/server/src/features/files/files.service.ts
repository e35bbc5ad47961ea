import { and, asc, eq, getTableName, inArray, isNull, type SQL, type Table } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import {
  DOCUMENT_KINDS,
  FILE_READ_ACTION,
  PHOTO_LONG_SIDE,
  fileTooLargeMessage,
  type FileKind,
  type FileQuery,
  type StoredFile,
  type UploadFileForm,
} from '@gona/shared/files';
import { CONTROL_CHARACTERS } from '@gona/shared/fields';
import { can } from '@gona/shared/permissions';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { files } from '../../db/schema/index';
import type { FileStorage } from '../../integrations/storage';
import { auditDelete, type FieldChanges } from '../../lib/audit';
import type { FarmCtx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { insertOnce } from '../../lib/writes';
import type { OpenedFile } from '../../lib/file-http';

/**
 * Photos and documents as a service every feature uses: an upload is stored at once, unattached;
 * the record that saves it takes it (`attachFilesIn`) in its own transaction, and lets it go when it
 * is deleted (`deleteFilesIn`). Files are served only through Gona, behind the farm's access check.
 */

export type FilesDeps = { storage: FileStorage; limits: Config['uploads'] };

const NOT_FOUND = 'File not found';

// Uploads are one-off images: sharp's operation cache would only hold memory.
sharp.cache(false);

/**
 * Stores an upload: a photo is sniffed from its bytes (never its name or the type the phone
 * claims), turned upright by its EXIF orientation, stripped of all metadata (a farm photo's GPS
 * position is private) and kept as WebP at 1280 px on the long side with a 320 px thumbnail; a PDF,
 * where the kind allows documents, is kept as sent. An id the app made gives a replay the first
 * answer without storing anything again.
 */
export async function uploadFile(ctx: FarmCtx, deps: FilesDeps, input: UploadFileForm): Promise<StoredFile> {
  const id = input.id ?? newId();
  const earlier = await findUpload(ctx.db, ctx.farmId, id);
  if (earlier) return toStoredFile(earlier);
  if (input.file.size > deps.limits.maxBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', fileTooLargeMessage(deps.limits.maxBytes));
  }
  const prepared = await prepareFile(new Uint8Array(await input.file.arrayBuffer()), input.kind, deps.limits);
  const name = displayName(input.file.name);
  const keys = storageKeys(input.kind, ctx.farmId, id, name, prepared.extension);
  const { storage } = deps;
  await storage.put(keys.full, prepared.data, prepared.contentType);
  if (prepared.thumb) await storage.put(keys.thumb, prepared.thumb, 'image/webp');
  const stored = prepared.thumb ? [keys.full, keys.thumb] : [keys.full];
  try {
    const { row, replayed } = await ctx.db.transaction((tx) =>
      insertOnce(tx, files, {
        id,
        farmId: ctx.farmId,
        values: {
          kind: input.kind,
          storage_key: keys.full,
          thumb_key: prepared.thumb ? keys.thumb : null,
          content_type: prepared.contentType,
          bytes: prepared.data.byteLength,
          width: prepared.width,
          height: prepared.height,
          original_name: name,
          created_by: ctx.userId,
        },
      }),
    );
    // The same upload committed first (a double tap): its objects are the ones kept. Both may
    // have written the same keys (same id, same millisecond), so only keys it does not use go.
    if (replayed) await removeObjects(ctx, storage, notKeptBy(row, stored));
    return toStoredFile(row);
  } catch (err) {
    const winner = await findUpload(ctx.db, ctx.farmId, id).catch(() => undefined);
    await removeObjects(ctx, storage, winner ? notKeptBy(winner, stored) : stored);
    // The same upload, sent twice in the same millisecond, made the same storage keys: the second
    // insert meets the first on the key's unique index rather than the id's. The first is the answer.
    if (winner) return toStoredFile(winner);
    throw err;
  }
}

/** One of the farm's files (or its thumbnail) to send; another farm's, or a removed one, is 404. */
export async function openFile(
  ctx: FarmCtx,
  storage: FileStorage,
  fileId: string,
  { size, ifNoneMatch }: FileQuery & { ifNoneMatch: string | undefined },
): Promise<OpenedFile> {
  const [row] = await ctx.db
    .select()
    .from(files)
    .where(and(eq(files.farm_id, ctx.farmId), eq(files.id, fileId), isNull(files.deleted_at)));
  // A support request's photo is the person's and support's only (features/support): not the farm's.
  if (!row || (row.kind === 'support' && row.created_by !== ctx.userId))
    throw new AppError('NOT_FOUND', NOT_FOUND);
  if (!can(ctx.role, FILE_READ_ACTION[row.kind])) throw new AppError('FORBIDDEN');
  return openRow(ctx, storage, row, { size, ifNoneMatch });
}

/**
 * A file attached to one record (`table`, `recordId`), for a caller the record's own feature has
 * let see it without being a member of the farm: the photos of a listing buyers browse. Any other
 * file, or one removed, is 404.
 */
export async function openFileOf(
  ctx: Pick<FarmCtx, 'db' | 'logger'>,
  storage: FileStorage,
  record: { table: Table; recordId: string; fileId: string },
  query: FileQuery & { ifNoneMatch: string | undefined },
): Promise<OpenedFile> {
  const [row] = await ctx.db
    .select()
    .from(files)
    .where(
      and(
        eq(files.id, record.fileId),
        eq(files.attached_to_table, getTableName(record.table)),
        eq(files.attached_to_id, record.recordId),
        isNull(files.deleted_at),
      ),
    );
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return openRow(ctx, storage, row, query);
}

/** Sends a file row its feature has already found and let the caller see. */
export async function openRow(
  ctx: Pick<FarmCtx, 'logger'>,
  storage: FileStorage,
  row: FileRow,
  { size, ifNoneMatch }: FileQuery & { ifNoneMatch: string | undefined },
): Promise<OpenedFile> {
  const thumb = size === 'thumb' && row.thumb_key !== null;
  const etag = `"${row.id}-${thumb ? 'thumb' : 'full'}"`;
  const shape = {
    contentType: thumb ? 'image/webp' : row.content_type,
    etag,
    downloadName: row.content_type.startsWith('image/') ? null : row.original_name,
  };
  if (ifNoneMatch?.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')) {
    return { ...shape, body: null, bytes: undefined };
  }
  const object = await storage.get(thumb ? row.thumb_key! : row.storage_key);
  if (!object) {
    ctx.logger.warn(`files: ${row.storage_key} has a row but no stored object`);
    throw new AppError('NOT_FOUND', NOT_FOUND);
  }
  return { ...shape, body: object.body, bytes: object.bytes };
}

/**
 * Removes one file from the farm (and from the record that has it). It is no longer served from
 * now on; the files-cleanup job deletes the stored objects within the hour.
 */
export async function deleteFile(ctx: FarmCtx, fileId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ kind: files.kind, name: files.original_name, attached_to: files.attached_to_table })
      .from(files)
      .where(and(eq(files.farm_id, ctx.farmId), eq(files.id, fileId), isNull(files.deleted_at)))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    await releaseFiles(tx, ctx.farmId, eq(files.id, fileId));
    await auditDelete(tx, ctx, files, { id: fileId, record: row });
  });
}

/**
 * Makes `fileIds` the files of one record, in the record's own transaction: files it names that
 * are new to it are attached, files it had and no longer names are removed. Each must be this
 * farm's, of `kind`, and not another record's; otherwise nothing changes and the caller gets a
 * field error under `field`. Answers the change for the record's audit row (`{ photos: { from,
 * to } }`, counts), or null when the record keeps the files it had.
 */
export async function attachFilesIn(
  tx: Tx,
  ctx: FarmCtx,
  options: { table: Table; id: string; kind: FileKind; fileIds: readonly string[]; field?: string },
): Promise<FieldChanges | null> {
  const { id, kind, fileIds, field = 'photo_ids' } = options;
  const table = getTableName(options.table);
  const refuse = (message: string) => new AppError('VALIDATION', undefined, { [field]: message });
  const current = (await filesOfQuery(tx, ctx.farmId, table, id)).map((f) => f.id);
  const adding = fileIds.filter((fileId) => !current.includes(fileId));
  const removing = current.filter((fileId) => !fileIds.includes(fileId));
  if (adding.length > 0) {
    const found = await tx
      .select({ id: files.id, kind: files.kind, attached: files.attached_to_id, deleted: files.deleted_at })
      .from(files)
      .where(and(eq(files.farm_id, ctx.farmId), inArray(files.id, adding)));
    const usable = found.filter((f) => f.deleted === null);
    if (usable.length < adding.length) throw refuse('A photo could not be found. Add it again.');
    if (usable.some((f) => f.kind !== kind))
      throw refuse('A photo was added for something else. Add it again.');
    if (usable.some((f) => f.attached !== null))
      throw refuse('A photo belongs to another record. Add it again.');
    // Taken only if still free: of two records saving the same upload at once, one gets it.
    const taken = await tx
      .update(files)
      .set({ attached_to_table: table, attached_to_id: id })
      .where(and(eq(files.farm_id, ctx.farmId), inArray(files.id, adding), isNull(files.attached_to_id)))
      .returning({ id: files.id });
    if (taken.length < adding.length) throw refuse('A photo belongs to another record. Add it again.');
  }
  if (removing.length > 0) await releaseFiles(tx, ctx.farmId, inArray(files.id, removing));
  if (adding.length === 0 && removing.length === 0) return null;
  return { photos: { from: current.length, to: fileIds.length } };
}

/** In the transaction that deletes a record: its files go with it (served no more, stored objects removed by the job). */
export async function deleteFilesIn(
  tx: Tx,
  ctx: FarmCtx,
  input: { table: Table; id: string },
): Promise<number> {
  const { table, id } = input;
  const released = await releaseFiles(
    tx,
    ctx.farmId,
    and(eq(files.attached_to_table, getTableName(table)), eq(files.attached_to_id, id)),
  );
  return released.length;
}

/** The files of one record, in the order they were added. */
export async function listFilesOf(
  db: Db | Tx,
  farmId: string,
  table: Table,
  id: string,
): Promise<StoredFile[]> {
  return (await filesOfQuery(db, farmId, getTableName(table), id)).map(toStoredFile);
}

type FileRow = typeof files.$inferSelect;

/** How a file row leaves the server: with the addresses the app loads it from. */
function toStoredFile(row: FileRow): StoredFile {
  const url = `/api/farms/${row.farm_id}/files/${row.id}`;
  return {
    id: row.id,
    farm_id: row.farm_id,
    kind: row.kind,
    content_type: row.content_type,
    bytes: row.bytes,
    width: row.width,
    height: row.height,
    original_name: row.original_name,
    url,
    thumb_url: row.thumb_key ? `${url}?size=thumb` : null,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * The name a person gave the file, made safe to store and show: no folders, no control
 * characters, at most 120 characters.
 */
function displayName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base
    .normalize('NFC')
    .replace(new RegExp(CONTROL_CHARACTERS.source, 'g'), '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  return clean || 'photo';
}

/**
 * `{kind}/{farmId}/{timestamp}-{safe name}`, the spec's pattern for every kind. The timestamp is the
 * one in the file's id (a UUID v7 made when the photo was picked), so an upload sent twice writes
 * the same keys. The safe name is the person's file name in lower-case ASCII letters, digits and
 * dashes, ending with a piece of the file's id so that two uploads in the same millisecond never
 * share a key.
 */
function storageKeys(
  kind: FileKind,
  farmId: string,
  fileId: string,
  name: string,
  extension: string,
): { full: string; thumb: string } {
  const slug =
    name
      .replace(/\.[^.]*$/, '')
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'photo';
  const stem = `${kind}/${farmId}/${uuidV7Time(fileId)}-${slug}-${fileId.slice(-8)}`;
  return { full: `${stem}.${extension}`, thumb: `${stem}.thumb.webp` };
}

/** The milliseconds since 1970 in a UUID v7's first 48 bits (its creation time). */
function uuidV7Time(id: string): number {
  return Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16);
}

type PreparedFile = {
  data: Uint8Array;
  contentType: string;
  extension: string;
  width: number | null;
  height: number | null;
  thumb: Uint8Array | null;
};

/** Image types sharp can turn into WebP on this build; HEIC is sniffed so it can be refused in words. */
const IMAGE_TYPES = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/avif',
  'image/heic',
  'image/heif',
]);

const HEIC_MESSAGE =
  'This photo is in HEIC format, which Gona cannot read. Choose a JPEG photo, or set the camera to save JPEG ("Most compatible").';
const UNREADABLE_MESSAGE =
  'This photo could not be read. It may be damaged: take it again or choose another one.';

async function prepareFile(
  bytes: Uint8Array,
  kind: FileKind,
  limits: Config['uploads'],
): Promise<PreparedFile> {
  const type = await fileTypeFromBuffer(bytes);
  const documents = DOCUMENT_KINDS.includes(kind);
  if (type?.mime === 'application/pdf' && documents) {
    return { data: bytes, contentType: type.mime, extension: 'pdf', width: null, height: null, thumb: null };
  }
  if (!type || !IMAGE_TYPES.has(type.mime)) {
    throw fileError(
      documents
        ? 'This file is not a photo or a PDF. Choose a JPEG, PNG or WebP photo, or a PDF document.'
        : 'This file is not a photo. Choose a JPEG, PNG or WebP photo.',
    );
  }
  return preparePhoto(bytes, limits.maxPixels);
}

async function preparePhoto(bytes: Uint8Array, maxPixels: number): Promise<PreparedFile> {
  const meta = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height) throw fileError(UNREADABLE_MESSAGE);
  // Sharp's prebuilt binaries read the HEIF container but carry no HEVC decoder (patents).
  if (meta.compression === 'hevc') throw fileError(HEIC_MESSAGE);
  if (meta.width * meta.height > maxPixels) {
    throw fileError(
      `This photo has too many pixels (more than ${Math.floor(maxPixels / 1_000_000)} megapixels). Choose a smaller photo.`,
    );
  }
  try {
    const full = await sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' })
      .autoOrient()
      .resize(PHOTO_LONG_SIDE.full, PHOTO_LONG_SIDE.full, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    const thumb = await sharp(full.data)
      .resize(PHOTO_LONG_SIDE.thumb, PHOTO_LONG_SIDE.thumb, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 70 })
      .toBuffer();
    return {
      data: full.data,
      contentType: 'image/webp',
      extension: 'webp',
      width: full.info.width,
      height: full.info.height,
      thumb,
    };
  } catch {
    throw fileError(UNREADABLE_MESSAGE);
  }
}

function fileError(message: string): AppError {
  return new AppError('VALIDATION', undefined, { file: message });
}

async function findUpload(db: Db, farmId: string, id: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
  if (row && row.farm_id !== farmId) throw new AppError('CONFLICT', 'This record already exists.');
  return row;
}

function filesOfQuery(db: Db | Tx, farmId: string, table: string, id: string) {
  return db
    .select()
    .from(files)
    .where(and(eq(files.farm_id, farmId), eq(files.attached_to_table, table), eq(files.attached_to_id, id)))
    .orderBy(asc(files.id));
}

/** Detaches files and marks them removed; the files-cleanup job deletes their objects and rows. */
function releaseFiles(tx: Tx, farmId: string, which: SQL | undefined) {
  return tx
    .update(files)
    .set({ deleted_at: new Date(), attached_to_table: null, attached_to_id: null })
    .where(and(eq(files.farm_id, farmId), which, isNull(files.deleted_at)))
    .returning({ id: files.id });
}

/** The keys among `keys` that the stored row does not point at. */
function notKeptBy(row: { storage_key: string; thumb_key: string | null }, keys: string[]): string[] {
  return keys.filter((key) => key !== row.storage_key && key !== row.thumb_key);
}

/** Best effort: an object left behind has no row, and the files-cleanup job's sweep removes it. */
async function removeObjects(ctx: FarmCtx, storage: FileStorage, keys: string[]): Promise<void> {
  await Promise.all(
    keys.map((key) =>
      storage.delete(key).catch((err: unknown) => ctx.logger.warn(`files: could not remove ${key}`, err)),
    ),
  );
}

/**
 * A document Gona made for one of a farm's records (a report's PDF), kept like an upload and taken
 * by its record at once, in the caller's transaction. The bytes are stored first: a transaction that
 * rolls back leaves an object without a row, which the files-cleanup job sweeps away.
 */
export async function keepDocumentIn(
  tx: Tx,
  storage: FileStorage,
  input: {
    farmId: string;
    userId: string | null;
    kind: FileKind;
    name: string;
    contentType: string;
    extension: string;
    data: Uint8Array;
    table: Table;
    recordId: string;
  },
): Promise<StoredFile> {
  const id = newId();
  const name = displayName(input.name);
  const keys = storageKeys(input.kind, input.farmId, id, name, input.extension);
  await storage.put(keys.full, input.data, input.contentType);
  const [row] = await tx
    .insert(files)
    .values({
      id,
      farm_id: input.farmId,
      kind: input.kind,
      storage_key: keys.full,
      content_type: input.contentType,
      bytes: input.data.byteLength,
      original_name: name,
      created_by: input.userId,
      attached_to_table: getTableName(input.table),
      attached_to_id: input.recordId,
    })
    .returning();
  return toStoredFile(row!);
}
