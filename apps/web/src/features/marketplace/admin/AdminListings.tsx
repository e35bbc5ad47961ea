import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HideListingInputSchema, MODERATION_SEARCH_MAX, type AdminListing } from '@gona/shared/marketplace';
import { Badge, optionsOf, SelectField } from '@/components/ui';
import { formatDateTime } from '@/lib/format';
import { useListingText } from '../format';
import { useAddressSearch } from './address-search';
import { AdminResultList } from './AdminResultList';
import { AdminSearchForm } from './AdminSearchForm';
import { ConfirmOnceDialog } from './ConfirmOnceDialog';
import { ModerationCard } from './ModerationCard';
import { useAdminListings, useHideListing, useUnhideListing, type HiddenFilter } from './moderation-api';
import { ReasonDialog } from './ReasonDialog';

const FILTERS: readonly HiddenFilter[] = ['', 'true', 'false'];

/**
 * The back office's listings: every farm's, any status, found by part of the title or the farm's
 * name (sent on Enter or the button) and narrowed to those hidden or shown; the search is in the
 * address (?q=, ?hidden=). Gona hides a listing with the reason its farm reads, and shows it again.
 */
export function AdminListings() {
  const { t } = useTranslation('admin');
  const search = useAddressSearch(
    MODERATION_SEARCH_MAX,
    t('listings.tooLong', { max: MODERATION_SEARCH_MAX }),
  );
  const { q, params, setParam } = search;
  const asked = params.get('hidden') as HiddenFilter | null;
  const hidden: HiddenFilter = asked && FILTERS.includes(asked) ? asked : '';
  const query = useAdminListings(q, hidden);
  const [hiding, setHiding] = useState<AdminListing | null>(null);
  const [showing, setShowing] = useState<AdminListing | null>(null);
  const hide = useHideListing();
  const unhide = useUnhideListing();

  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6">
      <h1 className="text-2xl font-bold text-stone-900">{t('listings.title')}</h1>
      <AdminSearchForm
        search={search}
        label={t('listings.search')}
        hint={t('listings.searchHint')}
        submitLabel={t('listings.submit')}
      >
        <SelectField
          label={t('listings.filter')}
          value={hidden}
          onChange={(e) => setParam('hidden', e.target.value)}
          options={optionsOf(FILTERS, (value) => t(`listings.filters.${value || 'all'}`))}
        />
      </AdminSearchForm>
      <AdminResultList
        query={query}
        label={t('listings.title')}
        errorTitle={t('listings.error')}
        empty={q ? t('listings.noMatch', { q }) : t('listings.empty')}
      >
        {(listing) => <ListingResult listing={listing} onHide={setHiding} onShow={setShowing} />}
      </AdminResultList>
      {hiding && (
        <ReasonDialog
          title={t('listings.hideTitle', { title: hiding.title })}
          intro={t('listings.hideIntro', { farm: hiding.farm.name })}
          label={t('listings.reason')}
          hint={t('listings.reasonHint')}
          submitLabel={t('listings.hideSubmit')}
          schema={HideListingInputSchema}
          onSend={async (input) => {
            await hide.mutateAsync({ listingId: hiding.id, input });
            return t('listings.hidden', { title: hiding.title });
          }}
          onClose={() => setHiding(null)}
        />
      )}
      <ConfirmOnceDialog
        subject={showing}
        title={t('listings.showTitle', { title: showing?.title ?? '' })}
        message={t('listings.showText')}
        confirmLabel={t('listings.showConfirm')}
        cancelLabel={t('listings.goBack')}
        send={async (listing) => {
          await unhide.mutateAsync(listing.id);
          return t('listings.shown', { title: listing.title });
        }}
        failed={(message) => t('listings.failed', { message })}
        onClose={() => setShowing(null)}
      />
    </main>
  );
}

function ListingResult({
  listing,
  onHide,
  onShow,
}: {
  listing: AdminListing;
  onHide: (listing: AdminListing) => void;
  onShow: (listing: AdminListing) => void;
}) {
  const { t } = useTranslation('admin');
  const { t: tm } = useTranslation('marketplace');
  const text = useListingText();
  return (
    <ModerationCard
      title={listing.title}
      badges={
        <>
          <Badge>{tm(`statuses.${listing.status}`)}</Badge>
          {listing.hidden_at && <Badge tone="red">{t('listings.hiddenBadge')}</Badge>}
          {listing.owner_suspended && <Badge tone="amber">{t('listings.ownerSuspended')}</Badge>}
        </>
      }
      note={
        listing.hidden_at
          ? t('listings.hiddenNote', {
              time: formatDateTime(listing.hidden_at),
              reason: listing.hidden_reason ?? '',
            })
          : null
      }
      step={
        listing.hidden_at
          ? {
              undo: true,
              label: t('listings.showLabel', { title: listing.title }),
              text: t('listings.show'),
              onClick: () => onShow(listing),
            }
          : {
              undo: false,
              label: t('listings.hideLabel', { title: listing.title }),
              text: t('listings.hide'),
              onClick: () => onHide(listing),
            }
      }
    >
      <p className="break-words text-stone-800">{listing.farm.name}</p>
      <p className="text-sm text-stone-700">
        {text.perUnit(listing.price_kobo, listing.unit)} ·{' '}
        {text.available(listing.quantity_available, listing.unit)}
      </p>
      <p className="text-sm text-stone-700">
        {listing.published_at
          ? t('listings.published', { time: formatDateTime(listing.published_at) })
          : t('listings.notPublished')}
      </p>
    </ModerationCard>
  );
}
