import { FieldArt } from '../components/Illustrations';
import { buttonClass, PageIntro, Section } from '../components/Section';
import { t } from '../t';

const AUDIENCES = ['farmers', 'buyers', 'agribusinesses', 'africa'] as const;
/** Spec section 2: the five values, by name, in this order. */
const VALUES = ['trust', 'simplicity', 'localIntelligence', 'innovation', 'collaboration'] as const;

export function AboutPage() {
  return (
    <>
      <PageIntro title={t('about.title')} lead={t('about.lead')} />
      <div className="px-4">
        <div className="mx-auto grid max-w-6xl gap-8 py-10 md:grid-cols-3">
          {(['who', 'mission', 'vision'] as const).map((key) => (
            <section key={key} aria-labelledby={`about-${key}`}>
              <h2 id={`about-${key}`} className="text-xl font-bold text-stone-900">
                {t(`about.${key}.title`)}
              </h2>
              <p className="mt-2 text-stone-700">{t(`about.${key}.body`)}</p>
            </section>
          ))}
        </div>
      </div>
      <Section id="what" title={t('about.what.title')} tone="white">
        <p className="max-w-3xl text-lg text-stone-700">{t('about.what.body')}</p>
      </Section>
      <Section id="why" title={t('about.why.title')}>
        <ul className="grid gap-4 sm:grid-cols-2">
          {AUDIENCES.map((key) => (
            <li key={key} className="rounded-xl border border-stone-200 bg-white p-5">
              <h3 className="text-lg font-bold text-stone-900">{t(`about.why.${key}.title`)}</h3>
              <p className="mt-1 text-stone-700">{t(`about.why.${key}.body`)}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="values" title={t('about.values.title')} tone="white">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {VALUES.map((key) => (
            <li key={key} className="rounded-xl border-t-4 border-green-700 bg-stone-50 p-5">
              <h3 className="text-lg font-bold text-stone-900">{t(`about.values.${key}.title`)}</h3>
              <p className="mt-1 text-stone-700">{t(`about.values.${key}.body`)}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="story" title={t('about.story.title')}>
        <div className="grid items-center gap-8 md:grid-cols-[2fr_1fr]">
          <p className="text-lg text-stone-700">{t('about.story.body')}</p>
          <FieldArt className="h-auto w-full max-w-xs" />
        </div>
      </Section>
      <Section id="join" title={t('about.join.title')} tone="white">
        <p className="max-w-2xl text-stone-700">{t('about.join.body')}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <a href="/signup" className={buttonClass('primary')}>
            {t('about.join.signup')}
          </a>
          <a href="/contact" className={buttonClass('secondary')}>
            {t('about.join.contact')}
          </a>
        </div>
      </Section>
    </>
  );
}
