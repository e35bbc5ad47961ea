import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, Store } from 'lucide-react';
import { Button, EmptyState, SkeletonRows } from '@/components/ui';
import { useErrorText } from '@/lib/error-text';
import { ApiError } from '@/lib/http';
import { paths } from '@/lib/paths';
import { useSeller } from '../api';
import { placeOf } from '../format';
import { ListingCard } from './ListingCard';
import { RatingBriefText, RecentRatings } from './RatingStars';

/** A seller's page: the farm's public name and place, and what it has on sale. */
export function SellerProfile({ farmId }: { farmId: string }) {
  const { t } = useTranslation('marketplace');
  const errorText = useErrorText();
  const query = useSeller(farmId);
  const back = (
    <Link
      to={paths.marketplace}
      className="mb-4 inline-flex min-h-11 items-center gap-2 font-medium text-green-800 underline-offset-4 hover:underline"
    >
      <ArrowLeft aria-hidden className="size-5" />
      {t('detail.back')}
    </Link>
  );
  if (query.isPending) return <SkeletonRows rows={4} />;
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div>
        {back}
        <EmptyState
          icon={Store}
          title={missing ? t('seller.notFound') : t('seller.errorTitle')}
          description={missing ? t('detail.notFoundHint') : errorText(query.error)}
          action={
            missing ? undefined : (
              <Button onClick={() => void query.refetch()}>{t('seller.errorTitle')}</Button>
            )
          }
        />
      </div>
    );
  }
  const seller = query.data;
  return (
    <div>
      {back}
      <header className="mb-6">
        <h1 className="text-2xl font-bold wrap-anywhere text-stone-900">
          {t('seller.title', { name: seller.name })}
        </h1>
        <p className="text-stone-700">{placeOf(seller)}</p>
        <RatingBriefText rating={seller.ratings} className="mt-1 font-medium text-stone-900" />
      </header>
      <RecentRatings summary={seller.ratings} />
      <h2 className="mb-3 text-lg font-semibold text-stone-900">{t('seller.listings')}</h2>
      {seller.listings.length === 0 ? (
        <EmptyState title={t('seller.empty')} description={t('detail.notFoundHint')} />
      ) : (
        <ul className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3">
          {seller.listings.map((listing) => (
            <ListingCard key={listing.id} listing={listing} />
          ))}
        </ul>
      )}
    </div>
  );
}
