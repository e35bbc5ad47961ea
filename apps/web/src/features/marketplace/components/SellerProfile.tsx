import { useTranslation } from 'react-i18next';
import { Store } from 'lucide-react';
import { EmptyState } from '@/components/ui';
import { BackLink, DetailState } from '@/components/ui/DetailState';
import { paths } from '@/lib/paths';
import { useSeller } from '../api';
import { placeOf } from '../format';
import { ListingCard } from './ListingCard';
import { RatingBriefText, RecentRatings } from './RatingStars';

/** A seller's page: the farm's public name and place, and what it has on sale. */
export function SellerProfile({ farmId }: { farmId: string }) {
  const { t } = useTranslation('marketplace');
  const query = useSeller(farmId);
  if (!query.data) {
    return (
      <DetailState
        query={query}
        back={{ to: paths.marketplace, label: t('detail.back') }}
        skeletonRows={4}
        icon={Store}
        notFoundTitle={t('seller.notFound')}
        notFoundText={t('detail.notFoundHint')}
        errorTitle={t('seller.errorTitle')}
      />
    );
  }
  const seller = query.data;
  return (
    <div>
      <BackLink to={paths.marketplace}>{t('detail.back')}</BackLink>
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
