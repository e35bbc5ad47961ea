import { useQuery } from '@tanstack/react-query';
import type { HelpSearchAnswer } from '@gona/shared/help';
import { apiFetch } from '@/lib/http';

/** An article of the help centre that may answer what the person is writing. */
export type HelpSuggestion = { slug: string; title: string; href: string };

/** Below this many letters a description says too little to search on. */
const SEARCH_FROM = 10;
const SHOWN = 3;

/**
 * Help articles that may answer what the person is writing, shown before a request is sent: the
 * help centre's own search (GET /api/help/search, the full-text search of its articles), under the
 * help centre's keys. Each opens the article's public page (/help/<slug>). `text` is already
 * debounced by the form; nothing is asked offline or for a few words.
 */
export function useHelpSuggestions(text: string): HelpSuggestion[] {
  const q = text.trim().slice(0, 200);
  const { data } = useQuery({
    queryKey: ['help', 'search', q],
    queryFn: () => apiFetch<HelpSearchAnswer>(`/api/help/search?q=${encodeURIComponent(q)}`),
    enabled: q.length >= SEARCH_FROM,
    staleTime: 10 * 60_000,
  });
  return (data?.items ?? []).slice(0, SHOWN).map((article) => ({
    slug: article.slug,
    title: article.title,
    href: `/help/${encodeURIComponent(article.slug)}`,
  }));
}
