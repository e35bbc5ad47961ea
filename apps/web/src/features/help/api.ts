import { useQuery } from '@tanstack/react-query';
import type { HelpArticleList, HelpSearchAnswer } from '@gona/shared/help';
import { apiFetch } from '@/lib/http';
import { helpKeys, helpPaths } from './keys';

/** Articles change only with a new release. */
const STALE = 10 * 60_000;
/** Below this many letters a question says too little to search on. */
export const HELP_SEARCH_FROM = 2;

/** Every help article, in the help centre's order. */
export function useHelpArticles() {
  return useQuery({
    queryKey: helpKeys.articles(),
    queryFn: () => apiFetch<HelpArticleList>(helpPaths.articles),
    staleTime: STALE,
  });
}

/**
 * The help articles matching a question (the server's full-text search), best first: for the help
 * screen and for any form that shows answers before asking a person (a support request). Pass text
 * already debounced; nothing is asked below `from` letters.
 */
export function useHelpSearch(text: string, options: { from?: number } = {}) {
  const q = text.trim().slice(0, 200);
  return useQuery({
    queryKey: helpKeys.search(q),
    queryFn: () => apiFetch<HelpSearchAnswer>(helpPaths.search(q)),
    enabled: q.length >= (options.from ?? HELP_SEARCH_FROM),
    staleTime: STALE,
  });
}
