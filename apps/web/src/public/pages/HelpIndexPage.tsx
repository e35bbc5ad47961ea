import { Search } from 'lucide-react';
import { PageIntro } from '../components/Section';
import type { HelpArticle } from '../help';
import { t } from '../t';

/**
 * Every help article, with a search box: the enhancement script asks GET /api/help/search and shows
 * the matches above the list; without it every article is listed below anyway.
 */
export function HelpIndexPage({ articles }: { articles: readonly HelpArticle[] }) {
  return (
    <>
      <PageIntro title={t('help.title')} lead={t('help.lead')} />
      <div className="px-4 py-10">
        <div className="mx-auto max-w-4xl">
          <form data-help-search role="search" action="/help" method="get" className="flex gap-2">
            <label htmlFor="help-q" className="sr-only">
              {t('help.searchLabel')}
            </label>
            <input
              id="help-q"
              name="q"
              type="search"
              minLength={2}
              maxLength={200}
              placeholder={t('help.searchPlaceholder')}
              className="min-h-11 min-w-0 flex-1 rounded-md border border-stone-300 bg-white px-3 text-base"
            />
            <button
              type="submit"
              className="inline-flex min-h-11 items-center gap-1 rounded-md bg-green-700 px-4 font-semibold text-white hover:bg-green-800"
            >
              <Search aria-hidden="true" className="size-4" />
              {t('help.search')}
            </button>
          </form>
          <div
            data-help-results
            data-none={t('help.noMatch')}
            data-failed={t('help.searchFailed')}
            data-label={t('help.resultsLabel')}
            aria-live="polite"
            className="mt-4"
          />
          <ul aria-label={t('help.articlesLabel')} className="mt-6 grid gap-4">
            {articles.map((article) => (
              <li key={article.slug} className="rounded-xl border border-stone-200 bg-white p-5">
                <h2 className="text-lg font-bold text-stone-900">
                  <a href={`/help/${article.slug}`} className="hover:text-green-800 hover:underline">
                    {article.title}
                  </a>
                </h2>
                <p className="mt-1 text-stone-800">{article.description}</p>
              </li>
            ))}
          </ul>
          <p className="mt-8 text-stone-800">
            {t('help.stillStuck')}{' '}
            <a href="/contact" className="font-semibold text-green-800 underline">
              {t('help.askSupport')}
            </a>
          </p>
        </div>
      </div>
    </>
  );
}
