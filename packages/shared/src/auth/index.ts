import { z } from 'zod';
// Plain-word messages for checks without their own (configured once for the shared zod).
import '../fields/index';
import { PLATFORM_ROLES, SIGNUP_ROLES } from '../permissions/index';
import { normalizeNigerianPhone } from '../phone/index';
import { LANGUAGES, type Language } from '../languages/index';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email('Enter a valid email address, like ada@example.com'));

export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`);

/**
 * A Nigerian number however it is written (0803 123 4567, +234 803 123 4567, 2348031234567), kept
 * once in the international form (E.164, +2348031234567) so that one person's number matches itself.
 */
export const PhoneSchema = z
  .string()
  .trim()
  .transform((text, ctx) => {
    const phone = normalizeNigerianPhone(text);
    if (phone === null) {
      ctx.addIssue({ code: 'custom', message: 'Enter a Nigerian phone number, like 0803 123 4567' });
      return z.NEVER;
    }
    return phone;
  });

const name = (label: string) =>
  z.string().trim().min(1, `Enter your ${label}`).max(80, `Use at most 80 characters`);

export const SignUpInputSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  first_name: name('first name'),
  last_name: name('last name'),
  phone: PhoneSchema,
  /** Only roles in SIGNUP_ROLES are kept; anything else becomes 'user' on the server. */
  role: z.string().optional(),
  /** What the person came for; anything but SIGNUP_INTENTS becomes 'farm' on the server. */
  intent: z.enum(['farm', 'buy']).optional(),
  /** The language the person signed up in; anything Gona does not speak becomes English on the server. */
  language: z.string({ error: 'Choose a language from the list' }).optional(),
});
export type SignUpInput = z.input<typeof SignUpInputSchema>;

export const SignInInputSchema = z.object({
  email: EmailSchema,
  password: z.string().min(1, 'Enter your password'),
});

export const ForgotPasswordInputSchema = z.object({ email: EmailSchema });

export const UpdatePasswordInputSchema = z
  .object({ password: PasswordSchema, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'The passwords do not match' });

/** Profile changes (better-auth's update-user) follow the same field rules as sign-up. */
export const UpdateProfileInputSchema = SignUpInputSchema.pick({
  first_name: true,
  last_name: true,
  phone: true,
})
  .partial()
  .strict();
export type UpdateProfileInput = z.input<typeof UpdateProfileInputSchema>;

/** Settings › Account: the current password proves it is the owner, not someone at an open phone. */
export const ChangePasswordInputSchema = z
  .object({
    current_password: z.string().min(1, 'Enter your current password').max(PASSWORD_MAX_LENGTH),
    password: PasswordSchema,
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'The passwords do not match' });
export type ChangePasswordInput = z.input<typeof ChangePasswordInputSchema>;

/**
 * What a person says they came for at sign-up: to farm (the farm screens, starting with creating
 * one) or only to buy produce (the marketplace, no farm needed).
 */
export const SIGNUP_INTENTS = ['farm', 'buy'] as const;
export type SignupIntent = (typeof SIGNUP_INTENTS)[number];

/** The intent a sign-up request may carry, after the allow-list: anything else is 'farm'. */
export function signupIntent(requested: unknown): SignupIntent {
  return (SIGNUP_INTENTS as readonly unknown[]).includes(requested) ? (requested as SignupIntent) : 'farm';
}

/** The role a sign-up request may carry, after the allow-list. */
export function signupRole(requested: unknown): (typeof PLATFORM_ROLES)[number] {
  return (SIGNUP_ROLES as readonly unknown[]).includes(requested) ? (requested as 'user') : 'user';
}

/**
 * Languages Gona speaks (product.md). Each can be chosen; a screen whose words are not translated
 * yet shows them in English (apps/web/src/i18n/manifest.ts says which are).
 */
export { LANGUAGES, type Language };
export const AVAILABLE_LANGUAGES = LANGUAGES;

/** Roles of Gona's own staff (users.platform_role), never taken from sign-up or an account update. */
export const STAFF_ROLES = ['admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const MeSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  role: z.enum(PLATFORM_ROLES),
  email_verified: z.boolean(),
  /** The language the person chose for Gona's words. */
  language: z.enum(LANGUAGES),
  /** What they came for at sign-up; a buyer without a farm starts in the marketplace. Absent: farm. */
  intent: z.enum(SIGNUP_INTENTS).optional(),
  /** Gona's own staff: 'admin' opens /admin. Given only by the server's command-line script. */
  platform_role: z.enum(STAFF_ROLES).nullish(),
});
export type Me = z.infer<typeof MeSchema>;
