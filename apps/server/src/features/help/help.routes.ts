import { createRoute, z } from '@hono/zod-openapi';
import {
  AdminHelpFeedbackSchema,
  HELP_SLUG,
  HelpArticleListSchema,
  HelpFeedbackInputSchema,
  HelpSearchAnswerSchema,
  HelpSearchQuerySchema,
} from '@gona/shared/help';
import { requireAdmin } from '../../lib/auth-guard';
import { clientIp } from '../../lib/client-ip';
import { AppError } from '../../lib/errors';
import { validationResponse } from '../../lib/http-errors';
import { ErrorResponses, createRouter, jsonContent } from '../../lib/openapi';
import { listHelpArticles, listHelpFeedback, recordHelpFeedback, searchHelp } from './help.service';

const SlugParams = z.object({ slug: z.string().regex(HELP_SLUG, 'No help article has this address') });
const FORM_TYPE = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

/** Where a plain form post of "Did this answer your question?" goes back to (CSS :target shows the thanks). */
export const helpFeedbackRedirect = (slug: string, outcome: 'thanks' | 'limited') =>
  `/help/${slug}#help-${outcome}`;

/**
 * The help centre's API: public (the articles are public pages), with the back office's counts of
 * "Did this answer your question?".
 */
export const helpRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/help/articles',
      tags: ['help'],
      summary: 'Every help article, in the help centre’s order',
      responses: { 200: jsonContent(HelpArticleListSchema, 'The articles'), ...ErrorResponses },
    }),
    async (c) => c.json(await listHelpArticles(c.var.deps), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/help/search',
      tags: ['help'],
      summary: 'Help articles matching a question (full-text search of titles, descriptions and bodies)',
      request: { query: HelpSearchQuerySchema },
      responses: {
        200: jsonContent(HelpSearchAnswerSchema, 'Matching articles, best first'),
        ...ErrorResponses,
      },
    }),
    async (c) => c.json(await searchHelp(c.var.deps, c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/help/articles/{slug}/feedback',
      tags: ['help'],
      summary: '"Did this answer your question?" yes or no, counted per article (nothing about who)',
      request: {
        params: SlugParams,
        body: {
          content: {
            'application/json': { schema: HelpFeedbackInputSchema },
            'application/x-www-form-urlencoded': { schema: HelpFeedbackInputSchema },
          },
        },
      },
      responses: {
        204: { description: 'Counted' },
        303: { description: 'A plain form post: back to the article with #help-thanks or #help-limited' },
        429: { description: 'RATE_LIMITED: this address already answered for this article' },
        ...ErrorResponses,
      },
    }),
    async (c) => {
      const type = c.req.header('content-type') ?? '';
      const isForm = FORM_TYPE.test(type);
      if (!isForm && !type.includes('json')) throw new AppError('VALIDATION', 'Say yes or no.');
      const { slug } = c.req.valid('param');
      const input = isForm ? c.req.valid('form') : c.req.valid('json');
      const { db, now } = c.var.deps;
      try {
        await recordHelpFeedback({ db, now, ip: clientIp(c) ?? null }, slug, input);
      } catch (err) {
        if (isForm && err instanceof AppError && err.code === 'RATE_LIMITED')
          return c.redirect(helpFeedbackRedirect(slug, 'limited'), 303);
        throw err;
      }
      return isForm ? c.redirect(helpFeedbackRedirect(slug, 'thanks'), 303) : c.body(null, 204);
    },
    (result, c) => {
      if (result.success) return;
      return validationResponse(c, result.error);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/help/feedback',
      tags: ['Admin'],
      summary: 'Each help article with how many said it answered their question and how many did not',
      middleware: [requireAdmin] as const,
      responses: { 200: jsonContent(AdminHelpFeedbackSchema, 'Counts per article'), ...ErrorResponses },
    }),
    async (c) => c.json(await listHelpFeedback(c.var.deps), 200),
  );
