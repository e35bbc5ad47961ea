import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Order } from '@gona/shared/marketplace';
import { loadNamespaces } from '@/i18n';
import { installFakeFetch } from '@/test/fake-fetch';
import { anId } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { aDispatchedOrder, anOrder } from '../test-fixtures';
import { OrderDetail } from './OrderDetail';

beforeAll(() => loadNamespaces(['marketplace']));
afterEach(() => vi.useRealTimers());

const ORDER = `/api/marketplace/orders/${anId(0x0d)}`;
const CODE_WORDS = 'Give it to the driver only when you have the produce.';

/** The buyer's order page, answered `order` (or each of `orders` in turn, the last one after). */
function showOrder(...orders: Order[]) {
  let answers = 0;
  const requests = installFakeFetch({
    [`GET ${ORDER}`]: () => ({ status: 200, body: orders[Math.min(answers++, orders.length - 1)] }),
    [`POST ${ORDER}/received`]: { status: 200, body: orders[orders.length - 1] },
    [`POST ${ORDER}/cancel`]: { status: 200, body: orders[orders.length - 1] },
  });
  renderWithProviders(<OrderDetail orderId={anId(0x0d)} />);
  return requests;
}

describe('OrderDetail back from the payment page', () => {
  it("shows only what the server says, and the seller's phone once paid", async () => {
    let answers = 0;
    installFakeFetch({
      [`GET ${ORDER}`]: () => {
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

describe('OrderDetail for the buyer once accepted', () => {
  it('shows the delivery code big, with the driver, only while the order is on its way', async () => {
    showOrder(aDispatchedOrder({ delivery_code: '123456' }));
    expect(await screen.findByText('123 456')).toBeInTheDocument();
    expect(screen.getByText('Your delivery code:')).toBeInTheDocument();
    expect(screen.getByText(CODE_WORDS)).toBeInTheDocument();
    expect(screen.getByText('On its way')).toBeInTheDocument();
    expect(screen.getByText('Driver: Musa Ibrahim')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '0803 123 4567' })).toHaveAttribute('href', 'tel:+2348031234567');
    expect(screen.getByText('Expected on 27/11/2026')).toBeInTheDocument();
  });

  it('shows no code before dispatch or after delivery, even if one came along', async () => {
    showOrder(
      aDispatchedOrder({
        status: 'delivered',
        delivery_code: '123456',
        delivered_quantity: '5',
        delivered_at: '2026-11-27T09:00:00.000Z',
        complete_by: '2026-11-30T09:00:00.000Z',
      }),
    );
    expect(
      await screen.findByText(
        'Completes on 30/11/2026 10:00; then the seller is paid. Something wrong? Report a problem before then.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Delivered: 5 bags (100 kg)')).toBeInTheDocument();
    expect(screen.queryByText('123 456')).toBeNull();
    expect(screen.queryByText(CODE_WORDS)).toBeNull();
    expect(screen.queryByRole('button', { name: 'I have received it' })).toBeNull();
  });

  it('confirms receipt after saying what it means, sending the version seen once', async () => {
    const delivered = aDispatchedOrder({
      status: 'delivered',
      delivered_quantity: '5',
      delivered_at: '2026-11-27T09:00:00.000Z',
      complete_by: '2026-11-30T09:00:00.000Z',
      version: 5,
    });
    const requests = showOrder(aDispatchedOrder({ delivery_code: '123456' }), delivered);
    fireEvent.click(await screen.findByRole('button', { name: 'I have received it' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Have you received the produce?' });
    expect(dialog).toHaveAccessibleDescription(
      expect.stringContaining('Only confirm when you have the produce. You then have 72 hours (24 for fresh'),
    );
    const confirm = within(dialog).getByRole('button', { name: 'I have received it' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(requests.filter((r) => r.method === 'POST')).toEqual([
      { method: 'POST', path: `${ORDER}/received`, body: { version: 4 } },
    ]);
    expect(await screen.findByText('Delivered')).toBeInTheDocument();
    expect(screen.queryByText('123 456')).toBeNull();
  });

  it('says when the seller should dispatch, and offers no cancelling before that day', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T10:00:00.000Z'));
    showOrder(anOrder({ status: 'accepted', accept_by: null, dispatch_by: '2026-11-28T13:00:00.000Z' }));
    expect(await screen.findByText('The seller dispatches it by 28/11/2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('offers cancelling for a full refund once the seller has not dispatched by the agreed day', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T14:00:00.000Z'));
    const requests = showOrder(
      anOrder({ status: 'accepted', accept_by: null, dispatch_by: '2026-11-28T13:00:00.000Z' }),
      anOrder({ status: 'cancelled', cancel_reason: 'You cancelled: not dispatched in time', version: 3 }),
    );
    expect(
      await screen.findByText(
        'The seller has not dispatched by 28/11/2026. You can cancel for a full refund.',
      ),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this order?' });
    expect(dialog).toHaveAccessibleDescription('You are refunded ₦125,000 in full.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([`${ORDER}/cancel`]),
    );
  });
});

describe('OrderDetail for a buyer who paid twice', () => {
  it('shows one paid order and the second payment refunded, with its day', async () => {
    showOrder(
      anOrder({
        total_kobo: 5_000_000,
        extra_payments: [
          {
            amount_kobo: 5_000_000,
            reason: 'second',
            refund_status: 'processed',
            paid_at: '2026-11-25T12:10:00.000Z',
            refunded_at: '2026-11-25T23:30:00.000Z',
          },
          {
            amount_kobo: 100_000,
            reason: 'mismatch',
            refund_status: 'pending',
            paid_at: '2026-11-25T12:20:00.000Z',
            refunded_at: null,
          },
        ],
      }),
    );
    // 23:30 UTC is the next day in Lagos.
    expect(
      await screen.findByText('A second payment of ₦50,000 was refunded to you on 26/11/2026'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('A payment of ₦1,000 that did not match this order is being refunded to you'),
    ).toBeInTheDocument();
    expect(screen.getByText('Paid, held by Gona')).toBeInTheDocument();
  });
});
