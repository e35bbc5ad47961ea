import { eq, sql } from 'drizzle-orm';
import { loadConfig, loadDotEnv } from '../config';
import { createDb, type Db } from '../db/client';
import { migrateDb } from '../db/migrate';
import { users } from '../db/schema/index';

/**
 * Gives or takes Gona's back office (users.platform_role 'admin') from an account, on the database
 * the server uses (DATABASE_URL, else the local PGlite under DATA_DIR; stop a server using PGlite
 * first). Never possible from the app itself:
 *
 *   npm run admin -w @gona/server -- grant someone@example.com
 *   npm run admin -w @gona/server -- revoke someone@example.com
 */
export async function setPlatformAdmin(db: Db, action: 'grant' | 'revoke', email: string): Promise<boolean> {
  const changed = await db
    .update(users)
    .set({ platform_role: action === 'grant' ? 'admin' : null, updated_at: new Date() })
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .returning({ id: users.id });
  return changed.length > 0;
}

async function main(args: string[]): Promise<number> {
  const [action, email] = args;
  if ((action !== 'grant' && action !== 'revoke') || !email) {
    console.error('Usage: npm run admin -w @gona/server -- grant|revoke <email>');
    return 2;
  }
  loadDotEnv();
  const database = createDb(loadConfig());
  try {
    // The database may not have been opened by this version of the server yet (the column is new).
    await migrateDb(database.db);
    const found = await setPlatformAdmin(database.db, action, email);
    if (!found) {
      console.error(`No account with the email ${email}`);
      return 1;
    }
    console.log(action === 'grant' ? `${email} is now a Gona admin` : `${email} is no longer a Gona admin`);
    return 0;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
