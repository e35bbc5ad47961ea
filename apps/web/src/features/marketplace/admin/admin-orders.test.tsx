import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { AdminOrder, AdminOrderPage, AdminOrderSummary } from '@gona/shared/marketplace';
import { loadNamespaces } from '@/i18n';
import { installFakeFetch, signedInRoutes, type FakeRequest } from '@/test/fake-fetch';
import { aMe, anId } from '@/test/fixtures';
import { renderAt } from '@/test/render';
import { anOrder } from '../test-fixtures';

beforeAll(() => loadNamespaces(['marketplace', 'admin']));

const ORDER_ID = anId(0x0d);

function aSummary(overrides: Partial<AdminOrderSummary> = {}): AdminOrderSummary {
  return {
    id: ORDER_ID,
    reference: `gona-${ORDER_ID}`,
    status: 'completed',
    listing_title: 'White maize',
    farm_name: 'Green Acres',
    buyer_name: 'Bisi Adeyemi',
    total_kobo: 12_500_000,
    created_at: '2026-11-25T11:50:00.000Z',
    dispute_status: null,
    refund_status: null,
    payout_status: 'failed',
    flag: null,
    ...overrides,
  };
}

function page(items: AdminOrderSummary[]): AdminOrderPage {
  return { items, next_cursor: null };
}

/** A platform admin; the search answers `found` for any q and `all` for none. */
function routes(found: AdminOrderSummary[], all: AdminOrderSummary[] = [aSummary({ id: anId(0x0e) })]) {
  return {
    ...signedInRoutes([]),
    'GET /api/me': { status: 200, body: aMe({ platform_role: 'admin' }) },
    'GET /api/admin/orders': (request: FakeRequest) => ({
      status: 200,
      body: page(new URL(request.path, 'http://x').searchParams.get('q') ? found : all),
    }),
  };
}

const searches = (requests: FakeRequest[]) =>
  requests
    .filter((r) => r.method === 'GET' && r.path.startsWith('/api/admin/orders?'))
    .map((r) => new URL(r.path, 'http://x').searchParams.get('q'));

describe('/admin/orders', () => {
  it('lists the newest orders, then searches on Enter and links each result to its order', async () => {
    const requests = installFakeFetch(
      routes([aSummary({ dispute_status: 'resolved', refund_status: 'processed' })]),
    );
    renderAt('/admin/orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /White maize/ })).toHaveAttribute(
      'href',
      `/admin/orders/${anId(0x0e)}`,
    );
    expect(searches(requests)).toEqual([null]);

    const box = screen.getByRole('searchbox', { name: 'Search orders' });
    fireEvent.change(box, { target: { value: ' bisi@example.com ' } });
    // Typing alone asks nothing.
    expect(searches(requests)).toEqual([null]);
    // Enter in the box submits its form.
    fireEvent.submit(box.closest('form')!);
    const result = await screen.findByRole('link', { name: /Dispute: decided/ });
    expect(searches(requests)).toEqual([null, 'bisi@example.com']);
    expect(result).toHaveAttribute('href', `/admin/orders/${ORDER_ID}`);
    const card = within(result);
    expect(card.getByText('₦125,000')).toBeInTheDocument();
    expect(card.getByText(/Bisi Adeyemi bought from Green Acres/)).toBeInTheDocument();
    expect(card.getByText(`gona-${ORDER_ID}`)).toBeInTheDocument();
    expect(card.getByText('Completed')).toBeInTheDocument();
    expect(card.getByText('Refund: done')).toBeInTheDocument();
    expect(card.getByText('Payout: failed')).toBeInTheDocument();
  });

  it('searches with the button, says when nothing matches, and refuses a search over 200 characters', async () => {
    const requests = installFakeFetch(routes([]));
    renderAt('/admin/orders');
    const box = await screen.findByRole('searchbox', { name: 'Search orders' });
    fireEvent.change(box, { target: { value: 'Okoro' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No orders match “Okoro”.')).toBeInTheDocument();
    expect(searches(requests)).toContain('Okoro');

    fireEvent.change(box, { target: { value: 'x'.repeat(201) } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(box).toHaveAccessibleDescription(expect.stringContaining('Search with at most 200 characters'));
    expect(searches(requests).some((q) => q?.startsWith('xxx'))).toBe(false);
  });
});

describe('/admin/orders/:orderId', () => {
  it('shows the order, its refund, its payout and every ledger line with what is left on each account', async () => {
    const total = 12_500_000;
    const detail: AdminOrder = {
      order: anOrder({ status: 'completed', total_kobo: total, seller_amount_kobo: 11_875_000 }),
      buyer_email: 'bisi@example.com',
      flag: null,
      refunds: [
        {
          id: anId(0x7f),
          kind: 'short_delivery',
          amount_kobo: 2_500_000,
          status: 'processed',
          reason: 'One bag short on the scale',
          created_at: '2026-11-26T10:00:00.000Z',
          processed_at: '2026-11-26T10:05:00.000Z',
        },
      ],
      payments: [],
      payout: {
        id: anId(0xa1),
        order_id: ORDER_ID,
        order_reference: `gona-${ORDER_ID}`,
        listing_title: 'White maize',
        farm_id: anId(0xf1),
        farm_name: 'Green Acres',
        amount_kobo: 9_500_000,
        status: 'failed',
        tries: 3,
        failure: 'The bank did not accept the transfer.',
        bank_name: 'Zenith Bank',
        account_last4: '6789',
        held_because: null,
        hold_until: null,
        created_at: '2026-11-27T10:00:00.000Z',
        sent_at: '2026-11-27T10:01:00.000Z',
      },
      dispute_id: anId(0xd1),
      ledger: [
        line(1, 'payment', 'gateway', total),
        line(2, 'payment', 'held', -total),
        line(3, 'refund', 'held', 2_500_000, 2),
        line(4, 'refund', 'refunds_payable', -2_500_000, 2),
      ],
    };
    installFakeFetch({
      ...routes([]),
      [`GET /api/admin/orders/${ORDER_ID}`]: { status: 200, body: detail },
    });
    renderAt(`/admin/orders/${ORDER_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'White maize' })).toBeInTheDocument();
    expect(screen.getByText('bisi@example.com')).toBeInTheDocument();
    expect(screen.getByText('0805 555 1234')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the dispute' })).toHaveAttribute(
      'href',
      `/admin/disputes/${anId(0xd1)}`,
    );
    const refunds = within(screen.getByRole('region', { name: 'Refunds' }));
    expect(refunds.getByText('Short delivery')).toBeInTheDocument();
    expect(refunds.getByText(/₦25,000 · done/)).toBeInTheDocument();
    const payout = within(screen.getByRole('region', { name: 'Payout' }));
    expect(payout.getByText('₦95,000 · failed')).toBeInTheDocument();
    expect(payout.getByText('The bank did not accept the transfer.')).toBeInTheDocument();
    const ledger = within(screen.getByRole('region', { name: 'Ledger' }));
    expect(ledger.getByText('Payment')).toBeInTheDocument();
    expect(ledger.getByText('Refund asked')).toBeInTheDocument();
    // The payment's two lines, and Paystack's balance after.
    expect(ledger.getAllByText('+₦125,000')).toHaveLength(2);
    expect(ledger.getByText('-₦125,000')).toBeInTheDocument();
    // What is left: held −₦100,000 (still held for the order), refunds owed −₦25,000.
    const left = within(ledger.getByRole('heading', { name: 'Left on each account' }).parentElement!);
    expect(left.getByText('Held for the order').nextSibling).toHaveTextContent('-₦100,000');
    expect(left.getByText('Refunds owed').nextSibling).toHaveTextContent('-₦25,000');
    expect(left.getByText('At Paystack').nextSibling).toHaveTextContent('+₦125,000');
  });
});

function line(
  n: number,
  kind: string,
  account: AdminOrder['ledger'][number]['account'],
  amount: number,
  txn = 1,
) {
  return {
    id: anId(0x100 + n),
    txn_id: anId(0x200 + txn),
    kind,
    account,
    amount_kobo: amount,
    created_at: `2026-11-2${4 + txn}T10:00:00.000Z`,
  };
}
