import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ResolvedAccount } from '@gona/shared/marketplace';
import { loadNamespaces } from '@/i18n';
import { installFakeFetch, type FakeRequest } from '@/test/fake-fetch';
import { FARM_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { aPayoutAccount } from '../test-fixtures';
import { PayoutAccountDialog } from './PayoutAccountDialog';

beforeAll(() => loadNamespaces(['marketplace']));

const ACCOUNT = `/api/farms/${FARM_ID}/payout-account`;
const RESOLVE = `${ACCOUNT}/resolve`;
const BANKS = [
  { code: '044', name: 'Access Bank' },
  { code: '058', name: 'Guaranty Trust Bank' },
];
const RESOLVED: ResolvedAccount = {
  bank_code: '058',
  bank_name: 'Guaranty Trust Bank',
  account_number: '0123456789',
  account_name: 'GREEN ACRES FARM VENTURES',
};
const invalid = (fields: Record<string, string>) => ({
  status: 400,
  body: { error: { code: 'VALIDATION', message: 'Check the highlighted fields', fields } },
});

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const describedAs = (label: string, text: string) =>
  expect(screen.getByLabelText(label)).toHaveAccessibleDescription(expect.stringContaining(text));

const sent = (requests: FakeRequest[], method: string, path: string) =>
  requests.filter((r) => r.method === method && r.path === path);

async function chooseAccount(number = '0123 456 789') {
  await screen.findByRole('option', { name: 'Guaranty Trust Bank' });
  fill('Bank', '058');
  fill('Account number', number);
}

describe('PayoutAccountDialog', () => {
  it("asks the bank once both are complete and shows the account's name before the password", async () => {
    const requests = installFakeFetch({
      'GET /api/marketplace/banks': { status: 200, body: BANKS },
      [`POST ${RESOLVE}`]: { status: 200, body: RESOLVED },
    });
    renderWithProviders(<PayoutAccountDialog farmId={FARM_ID} account={null} onClose={vi.fn()} />);
    expect(screen.getByRole('dialog', { name: 'Add payout account' })).toBeInTheDocument();
    expect(screen.queryByText(/Payouts wait 24 hours/)).toBeNull();
    await screen.findByRole('option', { name: 'Guaranty Trust Bank' });
    fill('Account number', '0123 456 789');
    expect(sent(requests, 'POST', RESOLVE)).toHaveLength(0);
    fill('Account number', '0123 456 78');
    fill('Bank', '058');
    expect(sent(requests, 'POST', RESOLVE)).toHaveLength(0);
    expect(screen.queryByLabelText('Confirm with your password')).toBeNull();
    expect(screen.getByLabelText('Account number')).toHaveAttribute('inputmode', 'numeric');

    fill('Account number', '0123 456 789');
    expect(await screen.findByText('Checking with the bank…')).toBeInTheDocument();
    expect(await screen.findByText('Account name: GREEN ACRES FARM VENTURES')).toBeInTheDocument();
    expect(screen.queryByText('Checking with the bank…')).toBeNull();
    expect(screen.getByLabelText('Confirm with your password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save payout account' })).toBeInTheDocument();
    expect(sent(requests, 'POST', RESOLVE)).toEqual([
      { method: 'POST', path: RESOLVE, body: { bank_code: '058', account_number: '0123456789' } },
    ]);
  });

  it("shows the bank's refusal beside the account number, and no password field", async () => {
    installFakeFetch({
      'GET /api/marketplace/banks': { status: 200, body: BANKS },
      [`POST ${RESOLVE}`]: invalid({ account_number: 'The bank does not know this account number' }),
    });
    renderWithProviders(<PayoutAccountDialog farmId={FARM_ID} account={null} onClose={vi.fn()} />);
    await chooseAccount();
    await waitFor(() => describedAs('Account number', 'The bank does not know this account number'));
    expect(screen.queryByLabelText('Confirm with your password')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save payout account' })).toBeNull();
  });

  it('saves once with the password however often Save is tapped', async () => {
    const onClose = vi.fn();
    const requests = installFakeFetch({
      'GET /api/marketplace/banks': { status: 200, body: BANKS },
      [`POST ${RESOLVE}`]: { status: 200, body: RESOLVED },
      [`PUT ${ACCOUNT}`]: { status: 200, body: aPayoutAccount({ account_last4: '6789' }) },
    });
    renderWithProviders(<PayoutAccountDialog farmId={FARM_ID} account={null} onClose={onClose} />);
    await chooseAccount();
    await screen.findByText('Account name: GREEN ACRES FARM VENTURES');
    fireEvent.click(screen.getByRole('button', { name: 'Save payout account' }));
    describedAs('Confirm with your password', 'Enter your password');
    expect(sent(requests, 'PUT', ACCOUNT)).toHaveLength(0);

    fill('Confirm with your password', 'correct horse');
    const save = screen.getByRole('button', { name: 'Save payout account' });
    fireEvent.click(save);
    fireEvent.click(save);
    // Enter in the password field while the first save is on its way.
    fireEvent.submit(screen.getByLabelText('Confirm with your password').closest('form')!);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(sent(requests, 'PUT', ACCOUNT)).toEqual([
      {
        method: 'PUT',
        path: ACCOUNT,
        body: { bank_code: '058', account_number: '0123456789', password: 'correct horse' },
      },
    ]);
  });

  it("shows a wrong password and the server's other refusals beside their fields, and stays open", async () => {
    let tries = 0;
    const onClose = vi.fn();
    installFakeFetch({
      'GET /api/marketplace/banks': { status: 200, body: BANKS },
      [`POST ${RESOLVE}`]: { status: 200, body: RESOLVED },
      [`PUT ${ACCOUNT}`]: () =>
        ++tries === 1
          ? invalid({ password: 'That password is not right' })
          : invalid({ account_number: 'This account is not in the name of the farm owner' }),
    });
    renderWithProviders(
      <PayoutAccountDialog farmId={FARM_ID} account={aPayoutAccount()} onClose={onClose} />,
    );
    expect(screen.getByRole('dialog', { name: 'Change payout account' })).toBeInTheDocument();
    expect(
      screen.getByText("Payouts wait 24 hours after a change, and the farm's owners are told."),
    ).toBeInTheDocument();
    await chooseAccount();
    await screen.findByText('Account name: GREEN ACRES FARM VENTURES');
    fill('Confirm with your password', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Save payout account' }));
    await waitFor(() => describedAs('Confirm with your password', 'That password is not right'));
    fill('Confirm with your password', 'still wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Save payout account' }));
    await waitFor(() => describedAs('Account number', 'This account is not in the name of the farm owner'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says when the banks could not be loaded', async () => {
    installFakeFetch({
      'GET /api/marketplace/banks': {
        status: 503,
        body: { error: { code: 'UNAVAILABLE', message: 'Down' } },
      },
    });
    renderWithProviders(<PayoutAccountDialog farmId={FARM_ID} account={null} onClose={vi.fn()} />);
    await waitFor(() => describedAs('Bank', 'The list of banks could not be loaded'));
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
