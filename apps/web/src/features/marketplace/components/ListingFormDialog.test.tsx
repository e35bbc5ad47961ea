import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { onlineManager } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ListingSources } from '@gona/shared/marketplace';
import { loadNamespaces } from '@/i18n';
import { installFakeFetch } from '@/test/fake-fetch';
import { anId, FARM_ID } from '@/test/fixtures';
import { AppToaster } from '@/app/toaster';
import { renderWithProviders } from '@/test/render';
import { aFarmListing } from '../test-fixtures';
import { ListingFormDialog } from './ListingFormDialog';

const LIST = `/api/farms/${FARM_ID}/listings`;
const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

const SOURCES: ListingSources = {
  state: 'Rivers',
  lga: 'Obio-Akpor',
  crops: [
    { key: 'cassava', name: 'Cassava' },
    { key: 'maize', name: 'Maize' },
  ],
  harvest: [{ crop_key: 'maize', crop_name: 'Maize', kg: '2000' }],
  animals: [],
};

beforeAll(() => loadNamespaces(['marketplace', 'photos']));
afterEach(() => onlineManager.setOnline(true));

describe('ListingFormDialog', () => {
  it('saves a draft of 20 bags of maize from the store, priced in kobo, with a phone-made id', async () => {
    const requests = installFakeFetch({ [`POST ${LIST}`]: { status: 201, body: aFarmListing() } });
    const onClose = vi.fn();
    renderWithProviders(<ListingFormDialog farmId={FARM_ID} sources={SOURCES} onClose={onClose} />);
    expect(screen.getByText("Listed in Obio-Akpor, Rivers, from your farm's settings.")).toBeInTheDocument();
    type('What are you selling?', 'crop');
    type('Sell from stored harvest', 'maize');
    expect(screen.getByLabelText('Product')).toHaveValue('maize');
    type('Quantity to sell', '20');
    type('Price per unit (₦)', '45,000');
    type('Smallest order', '2');
    fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests[0]?.body).toMatchObject({
      category: 'crop',
      product_key: 'maize',
      crop_key: 'maize',
      quantity_available: '20',
      unit: 'bag_100kg',
      unit_kg: null,
      price_kobo: 4_500_000,
      min_order: '2',
      delivery_pickup: true,
      delivery_seller: false,
      photo_ids: [],
    });
    expect((requests[0]?.body as { id: string }).id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
  });

  it('shows what needs fixing beside each field, from the form and from the server', async () => {
    const requests = installFakeFetch({
      [`POST ${LIST}`]: {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION',
            message: 'Some fields need attention',
            fields: { quantity_available: 'Only 2,000 kg of maize is in store (20 units)' },
          },
        },
      },
    });
    renderWithProviders(<ListingFormDialog farmId={FARM_ID} sources={SOURCES} onClose={() => undefined} />);
    type('What are you selling?', 'crop');
    type('Product', 'maize');
    type('Quantity to sell', '5');
    type('Smallest order', '10');
    type('Price per unit (₦)', 'lots');
    fireEvent.click(screen.getByRole('checkbox', { name: 'I deliver' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    expect(await screen.findByText('Enter an amount in naira, like 1250 or 1250.50')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
    type('Price per unit (₦)', '45000');
    fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    const minOrder = await screen.findByText('The smallest order cannot be more than you have to sell');
    expect(screen.getByLabelText('Smallest order')).toHaveAccessibleDescription(minOrder.textContent ?? '');
    expect(screen.getByLabelText('Where you deliver')).toHaveAccessibleDescription(
      'Say where you deliver, like "Port Harcourt and Obio-Akpor"',
    );
    expect(requests).toHaveLength(0);
    type('Smallest order', '1');
    type('Where you deliver', 'Port Harcourt');
    type('Quantity to sell', '50');
    fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    expect(await screen.findByText('Only 2,000 kg of maize is in store (20 units)')).toBeInTheDocument();
    expect(requests[0]?.body).toMatchObject({
      delivery_seller: true,
      delivery_area: 'Port Harcourt',
      delivery_fee_kobo: 0,
    });
  });

  it('asks for the kg of a unit without a fixed size, and warns when the farm has no state', () => {
    renderWithProviders(
      <ListingFormDialog
        farmId={FARM_ID}
        sources={{ ...SOURCES, state: null, lga: null }}
        onClose={() => undefined}
      />,
    );
    expect(screen.queryByLabelText('Kg in one unit')).toBeNull();
    type('Unit', 'basket');
    expect(screen.getByLabelText('Kg in one unit')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Add it in Farm settings/ })).toHaveAttribute(
      'href',
      `/dashboard/settings/farms/${FARM_ID}`,
    );
  });

  it('asks which flock eggs come from, offering only groups that lay, and none in a withdrawal period', async () => {
    const layers = anId(0x51);
    const treated = anId(0x52);
    const goats = anId(0x53);
    const animals: ListingSources['animals'] = [
      {
        id: layers,
        name: 'Layers House 2',
        species: 'chicken_layer',
        head_count: 300,
        withdrawal_until: null,
      },
      {
        id: treated,
        name: 'Noilers',
        species: 'chicken_noiler',
        head_count: 80,
        withdrawal_until: '2099-01-09',
      },
      { id: goats, name: 'Goats', species: 'goat', head_count: 12, withdrawal_until: null },
    ];
    const requests = installFakeFetch({ [`POST ${LIST}`]: { status: 201, body: aFarmListing() } });
    const onClose = vi.fn();
    renderWithProviders(
      <ListingFormDialog farmId={FARM_ID} sources={{ ...SOURCES, animals }} onClose={onClose} />,
    );
    type('What are you selling?', 'product');
    type('Product', 'honey');
    expect(screen.queryByLabelText('Which flock, herd or pond it comes from')).toBeNull();
    type('Product', 'eggs');
    const picker = screen.getByLabelText('Which flock, herd or pond it comes from');
    const options = [...picker.querySelectorAll('option')].map((o) => [o.textContent, o.disabled]);
    expect(options).toEqual([
      ['Choose the group', false],
      ['Layers House 2', false],
      ['Noilers: in a withdrawal period', true],
    ]);
    type('Which flock, herd or pond it comes from', layers);
    type('Unit', 'crate');
    type('Kg in one unit', '2');
    type('Quantity to sell', '20');
    type('Price per unit (₦)', '4,500');
    fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests[0]?.body).toMatchObject({ category: 'product', product_key: 'eggs', animal_id: layers });
  });

  it('edits with the version it opened', async () => {
    const listing = aFarmListing({ version: 3 });
    const requests = installFakeFetch({
      [`PATCH ${LIST}/${listing.id}`]: { status: 200, body: { ...listing, price_kobo: 4_000_000 } },
    });
    const onClose = vi.fn();
    renderWithProviders(
      <ListingFormDialog farmId={FARM_ID} sources={SOURCES} listing={listing} onClose={onClose} />,
    );
    expect(screen.getByLabelText('Price per unit (₦)')).toHaveValue('45000');
    type('Price per unit (₦)', '40000');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests[0]?.body).toMatchObject({ price_kobo: 4_000_000, version: 3 });
    expect(requests[0]?.body).not.toHaveProperty('photo_ids');
  });

  it('keeps a new listing on the phone when offline and says it will be sent', async () => {
    const requests = installFakeFetch({});
    onlineManager.setOnline(false);
    const onClose = vi.fn();
    const { queryClient } = renderWithProviders(
      <>
        <ListingFormDialog farmId={FARM_ID} sources={SOURCES} onClose={onClose} />
        <AppToaster />
      </>,
    );
    type('What are you selling?', 'product');
    type('Product', 'eggs');
    type('Unit', 'crate');
    type('Quantity to sell', '40');
    type('Price per unit (₦)', '5500');
    fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText(/Saved on this phone/)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    const waiting = queryClient.getMutationCache().getAll();
    expect(waiting.map((m) => [m.options.mutationKey, m.state.isPaused])).toEqual([
      [['listings', 'create-listing'], true],
    ]);
    expect(waiting[0]?.state.variables).toMatchObject({
      farmId: FARM_ID,
      category: 'product',
      product_key: 'eggs',
      unit: 'crate',
      quantity_available: '40',
      price_kobo: 550_000,
    });
  });
});
