import { ArrowLeft } from 'lucide-react';
import type { HelpArticle } from '../help';
import { t } from '../t';

/**
 * One help article; its HTML was made at build time by marked from our own Markdown. "Did this
 * answer your question?" is a plain form: the server counts it and sends the page back with
 * #help-thanks (or #help-limited), which CSS :target reveals.
 */
export function HelpArticlePage({ article }: { article: HelpArticle }) {
  return (
    <article className="px-4 py-10" aria-labelledby="help-title">
      <div className="mx-auto max-w-3xl">
        <a
          href="/help"
          className="inline-flex min-h-11 items-center gap-1 font-semibold text-green-800 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('help.back')}
        </a>
        <h1 id="help-title" className="mt-2 text-3xl font-bold break-words text-stone-900 sm:text-4xl">
          {article.title}
        </h1>
        <p className="mt-2 text-lg text-stone-700">{article.description}</p>
        <div className="prose-gona mt-6" dangerouslySetInnerHTML={{ __html: article.html }} />
        <section
          aria-labelledby="help-feedback-title"
          className="mt-10 rounded-xl border border-stone-200 bg-white p-5"
        >
          <h2 id="help-feedback-title" className="text-lg font-bold text-stone-900">
            {t('help.feedbackQuestion')}
          </h2>
          <form
            method="post"
            action={`/api/help/articles/${article.slug}/feedback`}
            className="mt-3 flex flex-wrap gap-3"
          >
            <button
              type="submit"
              name="helpful"
              value="yes"
              className="inline-flex min-h-11 items-center rounded-md border border-stone-300 bg-white px-5 font-semibold text-stone-800 hover:bg-stone-100"
            >
              {t('help.yes')}
            </button>
            <button
              type="submit"
              name="helpful"
              value="no"
              className="inline-flex min-h-11 items-center rounded-md border border-stone-300 bg-white px-5 font-semibold text-stone-800 hover:bg-stone-100"
            >
              {t('help.no')}
            </button>
          </form>
          <p
            id="help-thanks"
            role="status"
            className="mt-3 hidden rounded-md border border-green-300 bg-green-50 p-3 text-green-900 target:block"
          >
            {t('help.thanks')}{' '}
            <a href="/contact" className="font-semibold underline">
              {t('help.askSupport')}
            </a>
          </p>
          <p
            id="help-limited"
            role="status"
            className="mt-3 hidden rounded-md border border-green-300 bg-green-50 p-3 text-green-900 target:block"
          >
            {t('help.limited')}
          </p>
        </section>
      </div>
    </article>
  );
}
