import { z } from 'zod';
import { AVAILABLE_LANGUAGES, EmailSchema, PhoneSchema, SignUpInputSchema } from '../auth/index';
import { FARM_ROLES } from '../permissions/index';

/**
 * Settings › Profile: the person's own name, phone and language. The phone may be left blank (an
 * account made before phones were asked for, or a person who would rather not say).
 */
export const UpdateProfileSchema = z
  .object({
    first_name: SignUpInputSchema.shape.first_name,
    last_name: SignUpInputSchema.shape.last_name,
    phone: z
      .string()
      .trim()
      .transform((value) => value || null)
      .pipe(PhoneSchema.nullable())
      .nullable(),
    language: z.enum(AVAILABLE_LANGUAGES, {
      error: 'Choose English, Hausa, Yoruba, Igbo, Pidgin or French',
    }),
  })
  .strict();
export type UpdateProfile = z.input<typeof UpdateProfileSchema>;

/**
 * The language picker (Settings, or the public pages' picker once signed in): only the language,
 * kept on the account so that every device and every message follows it.
 */
export const UpdateLanguageSchema = z.object({ language: UpdateProfileSchema.shape.language }).strict();
export type UpdateLanguage = z.input<typeof UpdateLanguageSchema>;

/** Settings › Account: a new address, which takes effect once confirmed from a link mailed to it. */
export const ChangeEmailInputSchema = z.object({ new_email: EmailSchema }).strict();
export type ChangeEmailInput = z.input<typeof ChangeEmailInputSchema>;

/** Deleting an account: the person types their own email address, so it cannot happen by a slip. */
export const DeleteAccountInputSchema = z
  .object({ email: z.string().trim().min(1, 'Type your email address to confirm').max(320) })
  .strict();
export type DeleteAccountInput = z.input<typeof DeleteAccountInputSchema>;

/** One signed-in device: what it is, from its browser's description, and when it was last used. */
export const AccountSessionSchema = z.object({
  id: z.string(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  device: z.enum(['phone', 'tablet', 'computer', 'unknown']),
  ip_address: z.string().nullable(),
  signed_in_at: z.string(),
  last_active_at: z.string(),
  /** The device this request came from. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSessionSchema>;

export const AccountSessionListSchema = z.object({ items: z.array(AccountSessionSchema) });

/**
 * "Download my data" (Nigeria Data Protection Act 2023, access and portability): everything Gona
 * holds about the person, as one JSON document. Sessions are listed without their secret tokens.
 */
export const AccountExportSchema = z.object({
  exported_at: z.string(),
  profile: z.object({
    id: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    phone: z.string().nullable(),
    language: z.string(),
    email_verified: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  memberships: z.array(
    z.object({ farm_id: z.string(), farm_name: z.string(), role: z.enum(FARM_ROLES), joined_at: z.string() }),
  ),
  /** Farms the person owns, each with its records. */
  owned_farms: z.array(z.record(z.string(), z.unknown())),
  /** Invitations the person was sent. */
  invitations: z.array(z.record(z.string(), z.unknown())),
  /** What the person did, newest first. */
  activity: z.array(z.record(z.string(), z.unknown())),
  sessions: z.array(AccountSessionSchema.omit({ current: true })),
});
export type AccountExport = z.infer<typeof AccountExportSchema>;
