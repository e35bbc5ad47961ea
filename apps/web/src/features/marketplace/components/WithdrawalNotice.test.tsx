import { beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { loadNamespaces } from '@/i18n';
import { installFakeFetch } from '@/test/fake-fetch';
import { anId } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { aPublicListing } from '../test-fixtures';
import { ListingDetail } from './ListingDetail';

beforeAll(() => loadNamespaces(['marketplace', 'photos']));

const WITHDRAWAL = {
  until: '2026-12-06',
  animal_id: anId(0x51),
  animal_name: 'Layers House 2',
  treatment: null,
};

describe('a listing off sale for a withdrawal period', () => {
  it('tells its farm why and until when on the listing’s page', async () => {
    const listing = aPublicListing({ title: 'Fresh eggs', status: 'active', withdrawal: WITHDRAWAL });
    installFakeFetch({ [`GET /api/marketplace/listings/${listing.id}`]: { status: 200, body: listing } });
    renderWithProviders(<ListingDetail listingId={listing.id} />);
    expect(
      await screen.findByText(
        'Paused until 06/12/2026: Layers House 2 is under withdrawal after a treatment',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/goes back on sale by itself that day/)).toBeInTheDocument();
  });

  it('reads to a buyer as paused by the seller, with no reason (the server sends none)', async () => {
    const listing = aPublicListing({ title: 'Fresh eggs', status: 'paused' });
    installFakeFetch({ [`GET /api/marketplace/listings/${listing.id}`]: { status: 200, body: listing } });
    renderWithProviders(<ListingDetail listingId={listing.id} />);
    expect(
      await screen.findByText('The seller has paused this listing. Check again later.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/withdrawal/)).toBeNull();
  });
});
