import { Quote } from 'lucide-react';
import { t } from '../t';

/** Spec section 3: three static testimonials, each with quote, author, role and location. */
export const TESTIMONIALS = ['adaeze', 'musa', 'tonye'] as const;

/**
 * Without JavaScript all three quotes are readable side by side. The enhancement script
 * (createCarousel) turns the block into a carousel: one quote at a time, dots revealed.
 */
export function Testimonials() {
  return (
    <div data-carousel aria-roledescription="carousel" aria-label={t('home.testimonials.label')}>
      <div data-slides className="grid gap-4 md:grid-cols-3">
        {TESTIMONIALS.map((id, i) => (
          <figure
            key={id}
            data-slide
            role="group"
            aria-roledescription="slide"
            aria-label={t('home.testimonials.slide', { number: i + 1, total: TESTIMONIALS.length })}
            className="rounded-xl border border-stone-200 bg-stone-50 p-6"
          >
            <Quote aria-hidden="true" className="size-6 text-green-700" />
            <blockquote className="mt-2 text-lg text-stone-800">
              {t(`home.testimonials.${id}.quote`)}
            </blockquote>
            <figcaption className="mt-4 text-sm text-stone-700">
              <span className="font-bold text-stone-900">{t(`home.testimonials.${id}.author`)}</span>
              {', '}
              {t(`home.testimonials.${id}.role`)}
              {', '}
              {t(`home.testimonials.${id}.location`)}
            </figcaption>
          </figure>
        ))}
      </div>
      <div data-dots hidden className="mt-4 flex justify-center gap-1">
        {TESTIMONIALS.map((id, i) => (
          <button
            key={id}
            type="button"
            data-dot={i}
            aria-label={t('home.testimonials.show', { number: i + 1, total: TESTIMONIALS.length })}
            className="group inline-flex size-11 items-center justify-center rounded-full"
          >
            <span className="size-3 rounded-full bg-stone-500 group-aria-[current=true]:bg-green-700" />
          </button>
        ))}
      </div>
    </div>
  );
}
