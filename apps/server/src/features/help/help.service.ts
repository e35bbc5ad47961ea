import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  helpPlainText,
  parseHelpArticle,
  sortHelpArticles,
  type AdminHelpFeedback,
  type HelpArticleList,
  type HelpSearchAnswer,
} from '@gona/shared/help';
import { REPO_ROOT } from '../../config';
import type { Db } from '../../db/client';
import { help_articles, help_feedback, knowledge_datasets } from '../../db/schema/index';
import type { Deps } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { consumeRateLimit } from '../../lib/rate-limit';
import { weightedSearch } from '../knowledge/search.service';

/** The articles, Markdown reviewed like code; the web build prerenders the same files at /help. */
export const HELP_DIR = join(REPO_ROOT, 'packages/shared/help');
const DATASET = 'help-articles';

/** Feedback from one address: a few answers per article and hour, enough for a shared phone. */
const FEEDBACK_LIMIT = { window: 60 * 60, max: 5 };

/**
 * Loads the help articles into help_articles on start, as the knowledge base loads its files: when
 * the files' text changed since the last load, every row is replaced in one transaction. Answers
 * whether it loaded.
 */
export async function loadHelp(db: Db, logger?: Logger, dir = HELP_DIR): Promise<boolean> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.md')).sort();
  const files = await Promise.all(
    names.map(async (name) => ({ name, text: await readFile(join(dir, name), 'utf8') })),
  );
  const checksum = createHash('sha256')
    .update(files.map((file) => `${file.name}\n${file.text}`).join('\n\0'))
    .digest('hex');
  const current = async (reader: Pick<Db, 'select'>) =>
    (
      await reader
        .select({ checksum: knowledge_datasets.checksum })
        .from(knowledge_datasets)
        .where(eq(knowledge_datasets.name, DATASET))
    )[0]?.checksum;
  if ((await current(db)) === checksum) return false;
  const articles = sortHelpArticles(files.map((file) => parseHelpArticle(file.text, file.name)));
  const slugs = new Set(articles.map((article) => article.slug));
  if (slugs.size !== articles.length) throw new Error(`${dir}: two help articles have the same slug`);
  const loaded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('gona_help'))`);
    if ((await current(tx)) === checksum) return false;
    await tx.delete(help_articles).where(sql`true`);
    for (const [position, article] of articles.entries()) {
      const body = helpPlainText(article.markdown);
      await tx.insert(help_articles).values({
        slug: article.slug,
        title: article.title,
        description: article.description,
        position,
        body,
        search: weightedSearch({ a: [article.title], b: [article.description], c: [body] }),
      });
    }
    await tx
      .insert(knowledge_datasets)
      .values({ name: DATASET, version: 1, checksum })
      .onConflictDoUpdate({ target: knowledge_datasets.name, set: { checksum, loaded_at: sql`now()` } });
    return true;
  });
  if (loaded) logger?.info('Help articles loaded', { articles: articles.length });
  return loaded;
}

/** Every article, in the help centre's order. */
export async function listHelpArticles(deps: Pick<Deps, 'db'>): Promise<HelpArticleList> {
  const items = await deps.db
    .select({ slug: help_articles.slug, title: help_articles.title, description: help_articles.description })
    .from(help_articles)
    .orderBy(asc(help_articles.position));
  return { items };
}

/**
 * The articles matching a question, best first: PostgreSQL's full-text search over the title (A),
 * the description (B) and the body (C), any of the question's words (a question is loose, "how I go
 * collect money wey buyer owe"), ranked by ts_rank_cd's weights and closeness.
 */
export async function searchHelp(
  deps: Pick<Deps, 'db'>,
  input: { q: string; limit?: number },
): Promise<HelpSearchAnswer> {
  const words = (input.q.toLowerCase().match(/\p{L}+|\d+/gu) ?? []).slice(0, 30);
  if (!words.length) return { items: [] };
  const rows = await queryRows<{ slug: string; title: string; description: string; rank: number }>(
    deps.db,
    sql`
    with words as (
      select distinct lexeme
      from jsonb_array_elements_text(${JSON.stringify(words)}::jsonb) as word,
        unnest(tsvector_to_array(to_tsvector('english', unaccent(word)))) as lexeme
      where lexeme ~ '^[[:alnum:]._-]+$'
    ), query as (
      select to_tsquery('english', string_agg(quote_literal(lexeme), ' | ')) as q from words
    )
    select slug, title, description,
      round(ts_rank_cd('{0.1, 0.2, 0.6, 1.0}', search, query.q)::numeric, 4)::float8 as rank
    from help_articles, query
    where query.q is not null and search @@ query.q
    order by rank desc, position
    limit ${input.limit ?? 5}
  `,
  );
  return { items: rows };
}

/** Counts a yes or a no for an article; nothing about who answered is kept. */
export async function recordHelpFeedback(
  deps: Pick<Deps, 'db' | 'now'> & { ip: string | null },
  slug: string,
  input: { helpful: boolean },
): Promise<void> {
  const [article] = await deps.db
    .select({ slug: help_articles.slug })
    .from(help_articles)
    .where(eq(help_articles.slug, slug));
  if (!article) throw new AppError('NOT_FOUND', 'This help article does not exist');
  const limit = await consumeRateLimit(
    deps.db,
    `help-feedback:${deps.ip ?? 'unknown'}:${slug}`,
    FEEDBACK_LIMIT,
    deps.now(),
  );
  if (!limit.allowed) throw new AppError('RATE_LIMITED', 'Thank you, your answer is already counted.');
  const helpful = input.helpful ? 1 : 0;
  await deps.db
    .insert(help_feedback)
    .values({ slug, helpful, not_helpful: 1 - helpful, updated_at: new Date(deps.now()) })
    .onConflictDoUpdate({
      target: help_feedback.slug,
      set: {
        helpful: sql`${help_feedback.helpful} + ${helpful}`,
        not_helpful: sql`${help_feedback.not_helpful} + ${1 - helpful}`,
        updated_at: new Date(deps.now()),
      },
    });
}

/** The back office's read: each article with its yes and no counts, the most "no" first. */
export async function listHelpFeedback(deps: Pick<Deps, 'db'>): Promise<AdminHelpFeedback> {
  const items = await deps.db
    .select({
      slug: help_articles.slug,
      title: help_articles.title,
      helpful: sql<number>`coalesce(${help_feedback.helpful}, 0)`.mapWith(Number),
      not_helpful: sql<number>`coalesce(${help_feedback.not_helpful}, 0)`.mapWith(Number),
    })
    .from(help_articles)
    .leftJoin(help_feedback, eq(help_feedback.slug, help_articles.slug))
    .orderBy(sql`coalesce(${help_feedback.not_helpful}, 0) desc`, asc(help_articles.position));
  return { items };
}

/** A raw statement's rows (both drivers answer { rows }). */
async function queryRows<R>(db: Db, query: SQL): Promise<R[]> {
  const result = await db.execute(query);
  return (result as { rows: R[] }).rows;
}
