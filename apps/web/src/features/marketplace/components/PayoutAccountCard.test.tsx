import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { loadNamespaces } from '@/i18n';
import { installFakeFetch } from '@/test/fake-fetch';
import { FARM_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { aPayoutAccount } from '../test-fixtures';
import { PayoutAccountCard } from './PayoutAccountCard';

beforeAll(() => loadNamespaces(['marketplace']));
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-26T12:00:00.000Z'));
});
afterEach(() => vi.useRealTimers());

const ACCOUNT = `/api/farms/${FARM_ID}/payout-account`;
const answer = (body: unknown) => ({ [`GET ${ACCOUNT}`]: { status: 200, body } });

async function card() {
  return within(await screen.findByRole('region', { name: 'Payout account' }));
}

describe('PayoutAccountCard', () => {
  it('asks the owner to add the account when there is none, and opens the form', async () => {
    installFakeFetch({ ...answer(null), 'GET /api/marketplace/banks': { status: 200, body: [] } });
    renderWithProviders(<PayoutAccountCard farmId={FARM_ID} role="owner" />);
    const region = await card();
    expect(
      await region.findByText('Add the bank account your marketplace money goes to'),
    ).toBeInTheDocument();
    fireEvent.click(region.getByRole('button', { name: 'Add payout account' }));
    expect(await screen.findByRole('dialog', { name: 'Add payout account' })).toBeInTheDocument();
  });

  it('tells a manager there is none yet without offering to add it', async () => {
    installFakeFetch(answer(null));
    renderWithProviders(<PayoutAccountCard farmId={FARM_ID} role="manager" />);
    const region = await card();
    expect(await region.findByText(/The farm's owner adds the bank account/)).toBeInTheDocument();
    expect(region.queryByRole('button')).toBeNull();
  });

  it('shows the owner the bank, the last 4 digits and the name, with Change', async () => {
    installFakeFetch(answer(aPayoutAccount()));
    renderWithProviders(<PayoutAccountCard farmId={FARM_ID} role="owner" />);
    const region = await card();
    expect(await region.findByText('Guaranty Trust Bank')).toBeInTheDocument();
    expect(region.getByText('••••1234')).toBeInTheDocument();
    expect(region.getByText('GREEN ACRES FARM VENTURES')).toBeInTheDocument();
    expect(region.queryByText(/payouts wait/)).toBeNull();
    fireEvent.click(region.getByRole('button', { name: 'Change payout account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change payout account' });
    expect(
      within(dialog).getByText("Payouts wait 24 hours after a change, and the farm's owners are told."),
    ).toBeInTheDocument();
  });

  it('says until when payouts wait after a change, and lets a manager read but not change it', async () => {
    installFakeFetch(
      answer(
        aPayoutAccount({ updated_at: '2026-11-26T09:00:00.000Z', hold_until: '2026-11-27T09:00:00.000Z' }),
      ),
    );
    renderWithProviders(<PayoutAccountCard farmId={FARM_ID} role="manager" />);
    const region = await card();
    expect(
      await region.findByText('Changed on 26/11/2026: payouts wait until 27/11/2026 10:00'),
    ).toBeInTheDocument();
    expect(region.getByText('••••1234')).toBeInTheDocument();
    expect(region.getByText("Only the farm's owner can change it.")).toBeInTheDocument();
    expect(region.queryByRole('button')).toBeNull();
  });

  it('no longer speaks of the hold once it has passed', async () => {
    installFakeFetch(
      answer(
        aPayoutAccount({ updated_at: '2026-11-24T09:00:00.000Z', hold_until: '2026-11-25T09:00:00.000Z' }),
      ),
    );
    renderWithProviders(<PayoutAccountCard farmId={FARM_ID} role="owner" />);
    const region = await card();
    await region.findByText('Guaranty Trust Bank');
    expect(region.queryByText(/payouts wait/)).toBeNull();
  });

  it('says what failed, with Try again', async () => {
    installFakeFetch({
      [`GET ${ACCOUNT}`]: {
        status: 500,
        body: { error: { code: 'INTERNAL', message: 'Something went wrong' } },
      },
    });
    renderWithProviders(<PayoutAccountCard farmId={FARM_ID} role="owner" />);
    const region = await card();
    expect(await region.findByText('The payout account could not be loaded')).toBeInTheDocument();
    expect(region.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
