import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { HideListingInputSchema, MODERATION_SEARCH_MAX, type AdminListing } from '@gona/shared/marketplace';
import { Badge, Button, ConfirmDialog, PagedList, SelectField, TextField } from '@/components/ui';
import { useErrorText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format';
import { pageItems } from '@/lib/paged-query';
import { toast } from '@/lib/toast';
import { useListingText } from '../format';
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
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim().slice(0, MODERATION_SEARCH_MAX);
  const asked = params.get('hidden') as HiddenFilter | null;
  const hidden: HiddenFilter = asked && FILTERS.includes(asked) ? asked : '';
  const [typed, setTyped] = useState(q);
  const [error, setError] = useState<string | undefined>();
  const query = useAdminListings(q, hidden);
  const [hiding, setHiding] = useState<AdminListing | null>(null);
  const [showing, setShowing] = useState<AdminListing | null>(null);
  const hide = useHideListing();
  const unhide = useUnhideListing();
  const errorText = useErrorText();
  const showingSent = useRef(false);

  const setParam = (name: string, value: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (value === '') updated.delete(name);
        else updated.set(name, value);
        return updated;
      },
      { replace: true },
    );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = typed.trim();
    if (next.length > MODERATION_SEARCH_MAX) {
      setError(t('listings.tooLong', { max: MODERATION_SEARCH_MAX }));
      return;
    }
    setError(undefined);
    setParam('q', next);
  };

  /** Sent once however often "Show again" is tapped. */
  async function showAgain(listing: AdminListing) {
    if (showingSent.current) return;
    showingSent.current = true;
    try {
      await unhide.mutateAsync(listing.id);
      toast.success(t('listings.shown', { title: listing.title }));
    } catch (failure) {
      toast.error(t('listings.failed', { message: errorText(failure) }));
    } finally {
      showingSent.current = false;
      setShowing(null);
    }
  }

  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6">
      <h1 className="text-2xl font-bold text-stone-900">{t('listings.title')}</h1>
      <form role="search" noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
        <div className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-start">
          <TextField
            label={t('listings.search')}
            hint={t('listings.searchHint')}
            type="search"
            enterKeyHint="search"
            autoComplete="off"
            value={typed}
            error={error}
            onChange={(e) => setTyped(e.target.value)}
          />
          <Button type="submit" className="sm:mt-7">
            {t('listings.submit')}
          </Button>
        </div>
        <SelectField
          label={t('listings.filter')}
          value={hidden}
          onChange={(e) => setParam('hidden', e.target.value)}
        >
          {FILTERS.map((value) => (
            <option key={value} value={value}>
              {t(`listings.filters.${value || 'all'}`)}
            </option>
          ))}
        </SelectField>
      </form>
      <PagedList
        query={query}
        items={pageItems(query.data)}
        errorTitle={t('listings.error')}
        errorText={(message) => message}
        empty={
          <p className="break-words text-stone-700">
            {q ? t('listings.noMatch', { q }) : t('listings.empty')}
          </p>
        }
      >
        {(rows) => (
          <ul className="flex flex-col gap-2" aria-label={t('listings.title')}>
            {rows.map((listing) => (
              <li key={listing.id}>
                <ListingResult listing={listing} onHide={setHiding} onShow={setShowing} />
              </li>
            ))}
          </ul>
        )}
      </PagedList>
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
            toast.success(t('listings.hidden', { title: hiding.title }));
            setHiding(null);
          }}
          onClose={() => setHiding(null)}
        />
      )}
      <ConfirmDialog
        open={showing !== null}
        title={t('listings.showTitle', { title: showing?.title ?? '' })}
        message={t('listings.showText')}
        confirmLabel={t('listings.showConfirm')}
        cancelLabel={t('listings.goBack')}
        pending={unhide.isPending}
        onCancel={() => setShowing(null)}
        onConfirm={() => {
          if (showing) void showAgain(showing);
        }}
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
    <article className="flex flex-col gap-2 rounded-xl border border-stone-200 bg-white p-4">
      <header className="flex flex-wrap items-center gap-2">
        <h2 className="min-w-0 font-semibold break-words text-stone-900">{listing.title}</h2>
        <Badge>{tm(`statuses.${listing.status}`)}</Badge>
        {listing.hidden_at && <Badge tone="red">{t('listings.hiddenBadge')}</Badge>}
        {listing.owner_suspended && <Badge tone="amber">{t('listings.ownerSuspended')}</Badge>}
      </header>
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
      {listing.hidden_at && (
        <p className="rounded-lg bg-red-50 px-3 py-2 break-words text-red-900">
          {t('listings.hiddenNote', {
            time: formatDateTime(listing.hidden_at),
            reason: listing.hidden_reason ?? '',
          })}
        </p>
      )}
      <div>
        {listing.hidden_at ? (
          <Button
            variant="secondary"
            aria-label={t('listings.showLabel', { title: listing.title })}
            onClick={() => onShow(listing)}
          >
            {t('listings.show')}
          </Button>
        ) : (
          <Button
            variant="danger"
            aria-label={t('listings.hideLabel', { title: listing.title })}
            onClick={() => onHide(listing)}
          >
            {t('listings.hide')}
          </Button>
        )}
      </div>
    </article>
  );
}
