import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { PayRun, PayRunWithLines } from '@gona/shared/finance';
import { loadNamespaces } from '@/i18n';
import { todayOnFarm } from '@/lib/format';
import { installFakeFetch, type FakeRequest } from '@/test/fake-fetch';
import { anId, FARM_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { defaultPayPeriod } from '../wages-dates';
import { PayRunList } from './PayRunList';

const RUNS = `/api/farms/${FARM_ID}/pay-runs`;

function aRun(n: number, overrides: Partial<PayRun> = {}): PayRun {
  return {
    id: anId(0x500 + n),
    period_start: '2026-10-01',
    period_end: '2026-10-31',
    status: 'paid',
    paid_on: '2026-11-02',
    payment_method: 'cash',
    total_kobo: 12_345_600,
    lines_count: 4,
    version: 3,
    created_at: '2026-11-01T08:00:00.000Z',
    ...overrides,
  };
}

const PAID = aRun(1);

function renderList(writer = true) {
  return renderWithProviders(<PayRunList farmId={FARM_ID} writer={writer} />);
}

describe('PayRunList', () => {
  beforeAll(() => loadNamespaces(['money']));

  it('lists the runs with their period, state and total', async () => {
    const draft = aRun(2, {
      period_start: '2026-11-01',
      period_end: '2026-11-30',
      status: 'draft',
      paid_on: null,
      payment_method: null,
      total_kobo: 3_050_000,
      lines_count: 3,
    });
    installFakeFetch({ [`GET ${RUNS}`]: { status: 200, body: { items: [draft, PAID] } } });
    renderList();
    const first = await screen.findByTestId(`pay-run-${draft.id}`);
    expect(first).toHaveTextContent('01/11/2026 – 30/11/2026');
    expect(first).toHaveTextContent('3 people or days');
    expect(first).toHaveTextContent('₦30,500');
    expect(first).toHaveTextContent('Draft');
    const paid = screen.getByTestId(`pay-run-${PAID.id}`);
    expect(paid).toHaveTextContent('Paid on 02/11/2026');
    expect(paid).toHaveTextContent('₦123,456');
  });

  it('starts a new run on the usual days, shows an overlap beside the first day, then opens the draft', async () => {
    const created: PayRunWithLines = {
      ...aRun(3, {
        period_start: '2026-11-01',
        period_end: '2026-11-30',
        status: 'draft',
        paid_on: null,
        payment_method: null,
        total_kobo: 0,
        lines_count: 0,
        version: 1,
      }),
      lines: [],
    };
    let posts = 0;
    const requests = installFakeFetch({
      [`GET ${RUNS}`]: { status: 200, body: { items: [PAID] } },
      [`GET ${RUNS}/${created.id}`]: { status: 200, body: created },
      [`POST ${RUNS}`]: (request: FakeRequest) => {
        posts += 1;
        if (posts === 1)
          return {
            status: 409,
            body: {
              error: {
                code: 'CONFLICT',
                message: 'This record was changed by someone else. Reload and try again.',
                fields: {
                  period_start: 'A pay run already covers 2026-10-01 to 2026-10-31. Choose days outside it.',
                },
              },
            },
          };
        return { status: 201, body: { ...created, id: (request.body as { id: string }).id } };
      },
    });
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'New pay run' }));
    const dialog = screen.getByRole('dialog', { name: 'New pay run' });
    const period = defaultPayPeriod(todayOnFarm());
    expect(within(dialog).getByLabelText('First day')).toHaveValue(period.from);
    expect(within(dialog).getByLabelText('Last day')).toHaveValue(period.to);
    fireEvent.change(within(dialog).getByLabelText('Last day'), { target: { value: '2026-11-30' } });

    fireEvent.change(within(dialog).getByLabelText('First day'), { target: { value: '2026-10-31' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Work out pay' }));
    expect(
      await within(dialog).findByText(
        'A pay run already covers 2026-10-01 to 2026-10-31. Choose days outside it.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('First day')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText('First day'), { target: { value: '2026-11-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Work out pay' }));
    expect(
      await screen.findByRole('dialog', { name: 'Pay run 01/11/2026 – 30/11/2026' }),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toMatchObject([
      { period_start: '2026-10-31', period_end: '2026-11-30' },
      { period_start: '2026-11-01', period_end: '2026-11-30' },
    ]);
  });

  it('refuses a run longer than 31 days before asking the server', async () => {
    const requests = installFakeFetch({ [`GET ${RUNS}`]: { status: 200, body: { items: [] } } });
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'New pay run' }));
    fireEvent.change(screen.getByLabelText('First day'), { target: { value: '2026-10-01' } });
    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: '2026-11-30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Work out pay' }));
    expect(await screen.findByText('A pay run covers at most 31 days')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('gives a viewer the runs to read and no way to start one', async () => {
    installFakeFetch({ [`GET ${RUNS}`]: { status: 200, body: { items: [] } } });
    renderList(false);
    expect(await screen.findByText('No pay runs yet')).toBeInTheDocument();
    expect(
      screen.getByText('The owner or a manager makes the pay runs; they show here.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New pay run' })).not.toBeInTheDocument();
  });
});
