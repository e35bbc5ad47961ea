import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Order } from '@gona/shared/marketplace';
import { loadNamespaces } from '@/i18n';
import { installFakeFetch } from '@/test/fake-fetch';
import { anId, FARM_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { OrderDetail } from './OrderDetail';
import { OrderSales } from './OrderSales';

beforeAll(() => loadNamespaces(['marketplace']));

const FARM_ORDERS = `/api/farms/${FARM_ID}/orders`;

function anOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: anId(0x0d),
    listing_id: anId(0x1a),
    listing_title: 'White maize',
    farm_id: FARM_ID,
    farm_name: 'Green Acres',
    buyer_id: anId(0x0b),
    buyer_name: 'Bisi Adeyemi',
    status: 'paid',
    quantity: 5,
    unit: 'bag_100kg',
    unit_price_kobo: 2_500_000,
    subtotal_kobo: 12_500_000,
    delivery: 'pickup',
    delivery_fee_kobo: 0,
    total_kobo: 12_500_000,
    buyer_phone: '+2348055551234',
    seller_phone: null,
    delivery_address: null,
    note: null,
    reference: `gona-${anId(0x0d)}`,
    expires_at: '2026-11-25T12:30:00.000Z',
    accept_by: '2026-11-27T12:00:00.000Z',
    paid_at: '2026-11-25T12:00:00.000Z',
    decided_at: null,
    cancel_reason: null,
    refund: null,
    created_at: '2026-11-25T11:50:00.000Z',
    version: 2,
    ...overrides,
  };
}

const page = (items: Order[]) => ({ status: 200, body: { items, next_cursor: null } });

describe('OrderSales', () => {
  it("shows a paid order with the buyer's phone and accepts it after a question, with its version", async () => {
    const requests = installFakeFetch({
      [`GET ${FARM_ORDERS}`]: page([
        anOrder(),
        anOrder({ id: anId(0x0e), status: 'placed', buyer_phone: null, paid_at: null }),
      ]),
      [`POST ${FARM_ORDERS}/${anId(0x0d)}/accept`]: {
        status: 200,
        body: anOrder({ status: 'accepted', version: 3 }),
      },
    });
    renderWithProviders(<OrderSales farmId={FARM_ID} role="manager" />);
    const list = await screen.findByRole('list', { name: 'Orders from buyers' });
    const [paid, placed] = within(list).getAllByRole('listitem');
    expect(within(paid!).getByText('5 bags (100 kg) · ₦125,000')).toBeInTheDocument();
    expect(within(paid!).getByRole('link', { name: '0805 555 1234' })).toHaveAttribute(
      'href',
      'tel:+2348055551234',
    );
    expect(within(placed!).getByText('Waiting for payment')).toBeInTheDocument();
    expect(within(placed!).queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(within(placed!).queryByText(/Buyer's phone/)).toBeNull();

    fireEvent.click(within(paid!).getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Accept this order?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')).toEqual({
        method: 'POST',
        path: `${FARM_ORDERS}/${anId(0x0d)}/accept`,
        body: { version: 2 },
      }),
    );
  });

  it('lets viewers read but not decide', async () => {
    installFakeFetch({ [`GET ${FARM_ORDERS}`]: page([anOrder()]) });
    renderWithProviders(<OrderSales farmId={FARM_ID} role="viewer" />);
    await screen.findByRole('list', { name: 'Orders from buyers' });
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull();
  });
});

describe('OrderDetail back from the payment page', () => {
  it("shows only what the server says, and the seller's phone once paid", async () => {
    let answers = 0;
    installFakeFetch({
      [`GET /api/marketplace/orders/${anId(0x0d)}`]: () => {
        answers += 1;
        return answers === 1
          ? { status: 200, body: anOrder({ status: 'placed', paid_at: null, accept_by: null }) }
          : { status: 200, body: anOrder({ seller_phone: '+2348031234567' }) };
      },
    });
    renderWithProviders(<OrderDetail orderId={anId(0x0d)} returning />);
    expect(await screen.findByText('Checking your payment…')).toBeInTheDocument();
    expect(
      await screen.findByText('Payment received. Gona holds it until your order is settled.', undefined, {
        timeout: 4000,
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '0803 123 4567' })).toHaveAttribute('href', 'tel:+2348031234567');
  });
});
