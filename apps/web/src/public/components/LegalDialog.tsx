import type { Ref } from 'react';
import { FREE_WORKER_LIMIT } from '@gona/shared/plan-limits';
import { publicConfig } from '@/lib/public-config';
import { i18n } from '@/i18n';
import { currentLanguage, legalLanguage } from '../languages';
import { LEGAL_EFFECTIVE_DATE, t } from '../t';
import { LegalText } from './LegalText';

export const LEGAL_DOCUMENTS = {
  privacy: ['collect', 'why', 'share', 'keep', 'rights', 'security', 'children', 'contact'],
  terms: [
    'service',
    'accounts',
    'plans',
    'marketplace',
    'disputes',
    'content',
    'conduct',
    'liability',
    'changes',
    'law',
    'contact',
  ],
} as const;

export type LegalDocument = keyof typeof LEGAL_DOCUMENTS;

type LegalDialogProps = {
  doc: LegalDocument;
  ref?: Ref<HTMLDialogElement>;
};

/**
 * A native <dialog> (focus, Escape and the backdrop come from the browser). Opened with
 * showModal() by the footer (React) or the enhancement script, and closed by its method="dialog"
 * form with no script at all. Without JavaScript the footer links point at #privacy / #terms and
 * CSS shows the targeted dialog as a plain section (public.css).
 */
export function LegalDialog({ doc, ref }: LegalDialogProps) {
  // The text may still be English on a page in another language (screen readers then read it as English).
  const lang = legalLanguage(currentLanguage(i18n.language));
  const values = {
    email: publicConfig.support_email,
    address: publicConfig.postal_address,
    limit: FREE_WORKER_LIMIT,
  };
  return (
    <dialog
      id={doc}
      ref={ref}
      aria-labelledby={`${doc}-title`}
      className="legal-dialog m-auto w-[calc(100%-1.5rem)] max-w-2xl rounded-lg bg-white p-0 text-left text-stone-800 shadow-xl"
    >
      <div className="sticky top-0 flex items-center justify-between gap-4 border-b border-stone-200 bg-white px-5 py-3">
        <h2 id={`${doc}-title`} lang={lang} className="text-lg font-bold text-stone-900">
          {t(`${doc}.title`)}
        </h2>
        <form method="dialog" className="legal-dialog-close">
          <button
            type="submit"
            className="inline-flex min-h-11 items-center rounded-md border border-stone-300 px-4 text-sm font-semibold text-stone-800 hover:bg-stone-100"
          >
            {t('dialog.close')}
          </button>
        </form>
      </div>
      <div lang={lang} className="px-5 pb-6 pt-2 text-[15px] leading-relaxed">
        <p className="my-3 text-sm font-semibold text-stone-700">
          {t('dialog.effective', { date: LEGAL_EFFECTIVE_DATE })}
        </p>
        <p className="my-3">{t(`${doc}.intro`)}</p>
        {LEGAL_DOCUMENTS[doc].map((section) => (
          <section key={section} aria-labelledby={`${doc}-${section}`}>
            <h3 id={`${doc}-${section}`} className="mt-5 text-base font-bold text-stone-900">
              {t(`${doc}.sections.${section}.title`)}
            </h3>
            <LegalText text={t(`${doc}.sections.${section}.body`, values)} />
          </section>
        ))}
      </div>
    </dialog>
  );
}
