import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ImageOff, MapPin } from 'lucide-react';
import type { PublicListing } from '@gona/shared/marketplace';
import { Badge } from '@/components/ui';
import { listingPath } from '../links';
import { placeOf, useListingText } from '../format';

/** One listing in the browse grid: its first photo, title, prices, what is left and where. */
export function ListingCard({ listing }: { listing: PublicListing }) {
  const { t } = useTranslation('marketplace');
  const text = useListingText();
  const photo = listing.photos[0];
  const soldOut = listing.status === 'sold_out';
  return (
    <li className="min-w-0">
      <Link
        to={listingPath(listing.id)}
        className="flex h-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700"
      >
        <div className="relative aspect-[4/3] bg-stone-100">
          {photo ? (
            <img
              src={photo.thumb_url ?? photo.url}
              alt=""
              loading="lazy"
              className="size-full object-cover"
            />
          ) : (
            <span className="flex size-full items-center justify-center text-stone-500">
              <ImageOff aria-hidden className="size-8" />
              <span className="sr-only">{t('card.noPhoto')}</span>
            </span>
          )}
          {soldOut && (
            <Badge tone="red" className="absolute top-2 left-2">
              {t('statuses.sold_out')}
            </Badge>
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1 p-3">
          <h3 className="font-semibold wrap-anywhere text-stone-900">{listing.title}</h3>
          <p className="font-semibold text-green-800">{text.perUnit(listing.price_kobo, listing.unit)}</p>
          {listing.price_per_kg_kobo !== null && listing.unit !== 'kg' && (
            <p className="text-sm text-stone-700">{text.perKg(listing.price_per_kg_kobo)}</p>
          )}
          <p className="text-sm text-stone-700">{text.available(listing.quantity_available, listing.unit)}</p>
          <p className="mt-auto flex items-center gap-1 text-sm text-stone-700">
            <MapPin aria-hidden className="size-4 shrink-0" />
            <span className="wrap-anywhere">{placeOf(listing)}</span>
          </p>
        </div>
      </Link>
    </li>
  );
}
