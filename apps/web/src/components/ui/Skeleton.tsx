import { useTranslation } from 'react-i18next';

/** Placeholder rows shaped like a list while it loads. */
export function SkeletonRows({ rows = 3 }: { rows?: number }) {
  const { t } = useTranslation('common');
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-3">
      <span className="sr-only">{t('loading')}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div
          key={i}
          aria-hidden="true"
          className="flex animate-pulse items-center gap-3 rounded-xl bg-white p-4"
        >
          <div className="size-10 shrink-0 rounded-full bg-stone-200" />
          <div className="flex flex-1 flex-col gap-2">
            <div className="h-4 w-2/3 rounded bg-stone-200" />
            <div className="h-3 w-1/3 rounded bg-stone-200" />
          </div>
        </div>
      ))}
    </div>
  );
}
