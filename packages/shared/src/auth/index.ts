import { z } from 'zod';
// Plain-word messages for checks without their own (configured once for the shared zod).
import '../fields/index';
import { PLATFORM_ROLES, SIGNUP_ROLES } from '../permissions/index';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Nigerian phone numbers: 080…, +234 80…, with spaces or dashes. */
export const NIGERIAN_PHONE = /^(?:\+?234|0)[789][01]\d{8}$/;

export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email('Enter a valid email address, like ada@example.com'));

export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`);

export const PhoneSchema = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(NIGERIAN_PHONE, 'Enter a Nigerian phone number, like 0803 123 4567'));

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

/** The role a sign-up request may carry, after the allow-list. */
export function signupRole(requested: unknown): (typeof PLATFORM_ROLES)[number] {
  return (SIGNUP_ROLES as readonly unknown[]).includes(requested) ? (requested as 'user') : 'user';
}

export const MeSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  role: z.enum(PLATFORM_ROLES),
  email_verified: z.boolean(),
});
export type Me = z.infer<typeof MeSchema>;
