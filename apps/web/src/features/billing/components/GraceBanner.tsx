import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TriangleAlert } from 'lucide-react';
import type { Dashboard } from '@gona/shared/dashboard';
import { lastDay } from '../format';

type Props = {
  /** The dashboard's `pro` (owners only): absent, nothing shows. */
  subscription: Dashboard['pro'];
  timezone: string;
  subscriptionPath: string;
};

/**
 * On the owner's dashboard: a renewal that failed (Pro until the grace ends, then Free) with the way
 * to pay, or workers left inactive after a return to Free. Nothing shows otherwise. Its words are
 * the dashboard's and its figures come with the dashboard's one answer, so it adds no download and
 * no request to the first screen.
 */
export function GraceBanner({ subscription, timezone, subscriptionPath }: Props) {
  const { t } = useTranslation('dashboard');
  if (!subscription) return null;
  const pastDue = subscription.state === 'past_due' && subscription.grace_ends_at;
  if (!pastDue && subscription.inactive_workers === 0) return null;
  const date = subscription.grace_ends_at ? lastDay(subscription.grace_ends_at, timezone) : '';
  return (
    <section
      aria-labelledby="pro-banner"
      className="mb-4 flex gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4"
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
      <div className="min-w-0">
        <h2 id="pro-banner" className="font-semibold text-stone-900">
          {pastDue
            ? t('pro.graceTitle', { date })
            : t('pro.inactive', { count: subscription.inactive_workers })}
        </h2>
        {pastDue && <p className="text-stone-800">{t('pro.graceText', { date })}</p>}
        <Link
          to={subscriptionPath}
          className="mt-1 inline-flex min-h-11 items-center font-semibold text-green-800 underline"
        >
          {pastDue ? t('pro.pay') : t('pro.choose')}
        </Link>
      </div>
    </section>
  );
}
