import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { SellerPage } from '@gona/shared/marketplace';
import { loadNamespaces } from '@/i18n';
import { installFakeFetch } from '@/test/fake-fetch';
import { FARM_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { aPublicListing } from '../test-fixtures';
import { ListingDetail } from './ListingDetail';
import { SellerProfile } from './SellerProfile';

beforeAll(() => loadNamespaces(['marketplace']));

const SELLER = `/api/marketplace/sellers/${FARM_ID}`;

function aSellerPage(ratings: SellerPage['ratings']): SellerPage {
  return {
    farm_id: FARM_ID,
    name: 'Green Acres',
    state: 'Rivers',
    lga: 'Obio-Akpor',
    rating: { count: ratings.count, average: ratings.average },
    listings: [],
    ratings,
  };
}

describe('seller ratings', () => {
  it('shows the average, the count and the recent ratings on the seller page', async () => {
    installFakeFetch({
      [`GET ${SELLER}`]: {
        status: 200,
        body: aSellerPage({
          count: 23,
          average: 4.6,
          recent: [
            {
              stars: 5,
              tags: ['on_time', 'fair_weight'],
              comment: 'Clean maize, weighed right',
              buyer_first_name: 'Bisi',
              created_at: '2026-11-20T10:00:00.000Z',
            },
            {
              stars: 3,
              tags: [],
              comment: null,
              buyer_first_name: 'Tunde',
              created_at: '2026-11-10T10:00:00.000Z',
            },
          ],
        }),
      },
    });
    renderWithProviders(<SellerProfile farmId={FARM_ID} />);
    expect(await screen.findByText('4.6 · 23 ratings')).toBeInTheDocument();
    const recent = screen.getByRole('heading', { name: 'Recent ratings' }).parentElement!;
    const items = within(recent).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('img', { name: '5 of 5 stars' })).toBeInTheDocument();
    expect(within(items[0]!).getByText('On time · Fair weight')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Clean maize, weighed right')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Bisi, 20/11/2026')).toBeInTheDocument();
    expect(within(items[1]!).getByRole('img', { name: '3 of 5 stars' })).toHaveTextContent('★★★☆☆');
  });

  it('says "No ratings yet" on a seller page without ratings', async () => {
    installFakeFetch({
      [`GET ${SELLER}`]: { status: 200, body: aSellerPage({ count: 0, average: null, recent: [] }) },
    });
    renderWithProviders(<SellerProfile farmId={FARM_ID} />);
    expect(await screen.findByText('No ratings yet')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Recent ratings' })).toBeNull();
  });

  it("shows the seller's average and count on a listing", async () => {
    const listing = aPublicListing({
      seller: {
        farm_id: FARM_ID,
        name: 'Green Acres',
        state: 'Rivers',
        lga: 'Obio-Akpor',
        rating: { count: 1, average: 4 },
      },
    });
    installFakeFetch({ [`GET /api/marketplace/listings/${listing.id}`]: { status: 200, body: listing } });
    renderWithProviders(<ListingDetail listingId={listing.id} />);
    expect(await screen.findByText('4.0 · 1 rating')).toBeInTheDocument();
  });
});
