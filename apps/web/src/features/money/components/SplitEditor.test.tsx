import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SPLIT_NOT_100, SPLIT_NOT_WHOLE, type Expense } from '@gona/shared/finance';
import { loadNamespaces } from '@/i18n';
import { installFakeFetch } from '@/test/fake-fetch';
import { anId, FARM_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { emptySplit, type SplitValue } from '../split-form';
import { ExpenseFormDialog } from './ExpenseFormDialog';
import { SplitEditor } from './SplitEditor';

const BASE = `/api/farms/${FARM_ID}`;
const MAIZE = anId(0xc1);
const LAYERS = anId(0xa1);
const ENTERPRISES = {
  [`GET ${BASE}/crops`]: {
    status: 200,
    body: {
      items: [{ id: MAIZE, crop_name: 'Maize', planting_date: '2026-04-10', status: 'growing' }],
      next_cursor: null,
    },
  },
  [`GET ${BASE}/livestock`]: {
    status: 200,
    body: {
      items: [{ id: LAYERS, name: 'Layers House A', tag: null, species: 'chicken_layer', status: 'active' }],
      next_cursor: null,
    },
  },
};

beforeAll(() => loadNamespaces(['money']));

/** The editor as the expense form holds it, for an expense of `amount` kobo. */
function Harness({ amount, errors = {} }: { amount: number | undefined; errors?: Record<string, string> }) {
  const [split, setSplit] = useState<SplitValue>(emptySplit);
  return <SplitEditor farmId={FARM_ID} amount={amount} value={split} onChange={setSplit} errors={errors} />;
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the split editor', () => {
  it('shows what is left of the amount as shares are typed, and when they add up', async () => {
    installFakeFetch(ENTERPRISES);
    renderWithProviders(<Harness amount={10_000_000} />);
    expect(screen.getByText('₦100,000 left to share')).toBeInTheDocument();
    type('Share 1 amount (₦)', '60,000');
    expect(screen.getByText('₦40,000 left to share')).toBeInTheDocument();
    type('Share 2 amount (₦)', '50000.50');
    expect(screen.getByText('₦10,000.50 more than the amount')).toBeInTheDocument();
    type('Share 2 amount (₦)', '40000');
    expect(screen.getByText('The shares add up to the amount')).toBeInTheDocument();
    // A third share, then taken away again; two shares always stay.
    fireEvent.click(screen.getByRole('button', { name: 'Add a share' }));
    type('Share 3 amount (₦)', '1');
    expect(screen.getByText('₦1 more than the amount')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Remove share 3' }));
    expect(screen.getByText('The shares add up to the amount')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove share 1' })).toBeDisabled();
    expect(
      await within(screen.getByLabelText('Share 1: which crop or animals?')).findByRole('option', {
        name: 'Layers House A',
      }),
    ).toBeInTheDocument();
  });

  it('counts percentages to 100 % and waits for an amount before counting naira', () => {
    installFakeFetch(ENTERPRISES);
    renderWithProviders(<Harness amount={undefined} />);
    expect(screen.getByText('Enter the amount above to see what is left to share.')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Percentages (%)'));
    expect(screen.getByText('100 % left to share')).toBeInTheDocument();
    type('Share 1 percent (%)', '60');
    type('Share 2 percent (%)', '30');
    expect(screen.getByText('10 % left to share')).toBeInTheDocument();
    type('Share 2 percent (%)', '52.5');
    expect(screen.getByText('12.5 % more than 100 %')).toBeInTheDocument();
    type('Share 2 percent (%)', '40');
    expect(screen.getByText('The percentages add up to 100 %')).toBeInTheDocument();
  });

  it('puts each message next to its share and the list', () => {
    installFakeFetch(ENTERPRISES);
    renderWithProviders(
      <Harness
        amount={500}
        errors={{
          allocations: SPLIT_NOT_WHOLE,
          'allocations.1': 'Each planting or animal can have one share',
          'allocations.1.amount_kobo': 'Enter an amount in naira, like 1250 or 1250.50',
        }}
      />,
    );
    expect(screen.getByText(SPLIT_NOT_WHOLE)).toBeInTheDocument();
    expect(screen.getByLabelText('Share 2 amount (₦)')).toHaveAccessibleDescription(
      'Enter an amount in naira, like 1250 or 1250.50',
    );
    expect(screen.getByLabelText('Share 2: which crop or animals?')).toHaveAccessibleDescription(
      'Each planting or animal can have one share',
    );
    expect(screen.getByLabelText('Share 1 amount (₦)')).not.toHaveAccessibleDescription();
  });
});

describe('the expense form with a split', () => {
  it('says what the server would about a split before sending it, then sends the shares', async () => {
    const requests = installFakeFetch({
      ...ENTERPRISES,
      [`POST ${BASE}/expenses`]: (request) => ({
        status: 201,
        body: { ...(request.body as object), receipts: [] },
      }),
    });
    renderWithProviders(<ExpenseFormDialog farmId={FARM_ID} onClose={() => undefined} />);
    type('Amount (₦)', '90,000');
    fireEvent.change(screen.getByLabelText('What was it for?'), { target: { value: 'fertilizer' } });
    await screen.findByRole('option', { name: 'Maize · 10/04/2026' });
    fireEvent.change(screen.getByLabelText('Which crop or animals?'), { target: { value: 'split' } });
    fireEvent.change(screen.getByLabelText('Share 1: which crop or animals?'), {
      target: { value: `crop:${MAIZE}` },
    });
    type('Share 1 amount (₦)', '60000');
    type('Share 2 amount (₦)', '20000');
    expect(screen.getByText('₦10,000 left to share')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save expense' }));
    expect(await screen.findByText(SPLIT_NOT_WHOLE)).toBeInTheDocument();

    fireEvent.click(screen.getByLabelText('Percentages (%)'));
    type('Share 1 percent (%)', '60');
    type('Share 2 percent (%)', '30');
    fireEvent.click(screen.getByRole('button', { name: 'Save expense' }));
    expect(await screen.findByText(SPLIT_NOT_100)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);

    type('Share 2 percent (%)', '40');
    fireEvent.click(screen.getByRole('button', { name: 'Save expense' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      amount_kobo: 9_000_000,
      category: 'fertilizer',
      allocations: [
        { crop_id: MAIZE, animal_id: null, percent: 60 },
        { crop_id: null, animal_id: null, percent: 40 },
      ],
    });
  });

  it('opens a saved expense filled in, and on a stale save says so and loads the change', async () => {
    const expense: Expense = {
      id: anId(0xe1),
      farm_id: FARM_ID,
      date: '2026-11-02',
      category: 'feed',
      amount_kobo: 4_500_000,
      description: '10 bags of layer mash',
      supplier_id: null,
      supplier_name: null,
      paid_to: 'Afri Feeds',
      payment_method: 'cash',
      notes: null,
      movement_id: null,
      stock_receipt: null,
      paid_on: null,
      due_date: '2026-12-15',
      recurring_id: null,
      allocations: [
        { crop_id: MAIZE, animal_id: null, name: 'Maize', amount_kobo: 3_000_000 },
        { crop_id: null, animal_id: LAYERS, name: 'Layers House A', amount_kobo: 1_500_000 },
      ],
      receipt_count: 0,
      created_at: '2026-11-02T10:00:00.000Z',
      updated_at: '2026-11-02T10:00:00.000Z',
      version: 3,
    };
    let version = 3;
    const requests = installFakeFetch({
      ...ENTERPRISES,
      [`GET ${BASE}/expenses/${expense.id}`]: () => ({
        status: 200,
        body: { ...expense, version, receipts: [] },
      }),
      [`PATCH ${BASE}/expenses/${expense.id}`]: () => {
        version = 4;
        return { status: 409, body: { error: { code: 'CONFLICT', message: 'Changed by someone else' } } };
      },
    });
    renderWithProviders(<ExpenseFormDialog farmId={FARM_ID} expense={expense} onClose={() => undefined} />);
    expect(await screen.findByLabelText('Amount (₦)')).toHaveValue('45000');
    expect(screen.getByLabelText('Not paid yet (bought on credit)')).toBeChecked();
    expect(screen.getByLabelText('Due on')).toHaveValue('2026-12-15');
    expect(screen.getByLabelText('Share 2 amount (₦)')).toHaveValue('15000');
    expect(screen.getByText('The shares add up to the amount')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save expense' }));
    expect(
      await screen.findByText(/Someone else changed this expense while you were editing/),
    ).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toMatchObject({
      version: 3,
      paid_on: null,
      due_date: '2026-12-15',
      allocations: [
        { crop_id: MAIZE, animal_id: null, amount_kobo: 3_000_000 },
        { crop_id: null, animal_id: LAYERS, amount_kobo: 1_500_000 },
      ],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Load their change' }));
    await waitFor(() =>
      expect(screen.queryByText(/Someone else changed this expense/)).not.toBeInTheDocument(),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save expense' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(2));
    expect(requests.filter((r) => r.method === 'PATCH')[1]?.body).toMatchObject({ version: 4 });
  });
});
