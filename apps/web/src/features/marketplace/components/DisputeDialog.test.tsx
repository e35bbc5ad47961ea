import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import type { Dispute, Order } from '@gona/shared/marketplace';
import { loadNamespaces } from '@/i18n';
import { installFakeFetch } from '@/test/fake-fetch';
import { aPhoto, anId, FARM_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { aDispatchedOrder } from '../test-fixtures';
import { OrderCard } from './OrderCard';
import { DisputeDialog } from './DisputeDialog';

beforeAll(() => loadNamespaces(['marketplace', 'photos']));

// IndexedDB is the browser's; here the waiting-photo store is a Map.
vi.mock('idb-keyval', () => {
  const store = new Map<string, unknown>();
  return {
    createStore: () => 'store',
    get: (key: string) => Promise.resolve(store.get(key)),
    set: (key: string, value: unknown) => Promise.resolve(void store.set(key, value)),
    del: (key: string) => Promise.resolve(void store.delete(key)),
    delMany: (keys: string[]) => Promise.resolve(keys.forEach((k) => store.delete(k))),
    clear: () => Promise.resolve(store.clear()),
    entries: () => Promise.resolve([...store.entries()]),
  };
});

let previews = 0;
beforeEach(() => {
  // jsdom has no object URLs; the picker only needs distinct addresses for its previews.
  URL.createObjectURL = () => `blob:preview-${++previews}`;
  URL.revokeObjectURL = () => undefined;
});
afterEach(() => onlineManager.setOnline(true));

const PHOTO_UPLOAD = `/api/marketplace/orders/${anId(0x0d)}/dispute/photos`;

function choosePhoto(name: string) {
  fireEvent.change(screen.getByLabelText('Choose from gallery'), {
    target: { files: [new File(['jpeg bytes'], name, { type: 'image/jpeg' })] },
  });
}

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

describe('DisputeDialog, the buyer’s report', () => {
  it('says beside each field what is missing and sends nothing', () => {
    const requests = installFakeFetch({});
    renderWithProviders(<DisputeDialog side="buyer" order={aDispatchedOrder()} onClose={vi.fn()} />);
    fireEvent.change(screen.getByLabelText(MESSAGE), { target: { value: 'bad' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send to Gona' }));
    describedAs(REASON, 'Choose what went wrong');
    describedAs(MESSAGE, 'Write at least 10 characters');
    expect(requests).toHaveLength(0);
  });

  it('sends the reason and words once, however often it is tapped', async () => {
    const onClose = vi.fn();
    const requests = installFakeFetch({ [`POST ${REPORT}`]: { status: 200, body: disputed() } });
    renderWithProviders(<DisputeDialog side="buyer" order={aDispatchedOrder()} onClose={onClose} />);
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

  it('sends a photo through the order as it is chosen, and its id with the report', async () => {
    const onClose = vi.fn();
    const requests = installFakeFetch({
      [`POST ${PHOTO_UPLOAD}`]: (request) => ({
        status: 201,
        body: aPhoto({ id: (request.body as { id: string }).id, kind: 'dispute' }),
      }),
      [`POST ${REPORT}`]: { status: 200, body: disputed() },
    });
    renderWithProviders(<DisputeDialog side="buyer" order={aDispatchedOrder()} onClose={onClose} />);
    choosePhoto('torn bag.jpg');
    await waitFor(() => expect(screen.queryByText('Sending…')).toBeNull());
    const upload = requests.find((r) => r.path === PHOTO_UPLOAD)!.body as { id: string; kind: string };
    expect(upload.kind).toBe('dispute');
    fireEvent.change(screen.getByLabelText(REASON), { target: { value: 'damaged' } });
    fireEvent.change(screen.getByLabelText(MESSAGE), { target: { value: 'Two bags were torn and wet.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send to Gona' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.find((r) => r.path === REPORT)?.body).toEqual({
      reason: 'damaged',
      message: 'Two bags were torn and wet.',
      photo_ids: [upload.id],
    });
  });

  it('waits for a photo chosen without a connection instead of sending the report without it', async () => {
    const requests = installFakeFetch({});
    onlineManager.setOnline(false);
    renderWithProviders(<DisputeDialog side="buyer" order={aDispatchedOrder()} onClose={vi.fn()} />);
    choosePhoto('torn bag.jpg');
    expect(await screen.findByText('Waiting to send')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(REASON), { target: { value: 'damaged' } });
    fireEvent.change(screen.getByLabelText(MESSAGE), { target: { value: 'Two bags were torn and wet.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send to Gona' }));
    expect(await screen.findByText(/Wait for the photos to finish sending/)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
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
    renderWithProviders(<DisputeDialog side="buyer" order={aDispatchedOrder()} onClose={onClose} />);
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
    renderWithProviders(
      <DisputeDialog side="seller" farmId={FARM_ID} order={disputed()} onClose={vi.fn()} />,
    );
    fireEvent.change(screen.getByLabelText('Your side'), { target: { value: 'no' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send answer' }));
    describedAs('Your side', 'Write at least 10 characters');
    expect(requests).toHaveLength(0);
  });

  it("shows each side's photos under its words", () => {
    installFakeFetch({});
    const photo = (n: number) => ({ id: anId(0xf0 + n), url: `/p/${n}`, thumb_url: `/p/${n}?size=thumb` });
    renderWithProviders(
      <OrderCard
        order={disputed({
          dispute: aDispute({
            status: 'answered',
            photos: [photo(1), photo(2)],
            answer: 'All 5 bags were weighed.',
            answer_photos: [photo(3)],
          }),
        })}
        side="seller"
      />,
    );
    expect(screen.getByRole('img', { name: 'Photo 2 of 2: the problem with this order' })).toHaveAttribute(
      'src',
      '/p/2?size=thumb',
    );
    expect(screen.getByRole('img', { name: "Photo 1 of 1: the farm's answer" })).toBeInTheDocument();
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
