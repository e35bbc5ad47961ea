import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { loadNamespaces } from '@/i18n';
import { installFakeFetch } from '@/test/fake-fetch';
import { anId, FARM_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { aPublicListing } from '../test-fixtures';
import { BrowseListings } from './BrowseListings';

const BROWSE = '/api/marketplace/listings';

beforeAll(() => loadNamespaces(['marketplace']));

const page = (items: ReturnType<typeof aPublicListing>[], extra: Record<string, unknown> = {}) => ({
  status: 200,
  body: { items, next_cursor: null, sort: 'newest', nearest_unavailable: false, ...extra },
});

describe('BrowseListings', () => {
  it('shows cards with price per unit and per kg, what is left, where, and a sold-out badge', async () => {
    installFakeFetch({
      [`GET ${BROWSE}`]: page([
        aPublicListing({
          photos: [{ id: anId(1), url: '/p/1', thumb_url: '/p/1?size=thumb' }],
        }),
        aPublicListing({
          id: anId(0x2b),
          title: 'Goats',
          category: 'livestock',
          unit: 'head',
          unit_kg: null,
          price_kobo: 6_000_000,
          price_per_kg_kobo: null,
          quantity_available: '0',
          status: 'sold_out',
          lga: null,
          state: 'Kano',
        }),
      ]),
    });
    renderWithProviders(<BrowseListings nearFarmId={null} />);
    const list = await screen.findByRole('list', { name: '2 listings' });
    const [maize, goats] = within(list).getAllByRole('listitem');
    expect(within(maize!).getByText('Maize')).toBeInTheDocument();
    expect(within(maize!).getByText('₦45,000 per bag (100 kg)')).toBeInTheDocument();
    expect(within(maize!).getByText('₦450 per kg')).toBeInTheDocument();
    expect(within(maize!).getByText('20 bags (100 kg) available')).toBeInTheDocument();
    expect(within(maize!).getByText('Obio-Akpor, Rivers')).toBeInTheDocument();
    expect(within(maize!).getByRole('link')).toHaveAttribute(
      'href',
      `/dashboard/marketplace/listings/${anId(0x1a)}`,
    );
    expect(within(maize!).queryByText('Sold out')).toBeNull();
    expect(within(goats!).getByText('Sold out')).toBeInTheDocument();
    expect(within(goats!).getByText('₦60,000 per head')).toBeInTheDocument();
    expect(within(goats!).queryByText(/per kg/)).toBeNull();
  });

  it('asks the server with the words, filters and sort chosen', async () => {
    const requests = installFakeFetch({ [`GET ${BROWSE}`]: page([]) });
    renderWithProviders(<BrowseListings nearFarmId={FARM_ID} />);
    expect(await screen.findByText('No produce matches')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'crop' } });
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'Kano' } });
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'price_asc' } });
    fireEvent.change(screen.getByLabelText('Search produce'), { target: { value: 'yellow maize' } });
    await waitFor(() =>
      expect(requests.at(-1)?.path).toBe(
        `${BROWSE}?limit=20&sort=price_asc&q=yellow+maize&category=crop&state=Kano`,
      ),
    );
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'nearest' } });
    await waitFor(() => expect(requests.at(-1)?.path).toContain(`sort=nearest`));
    expect(requests.at(-1)?.path).toContain(`near_farm=${FARM_ID}`);
  });

  it('says when nearest cannot be measured', async () => {
    installFakeFetch({ [`GET ${BROWSE}`]: page([aPublicListing()], { nearest_unavailable: true }) });
    renderWithProviders(<BrowseListings nearFarmId={null} />);
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'nearest' } });
    expect(await screen.findByText(/Nearest needs your farm's location/)).toBeInTheDocument();
  });

  it('loads the next page with Show more', async () => {
    installFakeFetch({
      [`GET ${BROWSE}?limit=20&sort=newest`]: {
        status: 200,
        body: { items: [aPublicListing()], next_cursor: 'abc', sort: 'newest', nearest_unavailable: false },
      },
      [`GET ${BROWSE}?limit=20&sort=newest&cursor=abc`]: page([
        aPublicListing({ id: anId(3), title: 'Cassava' }),
      ]),
    });
    renderWithProviders(<BrowseListings nearFarmId={null} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Cassava')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: '2 listings' })).toBeInTheDocument();
  });
});
