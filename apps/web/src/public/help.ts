import { marked } from 'marked';
import { parseHelpArticle, sortHelpArticles, type HelpArticleSource } from '@gona/shared/help';

/** A help article ready for its page: the Markdown rendered to HTML at build time (our own files). */
export type HelpArticle = Omit<HelpArticleSource, 'markdown'> & { html: string };

/** Reads the help articles' files (packages/shared/help), in the help centre's order. */
export function helpArticlesOf(files: readonly { name: string; text: string }[]): HelpArticle[] {
  return sortHelpArticles(
    files.map(({ name, text }) => {
      const { markdown, ...article } = parseHelpArticle(text, name);
      return { ...article, html: marked.parse(markdown, { async: false, gfm: true }) };
    }),
  );
}
