import { createHmac, randomBytes } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { FARM_ROLES, type CreateFarmInput, type Farm, type FarmRole, type Me } from '@gona/shared';
import { accounts, farm_memberships, farms, sessions, users } from '../db/schema/index';
import { toFarm } from '../features/farms/farms.service';
import { SESSION_EXPIRES_IN, sessionCookieName } from '../lib/auth';
import { newId } from '../lib/ids';
import type { TestContext } from './context';

export type SeededUser = { user: Me; cookie: string; email: string };

export type TeamMember = FarmRole | 'stranger';

/** A farm with one signed-in member of each role, and a stranger who is signed in with a farm of their own. */
export type FarmTeam = {
  farm: Farm;
  /** `/api/farms/<farm id>`, the root of the farm's routes. */
  base: string;
  cookies: Record<TeamMember, string>;
  users: Record<TeamMember, Me>;
};

/**
 * A confirmed user with a current session, written straight into better-auth's tables: a few
 * milliseconds instead of signing up, confirming and signing in over HTTP. Give `password` only when
 * the test signs in with it (hashing takes a while).
 */
/** The users row of a seeded person: a confirmed Okafor with a phone number. */
export function userRow(email: string, first_name = 'Amaka') {
  return {
    name: `${first_name} Okafor`,
    email,
    email_verified: true,
    first_name,
    last_name: 'Okafor',
    phone: '0803 123 4567',
  };
}

export async function seedUser(
  t: TestContext,
  options: { first_name?: string; password?: string } = {},
): Promise<SeededUser> {
  const email = t.uniqueEmail(options.first_name?.toLowerCase());
  const first_name = options.first_name ?? 'Amaka';
  const [row] = await t.db.insert(users).values(userRow(email, first_name)).returning();
  if (!row) throw new Error(`seedUser: no user ${email}`);
  if (options.password)
    await t.db.insert(accounts).values({
      user_id: row.id,
      account_id: row.id,
      provider_id: 'credential',
      password: await hashPassword(options.password),
    });
  const token = randomBytes(24).toString('base64url');
  await t.db.insert(sessions).values({
    user_id: row.id,
    token,
    expires_at: new Date(Date.now() + SESSION_EXPIRES_IN * 1000),
  });
  const user: Me = {
    id: row.id,
    email,
    first_name,
    last_name: row.last_name,
    phone: row.phone,
    role: 'user',
    email_verified: true,
    language: 'en',
  };
  return { user, cookie: sessionCookie(t, token), email };
}

/** A farm owned by `ownerId` (with the owner's membership row), written straight into the database. */
export async function seedFarm(
  t: TestContext,
  ownerId: string,
  overrides: Partial<CreateFarmInput> = {},
): Promise<Farm> {
  const [row] = await t.db
    .insert(farms)
    .values({
      name: 'Green Acres',
      location: 'Obio-Akpor',
      farm_type: 'crop',
      state: 'Rivers',
      ...overrides,
      id: newId(),
      owner_id: ownerId,
    })
    .returning();
  if (!row) throw new Error('seedFarm: no farm');
  await t.db.insert(farm_memberships).values({ farm_id: row.id, user_id: ownerId, role: 'owner' });
  return toFarm(row, 'owner');
}

/** A farm with one member of each role and a signed-in stranger (who owns another farm), all seeded. */
export async function seedFarmTeam(t: TestContext): Promise<FarmTeam> {
  const people = await Promise.all(
    [...FARM_ROLES, 'stranger' as const].map(
      async (who) =>
        [who, await seedUser(t, who === 'owner' || who === 'stranger' ? {} : { first_name: who })] as const,
    ),
  );
  const seeded = Object.fromEntries(people) as Record<TeamMember, SeededUser>;
  const farm = await seedFarm(t, seeded.owner.user.id);
  await t.db.insert(farm_memberships).values(
    FARM_ROLES.filter((role) => role !== 'owner').map((role) => ({
      farm_id: farm.id,
      user_id: seeded[role].user.id,
      role,
    })),
  );
  await seedFarm(t, seeded.stranger.user.id, { name: 'Other Farm' });
  const pick = <T>(of: (u: SeededUser) => T) =>
    Object.fromEntries(people.map(([who, u]) => [who, of(u)])) as Record<TeamMember, T>;
  return { farm, base: `/api/farms/${farm.id}`, cookies: pick((u) => u.cookie), users: pick((u) => u.user) };
}

/** The session cookie for `token`, signed as better-auth signs it: `token.base64(HMAC-SHA256(secret, token))`. */
function sessionCookie(t: TestContext, token: string): string {
  const { config } = t.deps;
  const signature = createHmac('sha256', config.authSecret).update(token).digest('base64');
  return `${sessionCookieName(config)}=${encodeURIComponent(`${token}.${signature}`)}`;
}
