import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AppToaster } from '@/app/toaster';
import { loadNamespaces } from '@/i18n';
import { installFakeFetch } from '@/test/fake-fetch';
import { anId, FARM_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { aFarmListing } from '../test-fixtures';
import { MyListings } from './MyListings';

const LIST = `/api/farms/${FARM_ID}/listings`;
const SOURCES = { state: 'Rivers', lga: null, crops: [], harvest: [], animals: [] };

beforeAll(() => loadNamespaces(['marketplace', 'photos']));

describe('MyListings', () => {
  it('publishes a draft with the version it shows, and offers pause on one that is on sale', async () => {
    const draft = aFarmListing({ title: 'White maize', version: 2 });
    const live = aFarmListing({ id: anId(0x2c), title: 'Layers', status: 'active' });
    const requests = installFakeFetch({
      [`GET ${LIST}`]: { status: 200, body: { items: [draft, live], next_cursor: null } },
      [`GET ${LIST}/sources`]: { status: 200, body: SOURCES },
      [`POST ${LIST}/${draft.id}/publish`]: { status: 200, body: { ...draft, status: 'active', version: 3 } },
    });
    renderWithProviders(
      <>
        <MyListings farmId={FARM_ID} role="manager" />
        <AppToaster />
      </>,
    );
    const [first, second] = within(await screen.findByRole('list')).getAllByRole('listitem');
    expect(within(first!).getByText('Draft')).toBeInTheDocument();
    expect(within(second!).getByText('On sale')).toBeInTheDocument();
    expect(within(second!).getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    expect(within(second!).queryByRole('button', { name: 'Publish' })).toBeNull();
    fireEvent.click(within(first!).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('“White maize” is on sale')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')).toMatchObject({
      path: `${LIST}/${draft.id}/publish`,
      body: { version: 2 },
    });
  });

  it('shows a listing off sale for a withdrawal period as paused, with why and until when', async () => {
    const eggs = aFarmListing({
      title: 'Layers House 2 eggs',
      status: 'active',
      withdrawal: {
        until: '2026-12-06',
        animal_id: anId(0x51),
        animal_name: 'Layers House 2',
        treatment: 'Oxytetracycline 20% LA',
      },
    });
    installFakeFetch({
      [`GET ${LIST}`]: { status: 200, body: { items: [eggs], next_cursor: null } },
      [`GET ${LIST}/sources`]: { status: 200, body: SOURCES },
    });
    renderWithProviders(<MyListings farmId={FARM_ID} role="owner" />);
    const [row] = within(await screen.findByRole('list')).getAllByRole('listitem');
    expect(within(row!).getByText('Paused')).toBeInTheDocument();
    expect(
      within(row!).getByText(
        'Paused until 06/12/2026: Layers House 2 is under withdrawal after Oxytetracycline 20% LA',
      ),
    ).toBeInTheDocument();
    // It can still be paused by hand, so it stays off sale after the period.
    expect(within(row!).getByRole('button', { name: 'Pause' })).toBeInTheDocument();
  });

  it('says why publishing was refused', async () => {
    const draft = aFarmListing();
    installFakeFetch({
      [`GET ${LIST}`]: { status: 200, body: { items: [draft], next_cursor: null } },
      [`GET ${LIST}/sources`]: { status: 200, body: SOURCES },
      [`POST ${LIST}/${draft.id}/publish`]: {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION',
            message: 'Add at least one photo: buyers want to see what they buy',
            fields: { photo_ids: 'Add at least one photo: buyers want to see what they buy' },
          },
        },
      },
    });
    renderWithProviders(
      <>
        <MyListings farmId={FARM_ID} role="owner" />
        <AppToaster />
      </>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await screen.findByText(/Add at least one photo/)).toBeInTheDocument();
  });

  it('asks before closing, and shows a viewer the listings without buttons', async () => {
    const live = aFarmListing({ status: 'active', title: 'Goats' });
    const requests = installFakeFetch({
      [`GET ${LIST}`]: { status: 200, body: { items: [live], next_cursor: null } },
      [`GET ${LIST}/sources`]: { status: 200, body: SOURCES },
      [`POST ${LIST}/${live.id}/close`]: { status: 200, body: { ...live, status: 'closed' } },
    });
    const { unmount } = renderWithProviders(<MyListings farmId={FARM_ID} role="owner" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Close “Goats”?')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close the listing' }));
    await waitFor(() => expect(requests.some((r) => r.path === `${LIST}/${live.id}/close`)).toBe(true));
    unmount();
    renderWithProviders(<MyListings farmId={FARM_ID} role="viewer" />);
    expect(await screen.findByText('Goats')).toBeInTheDocument();
    expect(
      screen.getByText("You can see your farm's listings. Owners and managers change them."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
