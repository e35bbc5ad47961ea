import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { loadNamespaces } from '@/i18n';
import { installFakeFetch } from '@/test/fake-fetch';
import { anId } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { aPublicListing } from '../test-fixtures';
import { goToCheckout } from '../orders-api';
import type * as OrdersApi from '../orders-api';
import { OrderPanel } from './OrderPanel';

vi.mock('../orders-api', async (original) => ({
  ...(await original<typeof OrdersApi>()),
  goToCheckout: vi.fn(),
}));

const ORDERS = '/api/marketplace/orders';
const ORDER_ID = anId(0x0d);
const CHECKOUT = 'https://checkout.paystack.com/abc123';

beforeAll(() => loadNamespaces(['marketplace']));
beforeEach(() => vi.mocked(goToCheckout).mockClear());

const listing = aPublicListing({
  delivery_seller: true,
  delivery_area: 'Port Harcourt',
  delivery_fee_kobo: 500_000,
});

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('OrderPanel', () => {
  it('works out the total with the delivery fee, places the order, starts the payment and goes to the checkout', async () => {
    const requests = installFakeFetch({
      [`POST ${ORDERS}`]: { status: 201, body: { id: ORDER_ID } },
      [`POST ${ORDERS}/${ORDER_ID}/pay`]: {
        status: 200,
        body: { authorization_url: CHECKOUT, reference: `gona-${ORDER_ID}` },
      },
    });
    renderWithProviders(<OrderPanel listing={listing} phone="+2348055551234" />);
    fill('How many bags (100 kg)', '5');
    // Produce and total are the same while it is picked up.
    expect(screen.getAllByText('₦225,000')).toHaveLength(2);
    fireEvent.click(screen.getByRole('radio', { name: 'The seller delivers (₦5,000)' }));
    fill('Deliver to', '12 Aba Road');
    expect(screen.getByText('₦230,000')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Order and pay' });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(goToCheckout).toHaveBeenCalledWith(CHECKOUT));
    const placed = requests.filter((r) => r.method === 'POST' && r.path === ORDERS);
    expect(placed).toHaveLength(1);
    const { id, ...sent } = placed[0]!.body as { id: string };
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent).toEqual({
      listing_id: listing.id,
      quantity: '5',
      delivery: 'seller_delivers',
      buyer_phone: '+2348055551234',
      delivery_address: '12 Aba Road',
    });
    expect(goToCheckout).toHaveBeenCalledTimes(1);
  });

  it('says beside the field what is wrong before sending anything', () => {
    const requests = installFakeFetch({});
    renderWithProviders(<OrderPanel listing={listing} phone={null} />);
    fill('How many bags (100 kg)', '1');
    fireEvent.click(screen.getByRole('button', { name: 'Order and pay' }));
    expect(screen.getByLabelText('How many bags (100 kg)')).toHaveAccessibleDescription(
      expect.stringContaining('The smallest order is 2 bags (100 kg)'),
    );
    expect(screen.getByLabelText('Your phone')).toHaveAccessibleDescription(
      expect.stringContaining('Enter a Nigerian mobile number'),
    );
    fill('How many bags (100 kg)', '25');
    fireEvent.click(screen.getByRole('button', { name: 'Order and pay' }));
    expect(screen.getByLabelText('How many bags (100 kg)')).toHaveAccessibleDescription(
      expect.stringContaining('Only 20 bags (100 kg) are left'),
    );
    expect(requests).toHaveLength(0);
  });

  it('sends the quantity as an exact decimal string, reading a decimal comma, and refuses a fourth decimal', async () => {
    const requests = installFakeFetch({
      [`POST ${ORDERS}`]: { status: 201, body: { id: ORDER_ID } },
      [`POST ${ORDERS}/${ORDER_ID}/pay`]: {
        status: 200,
        body: { authorization_url: CHECKOUT, reference: `gona-${ORDER_ID}` },
      },
    });
    renderWithProviders(<OrderPanel listing={listing} phone="+2348055551234" />);
    fill('How many bags (100 kg)', '2.0005');
    fireEvent.click(screen.getByRole('button', { name: 'Order and pay' }));
    expect(screen.getByLabelText('How many bags (100 kg)')).toHaveAccessibleDescription(
      expect.stringContaining('Use at most 3 decimals'),
    );
    // A decimal comma: 2.333 bags × ₦45,000 = ₦104,985.
    fill('How many bags (100 kg)', '2,333');
    expect(screen.getAllByText('₦104,985')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Order and pay' }));
    await waitFor(() => expect(goToCheckout).toHaveBeenCalledWith(CHECKOUT));
    const placed = requests.filter((r) => r.method === 'POST' && r.path === ORDERS);
    expect(placed[0]!.body).toMatchObject({ quantity: '2.333' });
    expect(requests.filter((r) => r.method === 'POST' && r.path === ORDERS)).toHaveLength(1);
  });

  it("shows the server's answer beside the quantity when someone else took the last bags", async () => {
    installFakeFetch({
      [`POST ${ORDERS}`]: {
        status: 409,
        body: {
          error: {
            code: 'CONFLICT',
            message: 'Only 2 bags (100 kg) are left',
            fields: { quantity: 'Only 2 bags (100 kg) are left' },
          },
        },
      },
    });
    renderWithProviders(<OrderPanel listing={listing} phone="+2348055551234" />);
    fireEvent.click(screen.getByRole('button', { name: 'Order and pay' }));
    await waitFor(() =>
      expect(screen.getByLabelText('How many bags (100 kg)')).toHaveAccessibleDescription(
        expect.stringContaining('Only 2 bags (100 kg) are left'),
      ),
    );
    expect(goToCheckout).not.toHaveBeenCalled();
  });

  it("offers no ordering on one's own farm's listing", () => {
    installFakeFetch({});
    renderWithProviders(<OrderPanel listing={listing} phone={null} ownFarm />);
    expect(screen.getByText("This is your farm's listing. Buyers order it here.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Order and pay' })).toBeNull();
  });
});
