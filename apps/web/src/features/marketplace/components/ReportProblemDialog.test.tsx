import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Dispute, Order } from '@gona/shared/marketplace';
import { loadNamespaces } from '@/i18n';
import { installFakeFetch } from '@/test/fake-fetch';
import { anId, FARM_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { aDispatchedOrder } from '../test-fixtures';
import { AnswerDisputeDialog } from './AnswerDisputeDialog';
import { OrderCard } from './OrderCard';
import { ReportProblemDialog } from './ReportProblemDialog';

beforeAll(() => loadNamespaces(['marketplace']));

const REPORT = `/api/marketplace/orders/${anId(0x0d)}/dispute`;
const ANSWER = `/api/farms/${FARM_ID}/orders/${anId(0x0d)}/dispute/answer`;
const REASON = 'What went wrong';
const MESSAGE = 'What happened';

function aDispute(overrides: Partial<Dispute> = {}): Dispute {
  return {
    id: anId(0xd1),
    order_id: anId(0x0d),
    reason: 'quantity_short',
    message: 'Only 3 of the 5 bags came.',
    photos: [],
    answer: null,
    answer_photos: [],
    answered_at: null,
    answer_by: null,
    answer_by_time: '2099-11-28T12:00:00.000Z',
    status: 'open',
    outcome: null,
    refund_kobo: null,
    decision_reason: null,
    decided_at: null,
    created_at: '2026-11-26T12:00:00.000Z',
    ...overrides,
  };
}

function disputed(overrides: Partial<Order> = {}): Order {
  return aDispatchedOrder({ status: 'disputed', delivery_code: null, dispute: aDispute(), ...overrides });
}

const describedAs = (label: string, text: string) =>
  expect(screen.getByLabelText(label)).toHaveAccessibleDescription(expect.stringContaining(text));

describe('ReportProblemDialog', () => {
  it('says beside each field what is missing and sends nothing', () => {
    const requests = installFakeFetch({});
    renderWithProviders(<ReportProblemDialog order={aDispatchedOrder()} onClose={vi.fn()} />);
    fireEvent.change(screen.getByLabelText(MESSAGE), { target: { value: 'bad' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send to Gona' }));
    describedAs(REASON, 'Choose what went wrong');
    describedAs(MESSAGE, 'Write at least 10 characters');
    expect(requests).toHaveLength(0);
  });

  it('sends the reason and words once, however often it is tapped', async () => {
    const onClose = vi.fn();
    const requests = installFakeFetch({ [`POST ${REPORT}`]: { status: 200, body: disputed() } });
    renderWithProviders(<ReportProblemDialog order={aDispatchedOrder()} onClose={onClose} />);
    fireEvent.change(screen.getByLabelText(REASON), { target: { value: 'damaged' } });
    expect(screen.getByRole('option', { name: 'It arrived damaged' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(MESSAGE), { target: { value: 'Two bags were torn and wet.' } });
    const button = screen.getByRole('button', { name: 'Send to Gona' });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(requests.filter((r) => r.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: REPORT,
        body: { reason: 'damaged', message: 'Two bags were torn and wet.', photo_ids: [] },
      },
    ]);
  });

  it("shows the server's refusal and keeps the dialog open", async () => {
    installFakeFetch({
      [`POST ${REPORT}`]: {
        status: 409,
        body: {
          error: { code: 'CONFLICT', message: 'The time to report a problem with this order has passed' },
        },
      },
    });
    const onClose = vi.fn();
    renderWithProviders(<ReportProblemDialog order={aDispatchedOrder()} onClose={onClose} />);
    fireEvent.change(screen.getByLabelText(REASON), { target: { value: 'wrong_item' } });
    fireEvent.change(screen.getByLabelText(MESSAGE), { target: { value: 'These are beans, not maize.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send to Gona' }));
    expect(
      await screen.findByText(/The time to report a problem with this order has passed/),
    ).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('a disputed order on its card', () => {
  it('offers "Report a problem" to the buyer of a dispatched order only', () => {
    installFakeFetch({});
    const { unmount } = renderWithProviders(<OrderCard order={aDispatchedOrder()} side="buyer" />);
    expect(screen.getByRole('button', { name: 'Report a problem' })).toBeInTheDocument();
    unmount();
    renderWithProviders(<OrderCard order={aDispatchedOrder()} side="seller" />);
    expect(screen.queryByRole('button', { name: 'Report a problem' })).toBeNull();
  });

  it("shows the seller the buyer's words and an Answer that sends the seller's side once", async () => {
    const requests = installFakeFetch({
      [`POST ${ANSWER}`]: {
        status: 200,
        body: disputed({ dispute: aDispute({ status: 'answered', answer: 'All 5 bags were weighed.' }) }),
      },
    });
    renderWithProviders(<OrderCard order={disputed()} side="seller" />);
    expect(screen.getByText('Gona is looking at this order')).toBeInTheDocument();
    expect(screen.getByText(/The buyer reported: Less than I paid for\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report a problem' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Answer' }));
    fireEvent.change(screen.getByLabelText('Your side'), { target: { value: 'All 5 bags were weighed.' } });
    const send = screen.getByRole('button', { name: 'Send answer' });
    fireEvent.click(send);
    fireEvent.click(send);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Send answer' })).toBeNull());
    expect(requests.filter((r) => r.method === 'POST')).toEqual([
      { method: 'POST', path: ANSWER, body: { message: 'All 5 bags were weighed.', photo_ids: [] } },
    ]);
  });

  it('refuses a short answer beside the field', () => {
    const requests = installFakeFetch({});
    renderWithProviders(<AnswerDisputeDialog farmId={FARM_ID} order={disputed()} onClose={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Your side'), { target: { value: 'no' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send answer' }));
    describedAs('Your side', 'Write at least 10 characters');
    expect(requests).toHaveLength(0);
  });

  it('shows both sides the outcome once Gona has decided', () => {
    installFakeFetch({});
    renderWithProviders(
      <OrderCard
        order={disputed({
          status: 'completed',
          dispute: aDispute({
            status: 'resolved',
            outcome: 'partial_refund',
            refund_kobo: 2_500_000,
            decision_reason: 'One bag was short.',
          }),
        })}
        side="buyer"
      />,
    );
    expect(screen.getByText('Gona has decided')).toBeInTheDocument();
    expect(
      screen.getByText('Gona refunded ₦25,000 to the buyer; the rest goes to the seller. One bag was short.'),
    ).toBeInTheDocument();
  });
});
