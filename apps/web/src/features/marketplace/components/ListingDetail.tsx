import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Store } from 'lucide-react';
import { formatNaira } from '@gona/shared/money';
import type { PublicListing } from '@gona/shared/marketplace';
import { Badge } from '@/components/ui';
import { BackLink, DetailState } from '@/components/ui/DetailState';
import { PhotoGallery } from '@/components/ui/PhotoGallery';
import { dayMonthYear } from '@/lib/format';
import { paths } from '@/lib/paths';
import { usePublicListing } from '../api';
import { groupedQuantity, placeOf, useListingText } from '../format';
import { sellerPath } from '../links';
import { HiddenNotice } from './HiddenNotice';
import { WithdrawalNotice } from './WithdrawalNotice';
import { RatingBriefText } from './RatingStars';

type Props = {
  listingId: string;
  /**
   * Where a buyer orders: the orders feature passes its panel here, shown beside the details on a
   * wide screen and under the price on a phone. Given the listing, so it can read its quantities.
   */
  orderPanel?: ReactNode | ((listing: PublicListing) => ReactNode);
};

/** One listing as a buyer sees it: photos, prices, quantities, delivery, the seller, and the order panel. */
export function ListingDetail({ listingId, orderPanel }: Props) {
  const { t } = useTranslation('marketplace');
  const query = usePublicListing(listingId);
  if (!query.data) {
    return (
      <DetailState
        query={query}
        back={{ to: paths.marketplace, label: t('detail.back') }}
        skeletonRows={4}
        icon={Store}
        notFoundTitle={t('detail.notFound')}
        notFoundText={t('detail.notFoundHint')}
        errorTitle={t('detail.errorTitle')}
      />
    );
  }
  const listing = query.data;
  const panel = typeof orderPanel === 'function' ? orderPanel(listing) : orderPanel;
  return (
    <article>
      <BackLink to={paths.marketplace}>{t('detail.back')}</BackLink>
      <ListingFacts listing={listing} panel={panel} />
    </article>
  );
}

function ListingFacts({ listing, panel }: { listing: PublicListing; panel: ReactNode }) {
  const { t } = useTranslation('marketplace');
  const text = useListingText();
  const photos = listing.photos.map((photo) => ({ ...photo, width: null, height: null }));
  const fee = listing.delivery_fee_kobo ?? 0;
  const rows: [string, ReactNode][] = [
    [t('detail.available'), text.available(listing.quantity_available, listing.unit)],
    [
      t('detail.minOrder'),
      `${groupedQuantity(listing.min_order)} ${text.unit(listing.unit, listing.min_order)}`,
    ],
    ...(listing.variety ? [[t('detail.variety'), listing.variety] as [string, ReactNode]] : []),
    ...(listing.grade ? [[t('detail.grade'), listing.grade] as [string, ReactNode]] : []),
    ...(listing.quality && Object.keys(listing.quality).length > 0
      ? [
          [
            t('detail.quality'),
            Object.entries(listing.quality)
              .map(([name, value]) => `${name.replace(/_/g, ' ')}: ${value}`)
              .join(' · '),
          ] as [string, ReactNode],
        ]
      : []),
    ...(listing.harvest_date
      ? [[t('detail.harvestDate'), dayMonthYear(listing.harvest_date)] as [string, ReactNode]]
      : []),
    ...(listing.available_from
      ? [[t('detail.availableFrom'), dayMonthYear(listing.available_from)] as [string, ReactNode]]
      : []),
    [t('detail.location'), placeOf(listing)],
    [
      t('detail.delivery'),
      <ul key="delivery" className="flex flex-col gap-1">
        {listing.delivery_pickup && <li>{t('detail.pickup')}</li>}
        {listing.delivery_seller && (
          <li>
            {fee > 0
              ? t('detail.sellerDelivers', { area: listing.delivery_area ?? '', fee: formatNaira(fee) })
              : t('detail.sellerDeliversFree', { area: listing.delivery_area ?? '' })}
          </li>
        )}
      </ul>,
    ],
  ];
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="flex min-w-0 flex-col gap-4">
        <header className="flex flex-col gap-2">
          <h1 className="text-2xl font-bold wrap-anywhere text-stone-900">{listing.title}</h1>
          <p className="text-xl font-semibold text-green-800">
            {text.perUnit(listing.price_kobo, listing.unit)}
          </p>
          {listing.price_per_kg_kobo !== null && listing.unit !== 'kg' && (
            <p className="text-stone-700">{text.perKg(listing.price_per_kg_kobo)}</p>
          )}
          {listing.status === 'sold_out' && (
            <p>
              <Badge tone="red">{t('statuses.sold_out')}</Badge>{' '}
              <span className="text-stone-700">{t('detail.soldOut')}</span>
            </p>
          )}
          {listing.status === 'paused' && (
            <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900">
              {t('detail.paused')}
            </p>
          )}
          {/* Only the listing's own farm ever reads a hidden one. */}
          {listing.hidden && <HiddenNotice hidden={listing.hidden} />}
          {/* Only its own farm reads why a listing is off sale for a withdrawal period. */}
          {listing.withdrawal && <WithdrawalNotice withdrawal={listing.withdrawal} status={listing.status} />}
        </header>
        {photos.length > 0 && <PhotoGallery photos={photos} subject={listing.title} />}
        <dl className="grid grid-cols-1 gap-x-4 gap-y-3 rounded-xl border border-stone-200 bg-white p-4 sm:grid-cols-[auto_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-stone-900">{label}</dt>
              <dd className="wrap-anywhere text-stone-800">{value}</dd>
            </div>
          ))}
        </dl>
        {listing.description && (
          <section>
            <h2 className="mb-1 text-lg font-semibold text-stone-900">{t('detail.description')}</h2>
            <p className="whitespace-pre-line wrap-anywhere text-stone-800">{listing.description}</p>
          </section>
        )}
      </div>
      <aside className="flex min-w-0 flex-col gap-4">
        {panel && <div data-slot="order-panel">{panel}</div>}
        <section className="rounded-xl border border-stone-200 bg-white p-4">
          <h2 className="text-sm font-medium text-stone-700">{t('detail.seller')}</h2>
          <p className="font-semibold wrap-anywhere text-stone-900">{listing.seller.name}</p>
          <p className="text-stone-700">{placeOf(listing.seller)}</p>
          {listing.seller.rating && <RatingBriefText rating={listing.seller.rating} />}
          <Link
            to={sellerPath(listing.seller.farm_id)}
            className="mt-2 inline-flex min-h-11 items-center font-medium text-green-800 underline underline-offset-4"
          >
            {t('detail.sellerLink', { name: listing.seller.name })}
          </Link>
        </section>
      </aside>
    </div>
  );
}
