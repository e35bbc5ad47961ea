import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/Field';
import { SkeletonRows } from '@/components/ui/Skeleton';
import { helpArticlePath, paths } from '@/lib/paths';
import { useDebounced } from '@/lib/use-debounced';
import { HELP_SEARCH_FROM, useHelpArticles, useHelpSearch } from '../api';

type Row = { slug: string; title: string; description: string };

/** The help centre inside the dashboard: a search over the articles and the list, each opening its page. */
export function HelpCentre() {
  const { t } = useTranslation('screens');
  const [text, setText] = useState('');
  const q = useDebounced(text, 300).trim();
  const articles = useHelpArticles();
  const search = useHelpSearch(q);
  const searching = q.length >= HELP_SEARCH_FROM;

  return (
    <div className="flex flex-col gap-6">
      <form role="search" onSubmit={(event) => event.preventDefault()}>
        <TextField
          label={t('help.searchLabel')}
          type="search"
          value={text}
          maxLength={200}
          placeholder={t('help.searchPlaceholder')}
          onChange={(event) => setText(event.target.value)}
        />
      </form>
      {searching && (
        <section aria-labelledby="help-results" aria-live="polite">
          <h2 id="help-results" className="text-lg font-semibold text-stone-900">
            {t('help.results')}
          </h2>
          {search.isPending ? (
            <SkeletonRows rows={2} />
          ) : search.isError ? (
            <p className="mt-2 text-stone-800">{t('help.searchFailed')}</p>
          ) : search.data.items.length === 0 ? (
            <p className="mt-2 text-stone-800">{t('help.noMatch')}</p>
          ) : (
            <Articles rows={search.data.items} />
          )}
        </section>
      )}
      <section aria-labelledby="help-all">
        <h2 id="help-all" className="text-lg font-semibold text-stone-900">
          {t('help.all')}
        </h2>
        {articles.isPending ? (
          <SkeletonRows rows={4} />
        ) : articles.isError ? (
          <div className="mt-2 flex flex-col items-start gap-2">
            <p className="text-stone-800">{t('help.loadFailed')}</p>
            <Button variant="secondary" onClick={() => void articles.refetch()}>
              {t('help.tryAgain')}
            </Button>
          </div>
        ) : (
          <Articles rows={articles.data.items} />
        )}
      </section>
      <p className="text-stone-800">
        {t('help.stillStuck')}{' '}
        <Link to={paths.supportNew} className="font-semibold text-green-800 underline">
          {t('help.askSupport')}
        </Link>
      </p>
    </div>
  );
}

function Articles({ rows }: { rows: readonly Row[] }) {
  return (
    <ul className="mt-2 grid gap-3">
      {rows.map((row) => (
        <li key={row.slug} className="rounded-xl border border-stone-200 bg-white p-4">
          {/* The article's own page: prerendered, and kept for reading offline once opened. */}
          <a
            href={helpArticlePath(row.slug)}
            className="font-semibold text-green-800 wrap-anywhere hover:underline"
          >
            {row.title}
          </a>
          <p className="mt-1 text-stone-700">{row.description}</p>
        </li>
      ))}
    </ul>
  );
}
