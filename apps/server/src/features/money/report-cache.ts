import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { money_versions } from '../../db/schema/index';
import type { FarmCtx } from '../../lib/ctx';
import { preparedQuery } from '../../lib/prepared';

/** At most this many reports are kept, the least recently read going first. */
const MAX_REPORTS = 2_000;
/** And at most this many characters of them in all (about 64 MB of strings at most). */
const MAX_CHARACTERS = 32_000_000;

type Kept = { version: number; json: string };

/**
 * The money reports (profit and loss, cash by month, money owed, expense totals) as the JSON they
 * were answered with, by farm and question, beside the farm's money version when they were worked
 * out. A report is answered from here while the farm's version has not moved; any write to what the
 * reports read moves it (database triggers, migration 0032), so nothing stale is ever answered, and
 * every server process keeps its own copy. The version is read before the report is worked out: a
 * write that lands during the work is either in the report or moves the version past it.
 */
class ReportCache {
  private readonly kept = new Map<string, Kept>();
  private characters = 0;

  get(key: string, version: number): string | null {
    const found = this.kept.get(key);
    if (!found || found.version !== version) return null;
    // Read again: move it to the newest end.
    this.kept.delete(key);
    this.kept.set(key, found);
    return found.json;
  }

  set(key: string, entry: Kept): void {
    this.drop(key);
    this.kept.set(key, entry);
    this.characters += entry.json.length;
    for (const oldest of this.kept.keys()) {
      if (this.kept.size <= MAX_REPORTS && this.characters <= MAX_CHARACTERS) break;
      this.drop(oldest);
    }
  }

  private drop(key: string): void {
    const found = this.kept.get(key);
    if (!found) return;
    this.characters -= found.json.length;
    this.kept.delete(key);
  }
}

const caches = new WeakMap<Db, ReportCache>();

const versionOf = preparedQuery((db) =>
  db
    .select({ version: money_versions.version })
    .from(money_versions)
    .where(eq(money_versions.farm_id, sql.placeholder('farmId')))
    .prepare('gona_money_version'),
);

/**
 * The report `question` names (the report and every input it depends on) as JSON text: kept from
 * an earlier answer while the farm's money has not changed, else worked out by `work` and kept.
 */
export async function moneyReportJson<T>(
  ctx: FarmCtx,
  question: string,
  work: () => Promise<T>,
): Promise<string> {
  let cache = caches.get(ctx.db);
  if (!cache) {
    cache = new ReportCache();
    caches.set(ctx.db, cache);
  }
  const [row] = await versionOf(ctx.db).execute({ farmId: ctx.farmId });
  const version = row?.version ?? 0;
  const key = `${ctx.farmId}\u0000${question}`;
  const kept = cache.get(key, version);
  if (kept !== null) return kept;
  const json = JSON.stringify(await work());
  cache.set(key, { version, json });
  return json;
}
