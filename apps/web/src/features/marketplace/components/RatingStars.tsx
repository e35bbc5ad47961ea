import { useTranslation } from 'react-i18next';
import type { RatingBrief, SellerRatingSummary } from '@gona/shared/marketplace';
import { dayOf } from '../format';

/** "★★★★☆": stars out of 5, read out as "4 of 5 stars". */
export function StarsText({ stars }: { stars: number }) {
  const { t } = useTranslation('marketplace');
  return (
    <span role="img" aria-label={t('ratings.starsOf', { count: stars })} className="text-amber-600">
      {'★'.repeat(stars)}
      {'☆'.repeat(Math.max(0, 5 - stars))}
    </span>
  );
}

/** "★ 4.6 · 23 ratings", or "No ratings yet". */
export function RatingBriefText({ rating, className }: { rating: RatingBrief; className?: string }) {
  const { t, i18n } = useTranslation('marketplace');
  if (rating.count === 0 || rating.average === null)
    return <p className={className ?? 'text-sm text-stone-700'}>{t('ratings.none')}</p>;
  const average = new Intl.NumberFormat(i18n.language, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(rating.average);
  return (
    <p className={className ?? 'text-sm text-stone-700'}>
      <span aria-hidden className="text-amber-600">
        ★{' '}
      </span>
      {t('ratings.brief', { average, count: rating.count })}
    </p>
  );
}

/** The last few ratings buyers gave a seller: stars, what they picked, their words, first name and day. */
export function RecentRatings({ summary }: { summary: SellerRatingSummary }) {
  const { t } = useTranslation('marketplace');
  if (summary.recent.length === 0) return null;
  return (
    <section className="mb-6">
      <h2 className="mb-3 text-lg font-semibold text-stone-900">{t('ratings.recent')}</h2>
      <ul className="flex flex-col gap-3">
        {summary.recent.map((rating) => (
          <li
            key={`${rating.created_at}-${rating.buyer_first_name}`}
            className="rounded-xl border border-stone-200 bg-white p-4"
          >
            <StarsText stars={rating.stars} />
            {rating.tags.length > 0 && (
              <p className="text-sm text-stone-800">
                {rating.tags.map((tag) => t(`ratings.tagNames.${tag}`, { defaultValue: tag })).join(' · ')}
              </p>
            )}
            {rating.comment && <p className="break-words text-stone-900">{rating.comment}</p>}
            <p className="text-sm text-stone-700">
              {t('ratings.recentBy', { name: rating.buyer_first_name, date: dayOf(rating.created_at) })}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
