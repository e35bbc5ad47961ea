import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Owed, RecurringExpense } from '@gona/shared/finance';
import { loadNamespaces } from '@/i18n';
import { installFakeFetch } from '@/test/fake-fetch';
import { anId, FARM_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { ExpenseFormDialog } from './ExpenseFormDialog';
import { OwedByFarmCard } from './OwedByFarmCard';
import { RecurringExpenseList } from './RecurringExpenseList';

const BASE = `/api/farms/${FARM_ID}`;
const FEED = anId(0xe1);
const NO_ENTERPRISES = {
  [`GET ${BASE}/crops`]: { status: 200, body: { items: [], next_cursor: null } },
  [`GET ${BASE}/livestock`]: { status: 200, body: { items: [], next_cursor: null } },
};

beforeAll(() => loadNamespaces(['money']));

const OWED: Owed = {
  buyers: [],
  total_kobo: 0,
  creditors: [
    {
      name: 'Afri Feeds',
      owed_kobo: 5_750_050,
      expenses: 2,
      due_date: '2020-01-15',
      unpaid: [
        {
          id: FEED,
          date: '2020-01-02',
          category: 'feed',
          description: '10 bags of layer mash',
          amount_kobo: 4_500_000,
          payment_method: 'cash',
          due_date: '2020-01-15',
          version: 2,
        },
        {
          id: anId(0xe2),
          date: '2020-01-09',
          category: 'feed',
          description: null,
          amount_kobo: 1_250_050,
          payment_method: 'pos',
          due_date: null,
          version: 1,
        },
      ],
    },
  ],
  wages_kobo: 3_500_000,
  wage_runs: 1,
  owed_by_farm_kobo: 9_250_050,
};

describe('what the farm owes', () => {
  it('lists each creditor with their unpaid expenses and the wages, and marks one paid with its version', async () => {
    const requests = installFakeFetch({
      [`GET ${BASE}/money/owed`]: { status: 200, body: OWED },
      [`POST ${BASE}/expenses/${FEED}/paid`]: { status: 200, body: { id: FEED } },
    });
    renderWithProviders(<OwedByFarmCard farmId={FARM_ID} writer />);
    const card = await screen.findByRole('region', { name: 'Money the farm owes' });
    expect(within(card).getByText('₦92,500.50')).toBeInTheDocument();
    expect(within(card).getByText('You owe Afri Feeds ₦57,500.50')).toBeInTheDocument();
    expect(within(card).getByText('overdue since 15/01/2020')).toBeInTheDocument();
    expect(within(card).getByText('bought 09/01/2020')).toBeInTheDocument();
    expect(within(card).getByText('Wages not paid yet: ₦35,000 (1 pay run)')).toBeInTheDocument();

    fireEvent.click(
      within(card).getByRole('button', { name: 'Mark 10 bags of layer mash for Afri Feeds paid' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Pay for 10 bags of layer mash' });
    expect(within(dialog).getByText('The farm owes Afri Feeds ₦45,000 for this.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Paid on'), { target: { value: '2020-02-01' } });
    fireEvent.change(within(dialog).getByLabelText('Paid by'), { target: { value: 'bank_transfer' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      paid_on: '2020-02-01',
      payment_method: 'bank_transfer',
      version: 2,
    });
  });

  it('gives viewers the figures without the buttons', async () => {
    installFakeFetch({ [`GET ${BASE}/money/owed`]: { status: 200, body: OWED } });
    renderWithProviders(<OwedByFarmCard farmId={FARM_ID} writer={false} />);
    await screen.findByText('You owe Afri Feeds ₦57,500.50');
    expect(screen.queryByRole('button', { name: /Mark/ })).toBeNull();
  });
});

describe('an expense bought on credit', () => {
  it('is sent not paid, with the day it is due', async () => {
    const requests = installFakeFetch({
      ...NO_ENTERPRISES,
      [`POST ${BASE}/expenses`]: (request) => ({
        status: 201,
        body: { ...(request.body as object), receipts: [] },
      }),
    });
    renderWithProviders(<ExpenseFormDialog farmId={FARM_ID} onClose={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2026-11-02' } });
    fireEvent.change(screen.getByLabelText('Amount (₦)'), { target: { value: '45000' } });
    fireEvent.change(screen.getByLabelText('What was it for?'), { target: { value: 'feed' } });
    fireEvent.click(screen.getByLabelText('Not paid yet (bought on credit)'));
    fireEvent.change(screen.getByLabelText('Due on'), { target: { value: '2026-10-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save expense' }));
    expect(
      await screen.findByText('The due date cannot be before the day of the expense'),
    ).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Due on'), { target: { value: '2026-12-15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save expense' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      date: '2026-11-02',
      amount_kobo: 4_500_000,
      paid_on: null,
      due_date: '2026-12-15',
    });
  });
});

describe('repeating expenses', () => {
  it('repeats rent on the 31st every month by the rule repeating tasks use', async () => {
    const requests = installFakeFetch({
      ...NO_ENTERPRISES,
      [`POST ${BASE}/recurring-expenses`]: (request) => ({
        status: 201,
        body: { ...(request.body as object), written: 0 },
      }),
    });
    renderWithProviders(<ExpenseFormDialog farmId={FARM_ID} onClose={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2027-01-31' } });
    fireEvent.change(screen.getByLabelText('Amount (₦)'), { target: { value: '150000' } });
    fireEvent.change(screen.getByLabelText('What was it for?'), { target: { value: 'land_rent' } });
    fireEvent.change(screen.getByLabelText('Repeats'), { target: { value: 'monthly' } });
    expect(screen.queryByLabelText('Not paid yet (bought on credit)')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save expense' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      category: 'land_rent',
      amount_kobo: 15_000_000,
      rrule: 'FREQ=MONTHLY;BYMONTHDAY=31,-1;BYSETPOS=1',
      starts_on: '2027-01-31',
      crop_id: null,
      animal_id: null,
    });
  });

  it('lists what repeats and stops one after asking', async () => {
    const rent: RecurringExpense = {
      id: anId(0xd1),
      farm_id: FARM_ID,
      category: 'land_rent',
      amount_kobo: 15_000_000,
      description: 'Rent of the 2 ha plot',
      paid_to: 'Chief Adebayo',
      payment_method: 'cash',
      crop_id: null,
      animal_id: null,
      enterprise_name: null,
      rrule: 'FREQ=MONTHLY;BYMONTHDAY=31,-1;BYSETPOS=1',
      starts_on: '2027-01-31',
      written_through: null,
      next_on: '2027-01-31',
      stopped: false,
      created_at: '2026-11-25T10:00:00.000Z',
      updated_at: '2026-11-25T10:00:00.000Z',
      version: 1,
    };
    const requests = installFakeFetch({
      [`GET ${BASE}/recurring-expenses`]: { status: 200, body: { items: [rent], next_cursor: null } },
      [`POST ${BASE}/recurring-expenses/${rent.id}/stop`]: {
        status: 200,
        body: { ...rent, stopped: true, next_on: null },
      },
    });
    renderWithProviders(<RecurringExpenseList farmId={FARM_ID} writer />);
    expect(await screen.findByText('Repeating expenses (1 running)')).toBeInTheDocument();
    expect(
      screen.getByText("Every month on day 31 (or the month's last day) · Chief Adebayo · Whole farm"),
    ).toBeInTheDocument();
    expect(screen.getByText('Next on 31/01/2027')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Stop Rent of the 2 ha plot' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Stop this repeating expense?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
  });
});
