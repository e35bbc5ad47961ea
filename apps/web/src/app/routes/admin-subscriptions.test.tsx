import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { anAdminSubscription, anAdminSummary } from '@/features/billing/test-fixtures';
import { installFakeFetch, signedInRoutes, type FakeRequest } from '@/test/fake-fetch';
import { aMe, anId, FARM_ID } from '@/test/fixtures';
import { renderAt } from '@/test/render';

const LIST = '/api/admin/subscriptions';
const ONE = `${LIST}/${FARM_ID}`;

function admin(routes: Record<string, unknown>) {
  return {
    ...signedInRoutes([]),
    'GET /api/me': { status: 200, body: aMe({ platform_role: 'admin' }) },
    ...routes,
  } as Parameters<typeof installFakeFetch>[0];
}

describe('the back office’s subscriptions', () => {
  it('lists farms with their state, how they pay and their last payment, narrowed by state and search', async () => {
    const lapsed = anAdminSummary({
      farm_id: anId(0xf2),
      farm_name: 'Bisi Farms',
      owner_email: 'bisi@example.com',
      state: 'past_due',
      grace_ends_at: '2027-12-05T09:00:00.000Z',
    });
    const requests = installFakeFetch(
      admin({
        [`GET ${LIST}`]: (request: FakeRequest) => {
          const params = new URL(request.path, 'http://x').searchParams;
          const rows = params.get('state') === 'past_due' ? [lapsed] : [anAdminSummary(), lapsed];
          return { status: 200, body: { items: rows, next_cursor: null } };
        },
      }),
    );
    renderAt('/admin/subscriptions');
    const list = await screen.findByRole('list', { name: 'Subscriptions' });
    const green = within(list).getByRole('link', { name: 'Open Green Acres' });
    expect(green).toHaveAttribute('href', `/admin/subscriptions/${FARM_ID}`);
    expect(green).toHaveTextContent('Card, renews every year · Until 28/11/2027 · Last paid 28/11/2026');
    expect(within(list).getByRole('link', { name: 'Open Bisi Farms' })).toHaveTextContent(
      'Grace until 05/12/2027',
    );
    expect(screen.getByRole('link', { name: 'Subscriptions', current: 'page' })).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'past_due' } });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Open Green Acres' })).toBeNull());
    expect(await screen.findByRole('link', { name: 'Open Bisi Farms' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Farm name or owner's email"), { target: { value: 'bisi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(requests.some((r) => r.path.startsWith(`${LIST}?`) && r.path.includes('q=bisi'))).toBe(true),
    );
    expect(requests.find((r) => r.path.includes('q=bisi'))?.path).toContain('state=past_due');
  });

  it('shows one farm’s payments and grants, and grants Pro to a day with a reason', async () => {
    const granted = anAdminSubscription({
      method: 'granted',
      renews: false,
      period_end: '2027-01-31T22:59:59.000Z',
      grants: [
        {
          id: anId(0xa1),
          until: '2027-01-31',
          reason: 'Paid by transfer to our account; Paystack was down',
          granted_by_email: 'support@gona.test',
          created_at: '2026-12-01T09:00:00.000Z',
        },
      ],
    });
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: {
        error: {
          code: 'VALIDATION',
          message: 'Check the form',
          fields: { until: 'Choose a day after today' },
        },
      },
    };
    let current = anAdminSubscription();
    const requests = installFakeFetch(
      admin({
        [`GET ${ONE}`]: () => ({ status: 200, body: current }),
        [`POST ${ONE}/grant`]: () => {
          if (answer.status === 200) current = granted;
          return answer;
        },
      }),
    );
    renderAt(`/admin/subscriptions/${FARM_ID}`);
    expect(await screen.findByRole('heading', { name: 'Green Acres' })).toBeInTheDocument();
    const payments = screen.getByRole('list', { name: 'Payments' });
    expect(within(payments).getByText('GP-000042 · ₦60,000 on 28/11/2026')).toBeInTheDocument();
    expect(within(payments).getByText('Reference gona-pro-0190')).toBeInTheDocument();
    expect(screen.getByText('Support has not given this farm Pro.')).toBeInTheDocument();
    expect(screen.getByText('SUB_abc123')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Grant or extend Pro' }));
    const dialog = screen.getByRole('dialog', { name: 'Grant or extend Pro for Green Acres' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Grant Pro' }));
    expect(within(dialog).getByLabelText('Last day of Pro')).toHaveAccessibleDescription(
      expect.stringContaining('Choose the last day of Pro'),
    );
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Last day of Pro'), { target: { value: '2027-01-31' } });
    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: 'Paid by transfer to our account; Paystack was down' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Grant Pro' }));
    expect(await within(dialog).findByText('Choose a day after today')).toBeInTheDocument();

    answer = { status: 200, body: granted };
    fireEvent.click(within(dialog).getByRole('button', { name: 'Grant Pro' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      await screen.findByText(
        'Until 31/01/2027, by support@gona.test: Paid by transfer to our account; Paystack was down',
      ),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { until: '2027-01-31', reason: 'Paid by transfer to our account; Paystack was down' },
      { until: '2027-01-31', reason: 'Paid by transfer to our account; Paystack was down' },
    ]);
  });
});
