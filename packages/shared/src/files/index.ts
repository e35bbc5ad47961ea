import { z } from 'zod';
import { clientIdSchema } from '../fields/index';
import type { FarmAction } from '../permissions/index';

/**
 * Photos and documents kept for a farm's records. Every stored file has a kind: the feature whose
 * records use it. The stored object's key starts with it (`supply/{farmId}/…`).
 */
export const FILE_KINDS = [
  'livestock',
  'staff',
  'supply',
  'receipt',
  'crop',
  'listing',
  'support',
  'task',
  /** Evidence for a marketplace dispute: the buyer's (stored with the selling farm's files) and the farm's. */
  'dispute',
  /** A farm's report as a PDF, made by Gona (never uploaded). */
  'report',
] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** Kinds whose files may be documents (a PDF) as well as photos: a receipt, a support attachment. */
export const DOCUMENT_KINDS: readonly FileKind[] = ['receipt', 'support'];

/** What a person must be allowed to do to see a file of each kind: a receipt is money. */
export const FILE_READ_ACTION: Record<FileKind, FarmAction> = {
  livestock: 'records.read',
  staff: 'records.read',
  supply: 'records.read',
  receipt: 'money.read',
  crop: 'records.read',
  listing: 'records.read',
  support: 'records.read',
  task: 'records.read',
  dispute: 'marketplace.read',
  // A report's PDF holds the farm's money.
  report: 'money.read',
};

/** The long side, in pixels, of a stored photo and of its thumbnail. */
export const PHOTO_LONG_SIDE = { full: 1280, thumb: 320 } as const;

export const FileKindSchema = z.enum(FILE_KINDS, { error: 'Say what the file is for' });

/**
 * A stored file as the API shows it. `url` and `thumb_url` are the addresses the app loads it from:
 * Gona's own, behind the farm's access check, never a public link. A document has no thumbnail.
 */
export const FileSchema = z.object({
  id: z.uuid(),
  farm_id: z.uuid(),
  kind: FileKindSchema,
  content_type: z.string(),
  bytes: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  original_name: z.string(),
  url: z.string(),
  thumb_url: z.string().nullable(),
  created_at: z.string(),
});
export type StoredFile = z.infer<typeof FileSchema>;

/**
 * The multipart form of an upload. `id` may be made by the app (UUID v7) so that an upload sent
 * again (a retry, a photo that waited offline) gives the first answer instead of a second file.
 */
export const UploadFileFormSchema = z.object({
  file: z.file({ error: 'Choose a photo to add' }).meta({ type: 'string', format: 'binary' }),
  kind: FileKindSchema,
  id: clientIdSchema('A photo needs an id made by the app').optional(),
});
export type UploadFileForm = z.infer<typeof UploadFileFormSchema>;

/** ?size=thumb for the thumbnail; the full photo otherwise. */
export const FileQuerySchema = z.object({
  size: z.enum(['full', 'thumb'], { error: 'Use full or thumb' }).default('full'),
});
export type FileQuery = z.output<typeof FileQuerySchema>;

/** The ids of the photos a record keeps, in the order they are shown; at most `max`. */
export function fileIdsSchema(max: number) {
  return z
    .array(z.uuid('Add the photo again'))
    .max(max, `Add at most ${max} photos`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each photo can be added once');
}

/** The 413 answer's words for an upload past the limit: "The file is too large (at most 8 MB)." */
export function fileTooLargeMessage(maxBytes: number): string {
  const mb = maxBytes / (1024 * 1024);
  const size = Number.isInteger(mb) ? `${mb} MB` : `${Math.round(maxBytes / 1024)} KB`;
  return `The file is too large (at most ${size}). Choose a smaller photo or file.`;
}
