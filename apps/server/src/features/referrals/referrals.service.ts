import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  REFERRAL_ACTIVE_DAYS,
  REFERRAL_REWARD_DAYS,
  referralCodeOf,
  type MyReferrals,
} from '@gona/shared/referrals';
import type { Db } from '../../db/client';
import { farm_subscriptions, referral_codes, referrals, users } from '../../db/schema/index';
import type { Ctx, Deps } from '../../lib/ctx';
import { addDays, dateIn, farmTimeZone } from '../../lib/farm-time';
import type { Logger } from '../../lib/logger';
import { grantPro } from '../billing/admin-subscriptions.service';

/** The person's link to invite another farmer, who joined through it, and the Pro it earned them. */
export async function getMyReferrals(ctx: Ctx, deps: Pick<Deps, 'config'>): Promise<MyReferrals> {
  const code = await codeOf(ctx.db, ctx.userId);
  const joined = await ctx.db
    .select({
      first_name: users.first_name,
      joined_at: referrals.created_at,
      rewarded_at: referrals.rewarded_at,
    })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.invited_id))
    .where(eq(referrals.inviter_id, ctx.userId))
    .orderBy(desc(referrals.created_at))
    .limit(200);
  return {
    code,
    link: `${deps.config.baseUrl}/signup?ref=${code}`,
    joined: joined.map((row) => ({
      first_name: row.first_name,
      joined_at: row.joined_at.toISOString(),
      rewarded: row.rewarded_at !== null,
    })),
    months_earned: joined.filter((row) => row.rewarded_at !== null).length,
  };
}

/** The person's code, made the first time they ask for it. */
async function codeOf(db: Db, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [existing] = await db
      .select({ code: referral_codes.code })
      .from(referral_codes)
      .where(eq(referral_codes.user_id, userId));
    if (existing) return existing.code;
    // 10 random characters of 36: unguessable enough that a code names one person, short enough to type.
    const code = [...randomBytes(10)].map((byte) => (byte % 36).toString(36)).join('');
    await db.insert(referral_codes).values({ user_id: userId, code }).onConflictDoNothing();
  }
  throw new Error('Could not make a referral code');
}

/**
 * Stores who invited a new account, once it is made (before the address is confirmed, so the link's
 * credit survives confirming it). Nothing for a code nobody has, nor for inviting oneself: the same
 * person, or an account with the inviter's phone number.
 */
export async function recordReferral(
  deps: { db: Db },
  input: { code: unknown; email: string },
): Promise<void> {
  const code = referralCodeOf(input.code);
  if (!code) return;
  const [invited] = await deps.db
    .select({ id: users.id, phone: users.phone })
    .from(users)
    .where(eq(users.email, input.email));
  const [inviter] = await deps.db
    .select({ id: users.id, phone: users.phone })
    .from(referral_codes)
    .innerJoin(users, eq(users.id, referral_codes.user_id))
    .where(eq(referral_codes.code, code));
  if (!invited || !inviter || inviter.id === invited.id) return;
  if (inviter.phone && invited.phone && inviter.phone === invited.phone) return;
  await deps.db
    .insert(referrals)
    .values({ inviter_id: inviter.id, invited_id: invited.id })
    .onConflictDoNothing();
}

/**
 * Gives each inviter a month of Gona Pro, once per farmer who joined through their link, owns a
 * farm and recorded something on it (any audited change but making the farm and its people)
 * within 30 days of joining. The month goes to the inviter's first farm they own; an inviter with
 * no farm yet waits. Run by the billing sweep. Answers how many months were given.
 */
export async function rewardReferrals(deps: { db: Db; logger: Logger; now: () => number }): Promise<number> {
  const due = await deps.db.execute(sql`
    select r.id, r.inviter_id, invited.first_name,
      (select m.farm_id from farm_memberships m join farms f on f.id = m.farm_id
        where m.user_id = r.inviter_id and m.role = 'owner' order by f.created_at, f.id limit 1) as farm_id
    from referrals r
    join users invited on invited.id = r.invited_id
    where r.rewarded_at is null
      and exists (
        select 1 from farm_memberships m
        join audit_logs a on a.farm_id = m.farm_id and a.user_id = r.invited_id
        where m.user_id = r.invited_id and m.role = 'owner'
          and not exists (select 1 from farm_memberships mine
            where mine.farm_id = m.farm_id and mine.user_id = r.inviter_id)
          and a.table_name not in ('farms', 'farm_memberships', 'farm_invitations', 'farm_subscriptions')
          and a.created_at < invited.created_at + make_interval(days => ${REFERRAL_ACTIVE_DAYS})
      )
    order by r.created_at
    limit 100
  `);
  const rows = (
    due as {
      rows: { id: string; inviter_id: string; first_name: string; farm_id: string | null }[];
    }
  ).rows;
  let given = 0;
  for (const row of rows) {
    if (!row.farm_id) continue;
    const now = new Date(deps.now());
    // Claimed first, so two sweeps never give the same month twice.
    const [claimed] = await deps.db
      .update(referrals)
      .set({ rewarded_at: now, rewarded_farm_id: row.farm_id })
      .where(and(eq(referrals.id, row.id), isNull(referrals.rewarded_at)))
      .returning({ id: referrals.id });
    if (!claimed) continue;
    try {
      const [current] = await deps.db
        .select({ state: farm_subscriptions.state, period_end: farm_subscriptions.period_end })
        .from(farm_subscriptions)
        .where(eq(farm_subscriptions.farm_id, row.farm_id));
      const from =
        current && current.state !== 'free' && current.period_end && current.period_end > now
          ? new Date(current.period_end.getTime() - 1)
          : now;
      const zone = await farmTimeZone(deps.db, row.farm_id);
      await grantPro(
        { db: deps.db, userId: row.inviter_id, logger: deps.logger },
        row.farm_id,
        {
          until: addDays(dateIn(zone, from), REFERRAL_REWARD_DAYS),
          reason: `A month of Gona Pro for inviting ${row.first_name}, who joined Gona and is keeping farm records`,
        },
        deps,
      );
      given++;
    } catch (err) {
      await deps.db
        .update(referrals)
        .set({ rewarded_at: null, rewarded_farm_id: null })
        .where(eq(referrals.id, row.id));
      deps.logger.error('A referral reward could not be given', err);
    }
  }
  return given;
}
