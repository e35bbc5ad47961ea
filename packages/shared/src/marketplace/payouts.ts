import { z } from 'zod';

/**
 * Payouts: where a farm's marketplace money goes (a Nigerian bank account, checked with the bank
 * for its name and confirmed by the owner with their password) and each completed order's transfer.
 */

/** Hours payouts wait after a farm's payout account is changed (account takeover is the common fraud). */
export const PAYOUT_ACCOUNT_HOLD_HOURS = 24;
/** Tries of a failed transfer before it waits for Gona's staff. */
export const PAYOUT_MAX_TRIES = 3;

/**
 * A payout: pending (waiting to be sent: the account on hold, or no account yet), sent (the transfer
 * asked of Paystack), paid (transfer.success), failed (transfer.failed or reversed: tried again, then
 * left for Gona's staff).
 */
export const PAYOUT_STATUSES = ['pending', 'sent', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const BankSchema = z.object({ code: z.string(), name: z.string() });
export type Bank = z.infer<typeof BankSchema>;

const accountNumber = z
  .string({ error: 'Enter the 10-digit account number' })
  .transform((v) => v.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{10}$/, 'Enter the 10-digit account number'));

/** Asking the bank whose account it is, before saving it. */
export const ResolveAccountInputSchema = z
  .object({
    bank_code: z
      .string({ error: 'Choose the bank' })
      .trim()
      .min(1, 'Choose the bank')
      .max(20, 'Choose the bank'),
    account_number: accountNumber,
  })
  .strict();
export type ResolveAccountInput = z.input<typeof ResolveAccountInputSchema>;

export const ResolvedAccountSchema = z.object({
  bank_code: z.string(),
  bank_name: z.string(),
  account_number: z.string(),
  account_name: z.string(),
});
export type ResolvedAccount = z.infer<typeof ResolvedAccountSchema>;

/** Saving the farm's payout account: the owner confirms with their password. */
export const SavePayoutAccountInputSchema = ResolveAccountInputSchema.extend({
  password: z
    .string({ error: 'Enter your password' })
    .min(1, 'Enter your password')
    .max(128, 'Enter your password'),
}).strict();
export type SavePayoutAccountInput = z.input<typeof SavePayoutAccountInputSchema>;

/** The farm's payout account as its owners and managers read it: the number shown by its last 4 digits. */
export const PayoutAccountSchema = z.object({
  bank_code: z.string(),
  bank_name: z.string(),
  account_last4: z.string(),
  account_name: z.string(),
  /** Payouts wait until then after a change; null when not on hold. */
  hold_until: z.string().nullable(),
  updated_at: z.string(),
});
export type PayoutAccount = z.infer<typeof PayoutAccountSchema>;

/** One completed order's payout, as the farm reads it. */
export const PayoutSchema = z.object({
  id: z.uuid(),
  order_id: z.uuid(),
  order_title: z.string(),
  amount_kobo: z.number().int(),
  status: z.enum(PAYOUT_STATUSES),
  /** Why it failed, in plain words, when it did. */
  failure: z.string().nullable(),
  tries: z.number().int(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
});
export type Payout = z.infer<typeof PayoutSchema>;
