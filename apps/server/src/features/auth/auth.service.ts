import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import type { Deps } from '../../lib/ctx';

/**
 * The first name of the account that already has `email`, or null. Signing up is before any
 * session, so this takes the app's `deps` and the input (docs/decisions/059); it is read before the
 * sign-up is forwarded, so a new address is never mistaken for an existing one.
 */
export async function existingAccountName(
  deps: Pick<Deps, 'db'>,
  input: { email: string },
): Promise<string | null> {
  const [owner] = await deps.db
    .select({ first_name: users.first_name })
    .from(users)
    .where(eq(users.email, input.email));
  return owner?.first_name ?? null;
}
