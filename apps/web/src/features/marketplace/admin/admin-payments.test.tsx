import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { AdminOrder, AdminOrderPage, AdminPayment, AdminPaymentPage } from '@gona/shared/marketplace';
import { AppToaster } from '@/app/toaster';
import { loadNamespaces } from '@/i18n';
import { installFakeFetch, signedInRoutes, type FakeRequest } from '@/test/fake-fetch';
import { aMe, anId } from '@/test/fixtures';
import { renderAt, renderWithProviders } from '@/test/render';
import { anOrder } from '../test-fixtures';
import { AdminPayments } from './AdminPayments';

beforeAll(() => loadNamespaces(['marketplace', 'admin']));

const PAYMENT_ID = anId(0xb1);
const REFUND = `/api/admin/payments/${PAYMENT_ID}/refund`;
const ORDER_ID = anId(0x0d);

function aPayment(overrides: Partial<AdminPayment> = {}): AdminPayment {
  return {
    id: PAYMENT_ID,
    order_id: ORDER_ID,
    order_reference: `gona-${ORDER_ID}.2`,
    listing_title: 'White maize',
    reference: `gona-${ORDER_ID}`,
    status: 'extra',
    amount_kobo: 5_000_000,
    charged_kobo: 5_000_000,
    currency: 'NGN',
    charged_at: '2026-11-26T12:00:00.000Z',
    problem: `A second payment of an order already paid (paid by gona-${ORDER_ID}.2)`,
    refund_status: 'failed',
    needs_attention: true,
    created_at: '2026-11-26T11:50:00.000Z',
    ...overrides,
  };
}

function routes(waiting: () => AdminPayment[]) {
  return {
    ...signedInRoutes([]),
    'GET /api/me': { status: 200, body: aMe({ platform_role: 'admin' }) },
    'GET /api/admin/payments': (): { status: number; body: AdminPaymentPage } => ({
      status: 200,
      body: { items: waiting(), next_cursor: null },
    }),
  };
}

describe('/admin/payments', () => {
  it('lists payments waiting for staff with why, the amount and the order, in the back office menu', async () => {
    const requests = installFakeFetch(
      routes(() => [
        aPayment(),
        aPayment({
          id: anId(0xb2),
          order_id: null,
          order_reference: null,
          listing_title: null,
          reference: 'stray-1',
          charged_kobo: 250_000,
          problem: 'No order issued this reference',
          refund_status: null,
        }),
      ]),
    );
    renderAt('/admin/payments');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payments to refund' })).toBeInTheDocument();
    expect(
      await screen.findByText(`A second payment of an order already paid (paid by gona-${ORDER_ID}.2)`),
    ).toBeInTheDocument();
    expect(screen.getByText('₦50,000')).toBeInTheDocument();
    expect(screen.getByText('Its refund failed.')).toBeInTheDocument();
    expect(screen.getByText('No order issued this reference.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the order' })).toHaveAttribute(
      'href',
      `/admin/orders/${ORDER_ID}`,
    );
    expect(screen.getByRole('link', { name: 'Payments' })).toBeInTheDocument();
    expect(
      requests.some(
        (r: FakeRequest) => r.path.startsWith('/api/admin/payments?') && r.path.includes('status=attention'),
      ),
    ).toBe(true);
  });

  it('asks before refunding, refunds once however often it is tapped, and reads the list again', async () => {
    let refunded = false;
    const requests = installFakeFetch({
      ...routes(() => (refunded ? [] : [aPayment()])),
      [`POST ${REFUND}`]: () => {
        refunded = true;
        return { status: 200, body: aPayment({ refund_status: 'pending', needs_attention: false }) };
      },
    });
    renderWithProviders(
      <>
        <AdminPayments />
        <AppToaster />
      </>,
      { path: '/admin/payments' },
    );
    fireEvent.click(await screen.findByRole('button', { name: `Refund ₦50,000 on gona-${ORDER_ID}` }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Refund this payment?' });
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    const confirm = within(dialog).getByRole('button', { name: 'Refund' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(await screen.findByText('No payment waits for a refund.')).toBeInTheDocument();
    expect(
      await screen.findByText('Refund asked of Paystack. If it fails again, the payment comes back here.'),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([
      { method: 'POST', path: REFUND, body: null },
    ]);
  });
});

describe('/admin/orders', () => {
  it('flags an order with a payment that paid nothing', async () => {
    const page: AdminOrderPage = {
      next_cursor: null,
      items: [
        {
          id: ORDER_ID,
          reference: `gona-${ORDER_ID}`,
          status: 'paid',
          listing_title: 'White maize',
          farm_name: 'Green Acres',
          buyer_name: 'Bisi Adeyemi',
          total_kobo: 5_000_000,
          created_at: '2026-11-25T11:50:00.000Z',
          dispute_status: null,
          refund_status: null,
          payout_status: null,
          flag: 'A second payment of an order already paid',
        },
      ],
    };
    installFakeFetch({
      ...signedInRoutes([]),
      'GET /api/me': { status: 200, body: aMe({ platform_role: 'admin' }) },
      'GET /api/admin/orders': { status: 200, body: page },
    });
    renderAt('/admin/orders');
    expect(await screen.findByText('Payment needs a look')).toBeInTheDocument();
  });
});

describe('/admin/orders/:orderId', () => {
  it('lists every checkout reference of the order, what was charged on it and why a payment paid nothing', async () => {
    const detail: AdminOrder = {
      order: anOrder({ id: ORDER_ID, total_kobo: 5_000_000 }),
      buyer_email: 'bisi@example.com',
      flag: `A second payment of an order already paid (paid by gona-${ORDER_ID}.2)`,
      refunds: [],
      payments: [
        aPayment({ refund_status: 'processed', needs_attention: false }),
        aPayment({
          id: anId(0xb3),
          reference: `gona-${ORDER_ID}.2`,
          status: 'paid',
          problem: null,
          refund_status: null,
          needs_attention: false,
          charged_at: '2026-11-26T11:55:00.000Z',
        }),
      ],
      payout: null,
      dispute_id: null,
      ledger: [],
    };
    installFakeFetch({
      ...signedInRoutes([]),
      'GET /api/me': { status: 200, body: aMe({ platform_role: 'admin' }) },
      [`GET /api/admin/orders/${ORDER_ID}`]: { status: 200, body: detail },
    });
    renderAt(`/admin/orders/${ORDER_ID}`);
    const payments = await screen.findByRole('region', { name: 'Payments' });
    expect(within(payments).getByText(`gona-${ORDER_ID}.2`)).toBeInTheDocument();
    expect(
      within(payments).getByText('Paid nothing: refunded from suspense · ₦50,000 NGN · 26/11/2026 13:00'),
    ).toBeInTheDocument();
    expect(within(payments).getByText('Paid the order · ₦50,000 NGN · 26/11/2026 12:55')).toBeInTheDocument();
    expect(screen.getByText(`A payment of this order needs a look: ${detail.flag}`)).toBeInTheDocument();
  });
});
