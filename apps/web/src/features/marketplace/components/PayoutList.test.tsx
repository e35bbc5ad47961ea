import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { Payout } from '@gona/shared/marketplace';
import { loadNamespaces } from '@/i18n';
import { installFakeFetch } from '@/test/fake-fetch';
import { anId, FARM_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { aPayout, aPayoutAccount } from '../test-fixtures';
import { PayoutList } from './PayoutList';

beforeAll(() => loadNamespaces(['marketplace']));

const PAYOUTS = `/api/farms/${FARM_ID}/payouts`;
const ACCOUNT = `/api/farms/${FARM_ID}/payout-account`;
const page = (items: Payout[], next_cursor: string | null = null) => ({
  status: 200,
  body: { items, next_cursor },
});

async function rows() {
  const list = await screen.findByRole('list', { name: 'Payouts to your bank' });
  return within(list).getAllByRole('listitem');
}

describe('PayoutList', () => {
  it("says where each payout's money stands", async () => {
    installFakeFetch({
      [`GET ${ACCOUNT}`]: { status: 200, body: aPayoutAccount() },
      [`GET ${PAYOUTS}`]: page([
        aPayout({ id: anId(0x91) }),
        aPayout({
          id: anId(0x92),
          order_title: 'Yellow maize',
          amount_kobo: 5_000_050,
          status: 'sent',
          tries: 1,
        }),
        aPayout({ id: anId(0x93), status: 'paid', tries: 1, paid_at: '2026-12-01T08:30:00.000Z' }),
        aPayout({
          id: anId(0x94),
          status: 'failed',
          tries: 3,
          failure: 'The bank refused the transfer',
        }),
      ]),
    });
    renderWithProviders(<PayoutList farmId={FARM_ID} />);
    const [pending, sent, paid, failed] = await rows();
    expect(within(pending!).getByText('White maize')).toBeInTheDocument();
    expect(within(pending!).getByText('₦118,750')).toBeInTheDocument();
    expect(await within(pending!).findByText('Waiting to be sent')).toBeInTheDocument();
    expect(within(sent!).getByText('Yellow maize')).toBeInTheDocument();
    expect(within(sent!).getByText('₦50,000.50')).toBeInTheDocument();
    expect(within(sent!).getByText('On its way to your bank')).toBeInTheDocument();
    expect(within(paid!).getByText('Paid on 01/12/2026')).toBeInTheDocument();
    expect(
      within(failed!).getByText('Failed: The bank refused the transfer. Gona support will contact you'),
    ).toBeInTheDocument();
  });

  it('asks for a payout account when a payout waits for one', async () => {
    installFakeFetch({
      [`GET ${ACCOUNT}`]: { status: 200, body: null },
      [`GET ${PAYOUTS}`]: page([aPayout()]),
    });
    renderWithProviders(<PayoutList farmId={FARM_ID} />);
    const [pending] = await rows();
    expect(await within(pending!).findByText('Add a payout account to receive it')).toBeInTheDocument();
    expect(within(pending!).queryByText('Waiting to be sent')).toBeNull();
  });

  it('reads a few at a time and shows more when asked', async () => {
    const requests = installFakeFetch({
      [`GET ${ACCOUNT}`]: { status: 200, body: aPayoutAccount() },
      [`GET ${PAYOUTS}?limit=2`]: page([aPayout({ id: anId(0x91) }), aPayout({ id: anId(0x92) })], 'next'),
      [`GET ${PAYOUTS}?limit=2&cursor=next`]: page([
        aPayout({
          id: anId(0x93),
          order_title: 'Cassava',
          status: 'paid',
          paid_at: '2026-12-01T08:30:00.000Z',
        }),
      ]),
    });
    renderWithProviders(<PayoutList farmId={FARM_ID} limit={2} />);
    expect(await rows()).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Cassava')).toBeInTheDocument();
    expect(await rows()).toHaveLength(3);
    expect(requests.filter((r) => r.path.startsWith(PAYOUTS)).map((r) => r.path)).toEqual([
      `${PAYOUTS}?limit=2`,
      `${PAYOUTS}?limit=2&cursor=next`,
    ]);
  });

  it('says what the list is for while it is empty', async () => {
    installFakeFetch({
      [`GET ${ACCOUNT}`]: { status: 200, body: null },
      [`GET ${PAYOUTS}`]: page([]),
    });
    renderWithProviders(<PayoutList farmId={FARM_ID} />);
    expect(await screen.findByText('No payouts yet')).toBeInTheDocument();
    expect(
      screen.getByText(
        'When an order completes, the money due to your farm is sent to your bank and shows here.',
      ),
    ).toBeInTheDocument();
  });
});
