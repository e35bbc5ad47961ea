import { useTranslation } from 'react-i18next';
import { AskIcon } from '@/components/brand/AskIcon';

const EXAMPLES = ['plant', 'armyworm', 'broilers', 'storage'] as const;

/** Before the first question: what to ask, with examples that fill the question box. */
export function Start({ onPick }: { onPick: (question: string) => void }) {
  const { t } = useTranslation('assistant');
  return (
    <section aria-labelledby="assistant-start" className="rounded-xl border border-stone-200 bg-white p-4">
      <h2 id="assistant-start" className="flex items-center gap-2 text-lg font-semibold text-stone-900">
        <AskIcon aria-hidden="true" className="size-5 shrink-0 text-green-700" />
        {t('start.title')}
      </h2>
      <p className="mt-1 text-stone-700">{t('start.text')}</p>
      <ul className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {EXAMPLES.map((key) => (
          <li key={key}>
            <button
              type="button"
              onClick={() => onPick(t(`start.examples.${key}`))}
              className="min-h-11 w-full rounded-full border border-green-700 px-4 py-2 text-left text-green-900 hover:bg-green-50 sm:w-auto"
            >
              {t(`start.examples.${key}`)}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
