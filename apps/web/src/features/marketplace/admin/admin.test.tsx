import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AdminDispute, Dispute } from '@gona/shared/marketplace';
import { loadNamespaces } from '@/i18n';
import { installFakeFetch, signedInRoutes } from '@/test/fake-fetch';
import { aMe, anId } from '@/test/fixtures';
import { renderAt, renderWithProviders } from '@/test/render';
import { aDispatchedOrder } from '../test-fixtures';
import { DecideForm } from './DecideForm';

beforeAll(() => loadNamespaces(['marketplace']));

const DISPUTE_ID = anId(0xd1);
const DECIDE = `/api/admin/disputes/${DISPUTE_ID}/decide`;

function aDispute(overrides: Partial<Dispute> = {}): Dispute {
  return {
    id: DISPUTE_ID,
    order_id: anId(0x0d),
    reason: 'damaged',
    message: 'Two bags were torn and wet.',
    photos: [],
    answer: 'They left the farm dry.',
    answer_photos: [],
    answered_at: '2026-11-26T13:00:00.000Z',
    answer_by: 'Amaka Okafor',
    answer_by_time: '2026-11-28T12:00:00.000Z',
    status: 'answered',
    outcome: null,
    refund_kobo: null,
    decision_reason: null,
    decided_at: null,
    created_at: '2026-11-26T12:00:00.000Z',
    ...overrides,
  };
}

function anAdminDispute(): AdminDispute {
  const dispute = aDispute();
  return { order: aDispatchedOrder({ status: 'disputed', delivery_code: null, dispute }), dispute };
}

function signedIn(platform_role: 'admin' | null) {
  return {
    ...signedInRoutes([]),
    'GET /api/me': { status: 200, body: aMe({ platform_role }) },
  };
}

describe('/admin', () => {
  it('shows a platform admin the disputes queue', async () => {
    installFakeFetch({
      ...signedIn('admin'),
      'GET /api/admin/disputes': {
        status: 200,
        body: {
          items: [
            {
              id: DISPUTE_ID,
              order_id: anId(0x0d),
              listing_title: 'White maize',
              farm_name: 'Green Acres',
              buyer_name: 'Bisi Adeyemi',
              total_kobo: 12_500_000,
              reason: 'damaged',
              status: 'answered',
              unanswered: false,
              created_at: '2026-11-26T12:00:00.000Z',
            },
            {
              id: anId(0xd2),
              order_id: anId(0x0e),
              listing_title: 'Yellow maize',
              farm_name: 'Green Acres',
              buyer_name: 'Tunde Bello',
              total_kobo: 5_000_000,
              reason: 'not_delivered',
              status: 'open',
              unanswered: true,
              created_at: '2026-11-26T12:30:00.000Z',
            },
          ],
          next_cursor: null,
        },
      },
    });
    renderAt('/admin');
    expect(await screen.findByRole('heading', { name: 'Disputes' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /White maize/ })).toHaveAttribute(
      'href',
      `/admin/disputes/${DISPUTE_ID}`,
    );
    expect(screen.getByText('Seller answered')).toBeInTheDocument();
    expect(screen.getByText('No answer in time')).toBeInTheDocument();
  });

  it('shows anyone else the not-found screen and asks nothing of the admin API', async () => {
    const requests = installFakeFetch(signedIn(null));
    renderAt('/admin');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(requests.some((r) => r.path.startsWith('/api/admin'))).toBe(false);
  });
});

describe('DecideForm', () => {
  it('asks for a decision, an amount for a partial refund and a reason, beside each', async () => {
    const requests = installFakeFetch({});
    renderWithProviders(<DecideForm dispute={anAdminDispute()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Decide' }));
    expect(await screen.findByText('Choose a decision')).toBeInTheDocument();
    expect(screen.getByLabelText('Reason')).toHaveAccessibleDescription(
      expect.stringContaining('Write at least 10 characters'),
    );
    fireEvent.click(screen.getByLabelText('Refund part to the buyer'));
    fireEvent.click(screen.getByRole('button', { name: 'Decide' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Amount to refund (₦)')).toHaveAccessibleDescription(
        expect.stringContaining('Enter an amount in naira'),
      ),
    );
    expect(requests).toHaveLength(0);
  });

  it('asks before it sends, then sends the decision once', async () => {
    const requests = installFakeFetch({ [`POST ${DECIDE}`]: { status: 200, body: anAdminDispute() } });
    renderWithProviders(<DecideForm dispute={anAdminDispute()} />);
    fireEvent.click(screen.getByLabelText('Refund part to the buyer'));
    fireEvent.change(screen.getByLabelText('Amount to refund (₦)'), { target: { value: '25,000' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'One bag was torn and wet.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Decide' }));
    expect(
      await screen.findByText(
        '₦25,000 goes back to the buyer and the seller is paid the rest. This cannot be undone.',
      ),
    ).toBeInTheDocument();
    expect(requests).toHaveLength(0);
    const confirm = screen.getByRole('button', { name: 'Send decision' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(requests.filter((r) => r.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: DECIDE,
        body: { outcome: 'partial_refund', refund_kobo: 2_500_000, reason: 'One bag was torn and wet.' },
      },
    ]);
  });
});
