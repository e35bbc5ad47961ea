import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PayRunLine, PayRunWithLines } from '@gona/shared/finance';
import { AppToaster } from '@/app/toaster';
import { loadNamespaces } from '@/i18n';
import { todayOnFarm } from '@/lib/format';
import { installFakeFetch, type FakeRequest } from '@/test/fake-fetch';
import { anId, FARM_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { PayRunDialog } from './PayRunDialog';

const RUN_ID = anId(0x501);
const RUN_PATH = `/api/farms/${FARM_ID}/pay-runs/${RUN_ID}`;

function line(n: number, overrides: Partial<PayRunLine>): PayRunLine {
  return {
    id: anId(0x600 + n),
    staff_id: anId(0x700 + n),
    casual_labour_id: null,
    name: `Person ${n}`,
    pay_period: null,
    rate_kobo: null,
    casual_date: null,
    headcount: null,
    days_present: 0,
    half_days: 0,
    days_absent: 0,
    computed_kobo: 0,
    amount_kobo: 0,
    note: null,
    expense_id: null,
    ...overrides,
  };
}

const DAILY = line(1, {
  name: 'Daily Bello',
  pay_period: 'day',
  rate_kobo: 300_000,
  days_present: 3,
  half_days: 1,
  days_absent: 2,
  computed_kobo: 1_050_000,
  amount_kobo: 1_050_000,
});
const NO_RATE = line(2, { name: 'Norate Bello' });
const HARVEST = line(3, {
  staff_id: null,
  casual_labour_id: anId(0x801),
  name: 'Harvesting',
  casual_date: '2026-11-12',
  headcount: 8,
  computed_kobo: 2_000_000,
  amount_kobo: 2_000_000,
});

function aRun(lines: PayRunLine[], overrides: Partial<PayRunWithLines> = {}): PayRunWithLines {
  return {
    id: RUN_ID,
    period_start: '2026-11-01',
    period_end: '2026-11-30',
    status: 'draft',
    paid_on: null,
    payment_method: null,
    total_kobo: lines.reduce((sum, l) => sum + l.amount_kobo, 0),
    lines_count: lines.length,
    version: 1,
    created_at: '2026-12-01T08:00:00.000Z',
    lines,
    ...overrides,
  };
}

const DRAFT = aRun([DAILY, NO_RATE, HARVEST]);

function renderRun(writer = true) {
  return renderWithProviders(
    <>
      <PayRunDialog farmId={FARM_ID} runId={RUN_ID} writer={writer} onClose={() => undefined} />
      <AppToaster />
    </>,
  );
}

const lineRow = (l: PayRunLine) => screen.getByTestId(`pay-line-${l.id}`);

describe('PayRunDialog', () => {
  beforeAll(() => loadNamespaces(['money']));

  it('shows what each line rests on: the counts, the rate or its absence, and what was worked out', async () => {
    installFakeFetch({ [`GET ${RUN_PATH}`]: { status: 200, body: DRAFT } });
    renderRun();
    expect(
      await screen.findByRole('dialog', { name: 'Pay run 01/11/2026 – 30/11/2026' }),
    ).toBeInTheDocument();
    const daily = await screen.findByTestId(`pay-line-${DAILY.id}`);
    expect(daily).toHaveTextContent('3 days · 1 half day · 2 absent');
    expect(daily).toHaveTextContent('₦3,000 a day');
    expect(daily).toHaveTextContent('Worked out: ₦10,500');
    expect(lineRow(NO_RATE)).toHaveTextContent('No pay rate — enter the amount');
    expect(lineRow(NO_RATE)).toHaveTextContent('No days marked');
    expect(lineRow(HARVEST)).toHaveTextContent('Casual labour on 12/11/2026');
    expect(lineRow(HARVEST)).toHaveTextContent('8 people × ₦2,500');
    expect(screen.getByTestId('pay-run-total')).toHaveTextContent('Total₦30,500');
  });

  it("sends a line's new amount with the run's version, then the next change with the new version", async () => {
    let version = 1;
    let lines = DRAFT.lines;
    const requests = installFakeFetch({
      [`GET ${RUN_PATH}`]: () => ({ status: 200, body: aRun(lines, { version }) }),
      [`PATCH ${RUN_PATH}/lines/${NO_RATE.id}`]: (request: FakeRequest) => {
        const body = request.body as { amount_kobo: number; note: string | null };
        lines = lines.map((l) =>
          l.id === NO_RATE.id ? { ...l, amount_kobo: body.amount_kobo, note: body.note } : l,
        );
        version += 1;
        return { status: 200, body: aRun(lines, { version }) };
      },
    });
    renderRun();
    fireEvent.click(await screen.findByRole('button', { name: 'Change pay for Norate Bello' }));
    fireEvent.change(screen.getByLabelText('Pay for Norate Bello (₦)'), { target: { value: '25,000' } });
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'Agreed for November' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(lineRow(NO_RATE)).getByTestId('pay-line-amount')).toHaveTextContent('₦25,000'),
    );
    expect(lineRow(NO_RATE)).toHaveTextContent('Agreed for November');
    expect(screen.getByTestId('pay-run-total')).toHaveTextContent('₦55,500');

    fireEvent.click(screen.getByRole('button', { name: 'Change pay for Norate Bello' }));
    fireEvent.change(screen.getByLabelText('Pay for Norate Bello (₦)'), { target: { value: '20000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(lineRow(NO_RATE)).getByTestId('pay-line-amount')).toHaveTextContent('₦20,000'),
    );

    const patches = requests.filter((r) => r.method === 'PATCH').map((r) => r.body);
    expect(patches).toEqual([
      { version: 1, amount_kobo: 2_500_000, note: 'Agreed for November' },
      { version: 2, amount_kobo: 2_000_000, note: 'Agreed for November' },
    ]);
  });

  it('reloads the run and says so when someone else changed it first', async () => {
    let gets = 0;
    installFakeFetch({
      [`GET ${RUN_PATH}`]: () => {
        gets += 1;
        return {
          status: 200,
          body:
            gets === 1
              ? DRAFT
              : aRun([{ ...DAILY, amount_kobo: 1_200_000 }, NO_RATE, HARVEST], { version: 2 }),
        };
      },
      [`PATCH ${RUN_PATH}/lines/${DAILY.id}`]: {
        status: 409,
        body: {
          error: {
            code: 'CONFLICT',
            message: 'This record was changed by someone else. Reload and try again.',
          },
        },
      },
    });
    renderRun();
    fireEvent.click(await screen.findByRole('button', { name: 'Change pay for Daily Bello' }));
    fireEvent.change(screen.getByLabelText('Pay for Daily Bello (₦)'), { target: { value: '11000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Someone else changed this pay run; it has been reloaded.',
    );
    await waitFor(() =>
      expect(within(lineRow(DAILY)).getByTestId('pay-line-amount')).toHaveTextContent('₦12,000'),
    );
    expect(gets).toBe(2);
  });

  it('asks before paying, saying how many labour expenses and the total, and pays once however often it is tapped', async () => {
    const paid = aRun(
      [{ ...DAILY, expense_id: anId(0x901) }, NO_RATE, { ...HARVEST, expense_id: anId(0x902) }],
      { status: 'paid', paid_on: '2026-12-01', payment_method: 'bank_transfer', version: 2 },
    );
    let state = DRAFT;
    const requests = installFakeFetch({
      [`GET ${RUN_PATH}`]: () => ({ status: 200, body: state }),
      [`POST ${RUN_PATH}/pay`]: () => {
        if (state.status === 'paid')
          return { status: 409, body: { error: { code: 'CONFLICT', message: 'This pay run is paid.' } } };
        state = paid;
        return { status: 200, body: paid };
      },
    });
    renderRun();
    fireEvent.change(await screen.findByLabelText('Paid on'), { target: { value: '2026-12-01' } });
    fireEvent.change(screen.getByLabelText('Paid by'), { target: { value: 'bank_transfer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record payment' }));

    const ask = await screen.findByRole('alertdialog', { name: 'Record payment of ₦30,500?' });
    expect(ask).toHaveTextContent(
      'This writes 2 labour expenses, ₦30,500 in all, paid on 01/12/2026 by Bank transfer.',
    );
    const confirm = within(ask).getByRole('button', { name: 'Record payment' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);

    expect(
      await screen.findByText('Paid on 01/12/2026 by Bank transfer — 2 labour expenses recorded'),
    ).toBeInTheDocument();
    const pays = requests.filter((r) => r.method === 'POST');
    expect(pays).toHaveLength(1);
    expect(pays[0]?.body).toEqual({ version: 1, paid_on: '2026-12-01', payment_method: 'bank_transfer' });
    // Paid, the run only reads.
    expect(screen.queryByRole('button', { name: /Change pay for/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record payment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete draft' })).not.toBeInTheDocument();
  });

  it('starts the payment today and cannot pay a run where every line is ₦0', async () => {
    installFakeFetch({ [`GET ${RUN_PATH}`]: { status: 200, body: aRun([NO_RATE]) } });
    renderRun();
    expect(await screen.findByLabelText('Paid on')).toHaveValue(todayOnFarm());
    expect(screen.getByRole('button', { name: 'Record payment' })).toBeDisabled();
    expect(screen.getByText('Every line is ₦0: enter the amounts to pay first.')).toBeInTheDocument();
  });

  it('lets a viewer read a draft without changing or paying it', async () => {
    installFakeFetch({ [`GET ${RUN_PATH}`]: { status: 200, body: DRAFT } });
    renderRun(false);
    await screen.findByTestId(`pay-line-${DAILY.id}`);
    expect(screen.getByTestId('pay-run-total')).toHaveTextContent('₦30,500');
    for (const name of [/Change pay for/, 'Record payment', 'Delete draft'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Paid on')).not.toBeInTheDocument();
  });
});
