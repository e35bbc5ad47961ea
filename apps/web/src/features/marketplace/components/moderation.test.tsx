import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ListingSources } from '@gona/shared/marketplace';
import { loadNamespaces } from '@/i18n';
import { installFakeFetch } from '@/test/fake-fetch';
import { anId, FARM_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { aFarmListing, aPublicListing } from '../test-fixtures';
import { ListingDetail } from './ListingDetail';
import { ListingFormDialog } from './ListingFormDialog';
import { MyListings } from './MyListings';

beforeAll(() => loadNamespaces(['marketplace', 'photos']));

const LIST = `/api/farms/${FARM_ID}/listings`;
const SOURCES: ListingSources = { state: 'Rivers', lga: null, crops: [], harvest: [], animals: [] };
const REASON = 'The photos are of another farm’s produce.';
const HIDDEN = { at: '2026-11-25T10:00:00.000Z', reason: REASON };

describe('a listing hidden by Gona, as its farm sees it', () => {
  it('says so with the reason in the farm’s list, and offers no way to put it on sale', async () => {
    const paused = aFarmListing({ title: 'White maize', status: 'paused', hidden: HIDDEN });
    const draft = aFarmListing({ id: anId(0x2d), title: 'Goats', hidden: HIDDEN });
    const live = aFarmListing({ id: anId(0x2c), title: 'Layers', status: 'paused' });
    installFakeFetch({
      [`GET ${LIST}`]: { status: 200, body: { items: [paused, draft, live], next_cursor: null } },
      [`GET ${LIST}/sources`]: { status: 200, body: SOURCES },
    });
    renderWithProviders(<MyListings farmId={FARM_ID} role="owner" />);
    const [hiddenPaused, hiddenDraft, shown] = within(await screen.findByRole('list')).getAllByRole(
      'listitem',
    );
    expect(within(hiddenPaused!).getByText(`Hidden by Gona: ${REASON}`)).toBeInTheDocument();
    expect(
      within(hiddenPaused!).getByText(/it cannot be put on sale until Gona shows it again/),
    ).toBeInTheDocument();
    expect(within(hiddenPaused!).queryByRole('button', { name: 'Resume' })).toBeNull();
    expect(within(hiddenPaused!).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(hiddenPaused!).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(within(hiddenDraft!).queryByRole('button', { name: 'Publish' })).toBeNull();
    expect(within(shown!).queryByText(/Hidden by Gona/)).toBeNull();
    expect(within(shown!).getByRole('button', { name: 'Resume' })).toBeInTheDocument();
  });

  it('says so on the listing’s page, which only its farm can open', async () => {
    const listing = aPublicListing({ status: 'paused', hidden: HIDDEN });
    installFakeFetch({ [`GET /api/marketplace/listings/${listing.id}`]: { status: 200, body: listing } });
    renderWithProviders(<ListingDetail listingId={listing.id} />);
    expect(await screen.findByText(`Hidden by Gona: ${REASON}`)).toBeInTheDocument();
  });

  it('says nothing of it on a listing that is not hidden', async () => {
    const listing = aPublicListing();
    installFakeFetch({ [`GET /api/marketplace/listings/${listing.id}`]: { status: 200, body: listing } });
    renderWithProviders(<ListingDetail listingId={listing.id} />);
    expect(await screen.findByRole('heading', { name: 'Maize' })).toBeInTheDocument();
    expect(screen.queryByText(/Hidden by Gona/)).toBeNull();
  });

  it('says so when the farm edits it', () => {
    installFakeFetch({});
    renderWithProviders(
      <ListingFormDialog
        farmId={FARM_ID}
        sources={SOURCES}
        listing={aFarmListing({ hidden: HIDDEN })}
        onClose={() => undefined}
      />,
    );
    expect(within(screen.getByRole('dialog')).getByText(`Hidden by Gona: ${REASON}`)).toBeInTheDocument();
  });
});
