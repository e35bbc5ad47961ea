import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Store } from 'lucide-react';
import type { FarmListing, ListingStatus } from '@gona/shared/marketplace';
import { can, type FarmRole } from '@gona/shared/permissions';
import { Badge, Button, ConfirmDialog, EmptyState, PagedList } from '@/components/ui';
import type { BadgeTone } from '@/components/ui/Badge';
import { useErrorText } from '@/lib/error-text';
import { pageItems } from '@/lib/paged-query';
import { toast } from '@/lib/toast';
import { useFarmListings, useListingAction, useListingSources, type ListingAction } from '../api';
import { useListingText } from '../format';
import { listingPath } from '../links';
import { HiddenNotice } from './HiddenNotice';
import { ListingFormDialog } from './ListingFormDialog';
import { WithdrawalNotice } from './WithdrawalNotice';

type Props = { farmId: string; role: FarmRole };

const TONE: Record<ListingStatus, BadgeTone> = {
  draft: 'neutral',
  active: 'green',
  paused: 'amber',
  sold_out: 'red',
  closed: 'neutral',
};

/**
 * What each status offers: a draft is published, a listing on sale paused, a paused one resumed.
 * A listing hidden by Gona is not put on sale (publish, resume) until Gona shows it again.
 */
const ACTIONS: Record<ListingStatus, ListingAction[]> = {
  draft: ['publish', 'close'],
  active: ['pause', 'close'],
  paused: ['resume', 'close'],
  sold_out: ['pause', 'close'],
  closed: [],
};

const DONE: Record<ListingAction, string> = {
  publish: 'mine.published',
  pause: 'mine.paused',
  resume: 'mine.resumed',
  close: 'mine.closed',
};

/** The farm's listings, every status, for its sellers: add, edit, publish, pause, resume, close. */
export function MyListings({ farmId, role }: Props) {
  const { t } = useTranslation('marketplace');
  const errorText = useErrorText();
  const text = useListingText();
  const query = useFarmListings(farmId);
  const sells = can(role, 'marketplace.sell');
  const sources = useListingSources(farmId);
  const action = useListingAction();
  const [editing, setEditing] = useState<FarmListing | 'new' | null>(null);
  const [closing, setClosing] = useState<FarmListing | null>(null);

  async function run(listing: FarmListing, what: ListingAction) {
    try {
      const saved = await action.mutateAsync({ listing, action: what });
      toast.success(t(DONE[what], { title: saved.title }));
    } catch (error) {
      toast.error(t('mine.failed', { message: errorText(error) }));
    }
  }

  return (
    <section className="flex flex-col gap-4">
      {sells ? (
        <div>
          <Button onClick={() => setEditing('new')}>{t('mine.add')}</Button>
        </div>
      ) : (
        <p className="text-stone-700">{t('mine.viewOnly')}</p>
      )}
      <PagedList
        query={query}
        items={pageItems(query.data)}
        errorTitle={t('mine.errorTitle')}
        errorText={(message) => message}
        empty={<EmptyState icon={Store} title={t('mine.empty')} description={t('mine.emptyHint')} />}
      >
        {(rows) => (
          <ul className="flex flex-col gap-3">
            {rows.map((listing) => (
              <li
                key={listing.id}
                className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4"
              >
                <div className="flex min-w-0 items-start gap-3">
                  {listing.photos[0] && (
                    <img
                      src={listing.photos[0].thumb_url ?? listing.photos[0].url}
                      alt=""
                      loading="lazy"
                      className="size-16 shrink-0 rounded-lg object-cover"
                    />
                  )}
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-2">
                      <Link
                        to={listingPath(listing.id)}
                        className="font-semibold wrap-anywhere text-stone-900 underline-offset-4 hover:underline"
                      >
                        {listing.title}
                      </Link>
                      <Badge tone={TONE[shownStatus(listing)]}>{t(`statuses.${shownStatus(listing)}`)}</Badge>
                    </p>
                    <p className="text-sm text-stone-700">{text.perUnit(listing.price_kobo, listing.unit)}</p>
                    <p className="text-sm text-stone-700">
                      {text.available(listing.quantity_available, listing.unit)}
                    </p>
                  </div>
                </div>
                {listing.hidden && <HiddenNotice hidden={listing.hidden} />}
                {listing.withdrawal && (
                  <WithdrawalNotice withdrawal={listing.withdrawal} status={listing.status} />
                )}
                {sells && listing.status !== 'closed' && (
                  <div className="flex flex-wrap gap-2">
                    <Button variant="secondary" onClick={() => setEditing(listing)}>
                      {t('mine.edit')}
                    </Button>
                    {actionsOf(listing).map((what) => (
                      <Button
                        key={what}
                        variant={what === 'publish' || what === 'resume' ? 'primary' : 'secondary'}
                        disabled={action.isPending}
                        onClick={() => (what === 'close' ? setClosing(listing) : void run(listing, what))}
                      >
                        {t(`mine.${what}`)}
                      </Button>
                    ))}
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </PagedList>
      {editing && (
        <ListingFormDialog
          farmId={farmId}
          sources={sources.data ?? null}
          {...(editing === 'new' ? {} : { listing: editing })}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={closing !== null}
        title={t('mine.closeConfirmTitle', { title: closing?.title ?? '' })}
        message={t('mine.closeConfirmText')}
        confirmLabel={t('mine.closeConfirm')}
        cancelLabel={t('common:cancel')}
        confirmVariant="danger"
        pending={action.isPending}
        onCancel={() => setClosing(null)}
        onConfirm={() => {
          if (closing) void run(closing, 'close').then(() => setClosing(null));
        }}
      />
    </section>
  );
}

/** On sale, but off sale for a withdrawal period: paused, as buyers see it (the notice says why). */
function shownStatus(listing: FarmListing): ListingStatus {
  return listing.withdrawal && (listing.status === 'active' || listing.status === 'sold_out')
    ? 'paused'
    : listing.status;
}

function actionsOf(listing: FarmListing): ListingAction[] {
  const actions = ACTIONS[listing.status];
  return listing.hidden ? actions.filter((what) => what !== 'publish' && what !== 'resume') : actions;
}
