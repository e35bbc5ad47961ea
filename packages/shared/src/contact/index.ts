import { z } from 'zod';
// Plain-word messages for checks without their own (configured once for the shared zod).
import '../fields/index';
import { EmailSchema, PhoneSchema } from '../auth/index';

export const CONTACT_LIMITS = {
  name: 100,
  subject: 150,
  message: 5000,
  messageMin: 10,
} as const;

/** Per IP address: at most this many contact messages in the window. */
export const CONTACT_RATE_LIMIT = { max: 5, windowSeconds: 10 * 60 } as const;

const text = (empty: string, max: number) =>
  z.string(empty).trim().min(1, empty).max(max, `Use at most ${max} characters`);

/** The public contact form; also what POST /api/contact accepts (JSON or a plain HTML form). */
export const ContactInputSchema = z.object({
  name: text('Enter your name', CONTACT_LIMITS.name),
  email: z.string('Enter your email address').pipe(EmailSchema),
  /** Optional: an empty form field means no phone number. */
  phone: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    PhoneSchema.optional(),
  ),
  subject: text('Enter a subject, e.g. "Question about Pro"', CONTACT_LIMITS.subject),
  message: text('Write your message', CONTACT_LIMITS.message).refine(
    (v) => v.length >= CONTACT_LIMITS.messageMin,
    `Tell us a little more (at least ${CONTACT_LIMITS.messageMin} characters)`,
  ),
});
export type ContactInput = z.input<typeof ContactInputSchema>;
export type ContactMessage = z.output<typeof ContactInputSchema>;

export const ContactCreatedSchema = z.object({ id: z.uuid() });
