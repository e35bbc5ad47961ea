import { z } from 'zod';

/**
 * The help centre (issue 34): short articles kept as Markdown in packages/shared/help, prerendered
 * at /help/<slug> and searched on the server (GET /api/help/search).
 */

export type HelpArticleSource = {
  slug: string;
  title: string;
  description: string;
  /** Where it stands in the list (smaller first). */
  order: number;
  /** The body, Markdown. */
  markdown: string;
};

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/;
const REQUIRED = ['title', 'description', 'slug', 'order'] as const;
export const HELP_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Reads one help article (front matter: title, description, slug, order); throws on a mistake. */
export function parseHelpArticle(source: string, fileName: string): HelpArticleSource {
  const match = FRONT_MATTER.exec(source);
  if (!match) throw new Error(`${fileName}: missing front matter (--- title/description/slug/order ---)`);
  const fields = new Map<string, string>();
  for (const line of (match[1] ?? '').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) fields.set(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  const missing = REQUIRED.filter((key) => !fields.get(key));
  if (missing.length > 0) throw new Error(`${fileName}: front matter lacks ${missing.join(', ')}`);
  const slug = fields.get('slug') ?? '';
  if (!HELP_SLUG.test(slug)) throw new Error(`${fileName}: slug must be lowercase words joined by dashes`);
  const order = Number(fields.get('order'));
  if (!Number.isInteger(order)) throw new Error(`${fileName}: order must be a whole number`);
  return {
    slug,
    title: fields.get('title') ?? '',
    description: fields.get('description') ?? '',
    order,
    markdown: (match[2] ?? '').trim(),
  };
}

/** In the order the help centre lists them. */
export function sortHelpArticles<T extends { order: number; slug: string }>(articles: readonly T[]): T[] {
  return [...articles].sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug));
}

/** The words of an article's Markdown without its marks: what the search reads. */
export function helpPlainText(markdown: string): string {
  return markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#*_`>|~]/g, ' ')
    .replace(/^\s*\d+\.\s+/gm, ' ')
    .replace(/^\s*-\s+/gm, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export const HELP_QUERY_MAX = 200;

export const HelpSearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(2, 'Write at least 2 letters to search the help')
    .max(HELP_QUERY_MAX, `Use at most ${HELP_QUERY_MAX} characters`),
});

export const HelpArticleSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
});
export type HelpArticleSummary = z.infer<typeof HelpArticleSummarySchema>;

export const HelpArticleListSchema = z.object({ items: z.array(HelpArticleSummarySchema) });
export type HelpArticleList = z.infer<typeof HelpArticleListSchema>;

export const HelpSearchAnswerSchema = z.object({
  items: z.array(HelpArticleSummarySchema.extend({ rank: z.number() })),
});
export type HelpSearchAnswer = z.infer<typeof HelpSearchAnswerSchema>;

/** "Did this answer your question?": yes or no, nothing about who asked. */
export const HelpFeedbackInputSchema = z.object({
  helpful: z.union([z.boolean(), z.enum(['yes', 'no']).transform((v) => v === 'yes')], {
    error: 'Say yes or no',
  }),
});
export type HelpFeedbackInput = z.input<typeof HelpFeedbackInputSchema>;

export const AdminHelpFeedbackSchema = z.object({
  items: z.array(
    HelpArticleSummarySchema.pick({ slug: true, title: true }).extend({
      helpful: z.number().int(),
      not_helpful: z.number().int(),
    }),
  ),
});
export type AdminHelpFeedback = z.infer<typeof AdminHelpFeedbackSchema>;
