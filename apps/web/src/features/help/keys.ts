/** The help centre's query keys and API paths; its articles are public pages at /help/<slug>. */
export const helpKeys = {
  all: ['help'] as const,
  articles: () => ['help', 'articles'] as const,
  search: (q: string) => ['help', 'search', q] as const,
  feedback: () => ['help', 'feedback'] as const,
};

export const helpPaths = {
  articles: '/api/help/articles',
  search: (q: string) => `/api/help/search?q=${encodeURIComponent(q)}`,
  feedback: '/api/admin/help/feedback',
};
