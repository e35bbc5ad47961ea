import { z } from 'zod';

/**
 * Inviting another farmer to Gona (issue 34), not a worker (that is a farm's members): a personal
 * link /signup?ref=<code>, who joined through it, and what the inviter gets.
 */

/** A personal code: lowercase letters and digits, as the link carries it. */
export const REFERRAL_CODE = /^[a-z0-9]{8,16}$/;

/** The code a sign-up request may carry, after the allow-list: anything else is none. */
export function referralCodeOf(requested: unknown): string | null {
  return typeof requested === 'string' && REFERRAL_CODE.test(requested) ? requested : null;
}

/**
 * What an inviter gets: this many days of Gona Pro on their farm for each farmer who joins through
 * their link, creates a farm and records something on it within REFERRAL_ACTIVE_DAYS of joining.
 */
export const REFERRAL_REWARD_DAYS = 30;
export const REFERRAL_ACTIVE_DAYS = 30;

export const MyReferralsSchema = z.object({
  code: z.string(),
  /** The whole link to share. */
  link: z.string(),
  /** People who joined through it, newest first: first name and day only. */
  joined: z.array(
    z.object({
      first_name: z.string(),
      joined_at: z.string(),
      /** Their farm is running, so the inviter's month of Pro was given. */
      rewarded: z.boolean(),
    }),
  ),
  /** Months of Pro given to the inviter so far. */
  months_earned: z.number().int(),
});
export type MyReferrals = z.infer<typeof MyReferralsSchema>;
