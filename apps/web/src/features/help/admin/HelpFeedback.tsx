import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminHelpFeedback } from '@gona/shared/help';
import { Button, SkeletonRows } from '@/components/ui';
import { apiFetch } from '@/lib/http';
import { helpArticlePath } from '@/lib/paths';
import { helpKeys, helpPaths } from '../keys';

/** The back office's read of "Did this answer your question?": each article's yes and no, most "no" first. */
export function HelpFeedback() {
  const { t } = useTranslation('admin');
  const counts = useQuery({
    queryKey: helpKeys.feedback(),
    queryFn: () => apiFetch<AdminHelpFeedback>(helpPaths.feedback),
    staleTime: 0,
  });
  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6">
      <h1 className="text-2xl font-bold text-stone-900">{t('help.title')}</h1>
      <p className="text-stone-700">{t('help.intro')}</p>
      {counts.isPending ? (
        <SkeletonRows rows={4} />
      ) : counts.isError ? (
        <div className="flex flex-col items-start gap-2">
          <p className="text-stone-800">{t('help.loadFailed')}</p>
          <Button variant="secondary" onClick={() => void counts.refetch()}>
            {t('help.tryAgain')}
          </Button>
        </div>
      ) : (
        <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
          {counts.data.items.map((row) => (
            <li key={row.slug} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <a
                href={helpArticlePath(row.slug)}
                className="font-medium wrap-anywhere text-green-800 hover:underline"
              >
                {row.title}
              </a>
              <span className="text-sm text-stone-700 tabular-nums">
                {t('help.counts', { yes: row.helpful, no: row.not_helpful })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
