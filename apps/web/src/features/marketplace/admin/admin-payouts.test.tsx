import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminPayout, AdminPayoutPage } from '@gona/shared/marketplace';
import { AppToaster } from '@/app/toaster';
import { loadNamespaces } from '@/i18n';
import { installFakeFetch, signedInRoutes, type FakeRequest } from '@/test/fake-fetch';
import { aMe, anId } from '@/test/fixtures';
import { renderAt, renderWithProviders } from '@/test/render';
import { AdminPayouts } from './AdminPayouts';

beforeAll(() => loadNamespaces(['marketplace', 'admin']));

const PAYOUT_ID = anId(0xa1);
const RETRY = `/api/admin/payouts/${PAYOUT_ID}/retry`;

function aFailedPayout(overrides: Partial<AdminPayout> = {}): AdminPayout {
  return {
    id: PAYOUT_ID,
    order_id: anId(0x0d),
    order_reference: `gona-${anId(0x0d)}`,
    listing_title: 'White maize',
    farm_id: anId(0xf1),
    farm_name: 'Green Acres',
    amount_kobo: 11_875_000,
    status: 'failed',
    tries: 3,
    failure: 'The bank did not accept the transfer. The payout was tried 3 times and waits for Gona support.',
    bank_name: 'Zenith Bank',
    account_last4: '6789',
    held_because: null,
    hold_until: null,
    created_at: '2026-11-26T12:00:00.000Z',
    sent_at: '2026-11-26T12:03:00.000Z',
    ...overrides,
  };
}

const HELD: AdminPayout = aFailedPayout({
  id: anId(0xa2),
  farm_name: 'Okoro Palms',
  amount_kobo: 5_000_050,
  status: 'pending',
  tries: 0,
  failure: null,
  bank_name: null,
  account_last4: null,
  held_because: 'no_account',
  sent_at: null,
});

function page(items: AdminPayout[]): AdminPayoutPage {
  return { items, next_cursor: null };
}

/** A platform admin; the failed list holds the payout until it is sent again. */
function routes(failed: () => AdminPayout[]) {
  return {
    ...signedInRoutes([]),
    'GET /api/me': { status: 200, body: aMe({ platform_role: 'admin' }) },
    'GET /api/admin/payouts': (request: FakeRequest) => ({
      status: 200,
      body: page(request.path.includes('status=held') ? [HELD] : failed()),
    }),
  };
}

/** The screen with the toaster, as the back office shows it. */
function renderPayouts() {
  return renderWithProviders(
    <>
      <AdminPayouts />
      <AppToaster />
    </>,
    { path: '/admin/payouts' },
  );
}

const gets = (requests: FakeRequest[]) =>
  requests.filter((r) => r.method === 'GET' && r.path.startsWith('/api/admin/payouts'));

describe('/admin/payouts', () => {
  it('shows failed payouts with the farm, the amount in naira, the reason and the tries, then the held ones', async () => {
    const requests = installFakeFetch(routes(() => [aFailedPayout()]));
    renderAt('/admin/payouts');
    expect(await screen.findByRole('heading', { name: 'Green Acres' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Payouts' })).toBeInTheDocument();
    expect(screen.getByText('₦118,750')).toBeInTheDocument();
    expect(
      screen.getByText(
        'The bank did not accept the transfer. The payout was tried 3 times and waits for Gona support.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Tried 3 times · Bank: Zenith Bank ••••6789')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Failed' })).toHaveAttribute('aria-pressed', 'true');
    expect(gets(requests).at(-1)?.path).toContain('status=failed');
    expect(screen.getByRole('link', { name: 'See the order' })).toHaveAttribute(
      'href',
      `/admin/orders/${anId(0x0d)}`,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Held' }));
    expect(await screen.findByRole('heading', { name: 'Okoro Palms' })).toBeInTheDocument();
    expect(gets(requests).at(-1)?.path).toContain('status=held');
    expect(
      screen.getByText('The farm has no payout account yet. It waits until the owner adds one.'),
    ).toBeInTheDocument();
    expect(screen.getByText('₦50,000.50')).toBeInTheDocument();
    expect(screen.getByText(/Not sent yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Send again/ })).not.toBeInTheDocument();
  });

  it('asks before sending a payout again, sends it once however often it is tapped, and reads the list again', async () => {
    let retried = false;
    const requests = installFakeFetch({
      ...routes(() => (retried ? [] : [aFailedPayout()])),
      [`POST ${RETRY}`]: () => {
        retried = true;
        return { status: 200, body: aFailedPayout({ status: 'pending', failure: null }) };
      },
    });
    renderPayouts();
    fireEvent.click(await screen.findByRole('button', { name: 'Send again: ₦118,750 to Green Acres' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Send this payout again?' });
    expect(
      within(dialog).getByText(
        "₦118,750 to Green Acres goes in the next payout run, to the farm's payout account as it is then.",
      ),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    const before = gets(requests).length;
    const confirm = within(dialog).getByRole('button', { name: 'Send again' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(await screen.findByText('No failed payouts.')).toBeInTheDocument();
    expect(await screen.findByText('Payout sent again. It goes in the next payout run.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([
      { method: 'POST', path: RETRY, body: null },
    ]);
    expect(gets(requests).length).toBeGreaterThan(before);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('says why when the payout cannot be sent again, and keeps the list', async () => {
    const requests = installFakeFetch({
      ...routes(() => [aFailedPayout()]),
      [`POST ${RETRY}`]: {
        status: 409,
        body: {
          error: { code: 'CONFLICT', message: 'This payout is already paid. It cannot be sent again.' },
        },
      },
    });
    renderPayouts();
    fireEvent.click(await screen.findByRole('button', { name: 'Send again: ₦118,750 to Green Acres' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Send again: ₦118,750 to Green Acres' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Send again' }),
    );
    expect(
      await screen.findByText('This payout is already paid. It cannot be sent again.'),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Green Acres' })).toBeInTheDocument();
  });
});
