import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Order } from '@gona/shared/marketplace';
import { loadNamespaces } from '@/i18n';
import { installFakeFetch } from '@/test/fake-fetch';
import { anId, FARM_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { aDispatchedOrder, anOrder, aPayout, aPayoutAccount } from '../test-fixtures';
import { OrderSales } from './OrderSales';

beforeAll(() => loadNamespaces(['marketplace']));
// The day the orders below were accepted: dispatch is due by the 28th.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-27T10:00:00.000Z'));
});
afterEach(() => vi.useRealTimers());

const FARM_ORDERS = `/api/farms/${FARM_ID}/orders`;

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

  it('lets viewers read but not decide, and keeps the payouts from them', async () => {
    const requests = installFakeFetch({ [`GET ${FARM_ORDERS}`]: page([anOrder()]) });
    renderWithProviders(<OrderSales farmId={FARM_ID} role="viewer" />);
    await screen.findByRole('list', { name: 'Orders from buyers' });
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Payouts' })).toBeNull();
    expect(requests.some((r) => r.path.includes('payout'))).toBe(false);
  });

  it("shows a manager the farm's payout account and a few payouts above the orders", async () => {
    const requests = installFakeFetch({
      [`GET ${FARM_ORDERS}`]: page([anOrder()]),
      [`GET /api/farms/${FARM_ID}/payout-account`]: { status: 200, body: aPayoutAccount() },
      [`GET /api/farms/${FARM_ID}/payouts`]: { status: 200, body: { items: [aPayout()], next_cursor: null } },
    });
    renderWithProviders(<OrderSales farmId={FARM_ID} role="manager" />);
    expect(screen.getByRole('heading', { name: 'Payouts' })).toBeInTheDocument();
    const account = screen.getByRole('region', { name: 'Payout account' });
    expect(await within(account).findByText('••••1234')).toBeInTheDocument();
    const payouts = await screen.findByRole('list', { name: 'Payouts to your bank' });
    expect(within(payouts).getByText('Waiting to be sent')).toBeInTheDocument();
    expect(requests.map((r) => r.path)).toContain(`/api/farms/${FARM_ID}/payouts?limit=5`);
    await screen.findByRole('list', { name: 'Orders from buyers' });
  });

  const later = [
    anOrder({ id: anId(0x21), status: 'accepted', accept_by: null, dispatch_by: '2026-11-28T13:00:00.000Z' }),
    aDispatchedOrder({ id: anId(0x22) }),
    aDispatchedOrder({
      id: anId(0x23),
      status: 'delivered',
      delivered_quantity: '4.5',
      delivered_at: '2026-11-27T09:00:00.000Z',
      complete_by: '2026-11-30T09:00:00.000Z',
    }),
    aDispatchedOrder({
      id: anId(0x24),
      status: 'completed',
      delivered_quantity: '5',
      delivered_at: '2026-11-27T09:00:00.000Z',
      complete_by: '2026-11-30T09:00:00.000Z',
      completed_at: '2026-11-30T09:00:00.000Z',
      seller_amount_kobo: 11_875_000,
      payout: { status: 'sent', paid_at: null, failure: null },
    }),
  ];

  it('offers owners "Mark dispatched" on an accepted order and "Record delivery" on a dispatched one, and says what follows', async () => {
    installFakeFetch({ [`GET ${FARM_ORDERS}`]: page(later) });
    renderWithProviders(<OrderSales farmId={FARM_ID} role="owner" />);
    const list = await screen.findByRole('list', { name: 'Orders from buyers' });
    const [accepted, dispatched, delivered, completed] = within(list).getAllByRole('listitem');

    expect(within(accepted!).getByText('Dispatch by 28/11/2026')).toBeInTheDocument();
    expect(within(accepted!).getByRole('button', { name: 'Mark dispatched' })).toBeInTheDocument();
    expect(within(accepted!).queryByRole('button', { name: 'Record delivery' })).toBeNull();

    expect(within(dispatched!).getByText('On its way')).toBeInTheDocument();
    expect(within(dispatched!).getByText('Expected on 27/11/2026')).toBeInTheDocument();
    expect(within(dispatched!).getByText('Driver: Musa Ibrahim')).toBeInTheDocument();
    expect(within(dispatched!).getByRole('link', { name: '0803 123 4567' })).toHaveAttribute(
      'href',
      'tel:+2348031234567',
    );
    expect(within(dispatched!).getByText('Vehicle: White Hiace, LAG 123 AB')).toBeInTheDocument();
    expect(within(dispatched!).getByRole('button', { name: 'Record delivery' })).toBeInTheDocument();
    expect(within(dispatched!).queryByRole('button', { name: 'Mark dispatched' })).toBeNull();
    // The code is the buyer's to give; the seller never sees it.
    expect(within(dispatched!).queryByText(/delivery code/)).toBeNull();

    expect(within(delivered!).getByText(/^Delivered: 4\.5 bags \(100 kg\)/)).toBeInTheDocument();
    expect(within(delivered!).getByText('Short by 0.5 bags (100 kg) · ₦12,500 refunded')).toBeInTheDocument();
    expect(
      within(delivered!).getByText('Completes on 30/11/2026 10:00 unless the buyer reports a problem'),
    ).toBeInTheDocument();
    expect(within(completed!).getByText('Completed')).toBeInTheDocument();
    expect(within(completed!).getByText('₦118,750 due to your farm')).toBeInTheDocument();
    expect(within(completed!).getByText('On its way to your bank')).toBeInTheDocument();
    expect(within(completed!).queryByText(/Short by/)).toBeNull();
    expect(within(delivered!).queryByRole('button')).toBeNull();
    // A completed order offers only rating the buyer.
    expect(
      within(completed!)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Rate the buyer']);
  });

  it("says under a completed order's amount whether its payout waits, was paid or failed", async () => {
    const completed = later[3]!;
    installFakeFetch({
      [`GET ${FARM_ORDERS}`]: page([
        { ...completed, id: anId(0x31), payout: { status: 'pending', paid_at: null, failure: null } },
        {
          ...completed,
          id: anId(0x32),
          payout: { status: 'paid', paid_at: '2026-12-01T08:30:00.000Z', failure: null },
        },
        {
          ...completed,
          id: anId(0x33),
          payout: { status: 'failed', paid_at: null, failure: 'The account is closed' },
        },
      ]),
    });
    renderWithProviders(<OrderSales farmId={FARM_ID} role="viewer" />);
    const list = await screen.findByRole('list', { name: 'Orders from buyers' });
    const [pending, paid, failed] = within(list).getAllByRole('listitem');
    expect(within(pending!).getByText('Waiting to be sent')).toBeInTheDocument();
    expect(within(paid!).getByText('Paid on 01/12/2026')).toBeInTheDocument();
    expect(
      within(failed!).getByText('Failed: The account is closed. Gona support will contact you'),
    ).toBeInTheDocument();
  });

  it('tells the seller when dispatch is late that the buyer may cancel', async () => {
    vi.setSystemTime(new Date('2026-11-28T14:00:00.000Z'));
    installFakeFetch({ [`GET ${FARM_ORDERS}`]: page(later.slice(0, 1)) });
    renderWithProviders(<OrderSales farmId={FARM_ID} role="owner" />);
    expect(
      await screen.findByText('Not dispatched by 28/11/2026: the buyer may now cancel for a full refund'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark dispatched' })).toBeInTheDocument();
  });

  it('shows a pickup order ready for pickup, and lets viewers read the steps but not take them', async () => {
    installFakeFetch({
      [`GET ${FARM_ORDERS}`]: page([
        ...later.slice(0, 2),
        aDispatchedOrder({
          id: anId(0x25),
          delivery: 'pickup',
          dispatch: {
            expected_on: '2026-11-27',
            driver_name: null,
            driver_phone: null,
            vehicle: null,
            dispatched_at: '2026-11-26T08:00:00.000Z',
          },
        }),
      ]),
    });
    renderWithProviders(<OrderSales farmId={FARM_ID} role="viewer" />);
    const list = await screen.findByRole('list', { name: 'Orders from buyers' });
    const [accepted, dispatched, pickup] = within(list).getAllByRole('listitem');
    expect(within(accepted!).getByText('Dispatch by 28/11/2026')).toBeInTheDocument();
    expect(within(dispatched!).getByText('Driver: Musa Ibrahim')).toBeInTheDocument();
    expect(within(pickup!).getByText('Ready for pickup')).toBeInTheDocument();
    expect(within(pickup!).getByText('Ready for pickup from 27/11/2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark dispatched' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Record delivery' })).toBeNull();
  });

  it('opens the dispatch and delivery forms for the order tapped', async () => {
    installFakeFetch({ [`GET ${FARM_ORDERS}`]: page(later.slice(0, 2)) });
    renderWithProviders(<OrderSales farmId={FARM_ID} role="manager" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Mark dispatched' }));
    const ready = await screen.findByRole('dialog', { name: 'Ready for pickup' });
    expect(within(ready).getByLabelText('Ready for pickup on')).toBeInTheDocument();
    fireEvent.click(within(ready).getByRole('button', { name: 'Close' }));
    fireEvent.click(screen.getByRole('button', { name: 'Record delivery' }));
    const record = await screen.findByRole('dialog', { name: 'Record delivery' });
    expect(within(record).getByLabelText('How many bags (100 kg) were delivered')).toHaveValue('5');
  });
});
