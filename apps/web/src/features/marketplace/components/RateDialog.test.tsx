import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order } from '@gona/shared/marketplace';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { loadNamespaces } from '@/i18n';
import { installFakeFetch } from '@/test/fake-fetch';
import { anId, FARM_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { anOrder } from '../test-fixtures';
import { OrderCard } from './OrderCard';
import { RateDialog } from './RateDialog';

beforeAll(() => loadNamespaces(['marketplace']));

const ORDER_ID = anId(0x0d);
const BUYER_RATES = `/api/marketplace/orders/${ORDER_ID}/rating`;
const FARM_RATES = `/api/farms/${FARM_ID}/orders/${ORDER_ID}/rating`;
const completed = anOrder({ status: 'completed', completed_at: '2026-11-29T10:00:00.000Z', version: 6 });
const RATED = {
  order_id: ORDER_ID,
  side: 'buyer',
  stars: 4,
  tags: ['on_time'],
  comment: null,
  created_at: '2026-11-30T10:00:00.000Z',
};

describe('RateDialog', () => {
  it('offers 5 stars as a radio group of big buttons and the tags of the side', () => {
    installFakeFetch({});
    renderWithProviders(<RateDialog order={completed} side="buyer" onClose={vi.fn()} />);
    const group = screen.getByRole('radiogroup', { name: 'Your rating' });
    const stars = screen.getAllByRole('radio');
    expect(stars.map((s) => s.getAttribute('aria-label'))).toEqual([
      '1 star',
      '2 stars',
      '3 stars',
      '4 stars',
      '5 stars',
    ]);
    expect(group).toContainElement(stars[0]!);
    for (const star of stars) expect(star.className).toContain('size-11');
    fireEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    expect(screen.getByRole('radio', { name: '4 stars' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: '5 stars' })).toHaveAttribute('aria-checked', 'false');
    // The buyer rates the seller: the seller's tags, not the buyer's.
    expect(screen.getByRole('button', { name: 'As described' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('button', { name: 'Easy to reach' })).toBeNull();
  });

  it('asks for stars beside them and sends nothing without', () => {
    const requests = installFakeFetch({});
    renderWithProviders(<RateDialog order={completed} side="buyer" onClose={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send rating' }));
    expect(screen.getByText('Choose 1 to 5 stars')).toBeInTheDocument();
    expect(screen.getByRole('radiogroup')).toHaveAccessibleDescription('Choose 1 to 5 stars');
    expect(requests).toHaveLength(0);
  });

  it('sends the stars, tags and comment once however often it is tapped', async () => {
    const onClose = vi.fn();
    const requests = installFakeFetch({ [`POST ${BUYER_RATES}`]: { status: 201, body: RATED } });
    renderWithProviders(<RateDialog order={completed} side="buyer" onClose={onClose} />);
    fireEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    fireEvent.click(screen.getByRole('button', { name: 'On time' }));
    fireEvent.click(screen.getByRole('button', { name: 'Friendly' }));
    fireEvent.click(screen.getByRole('button', { name: 'Friendly' }));
    expect(screen.getByRole('button', { name: 'On time' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.change(screen.getByLabelText('Comment (you may skip this)'), {
      target: { value: ' Good maize ' },
    });
    const send = screen.getByRole('button', { name: 'Send rating' });
    fireEvent.click(send);
    fireEvent.click(send);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(requests.filter((r) => r.method === 'POST')).toEqual([
      { method: 'POST', path: BUYER_RATES, body: { stars: 4, tags: ['on_time'], comment: 'Good maize' } },
    ]);
  });

  it("the farm rates the buyer on the farm's route, and a refusal shows in the dialog", async () => {
    const onClose = vi.fn();
    const requests = installFakeFetch({
      [`POST ${FARM_RATES}`]: {
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'You have rated this order' } },
      },
    });
    renderWithProviders(<RateDialog order={completed} side="seller" onClose={onClose} />);
    expect(screen.getByRole('button', { name: 'Easy to reach' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'As described' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: '5 stars' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send rating' }));
    expect(await screen.findByText(/You have rated this order/)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([
      { method: 'POST', path: FARM_RATES, body: { stars: 5, tags: [], comment: null } },
    ]);
  });
});

describe('ratings on the order card', () => {
  it('offers "Rate the seller" on a completed order, and shows the rating once given', () => {
    installFakeFetch({});
    const { unmount } = renderWithProviders(<OrderCard order={completed} side="buyer" />);
    fireEvent.click(screen.getByRole('button', { name: 'Rate the seller' }));
    expect(screen.getByRole('dialog', { name: 'Rate the seller' })).toBeInTheDocument();
    unmount();
    renderWithProviders(
      <OrderCard
        order={{
          ...completed,
          my_rating: { stars: 4, tags: [], comment: null, created_at: RATED.created_at },
        }}
        side="buyer"
      />,
    );
    expect(screen.queryByRole('button', { name: 'Rate the seller' })).toBeNull();
    expect(screen.getByText('You rated')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '4 of 5 stars' })).toHaveTextContent('★★★★☆');
  });

  it('offers nothing before completion, and no rating to a seller who may not', () => {
    installFakeFetch({});
    const { unmount } = renderWithProviders(<OrderCard order={anOrder()} side="buyer" />);
    expect(screen.queryByRole('button', { name: 'Rate the seller' })).toBeNull();
    unmount();
    renderWithProviders(<OrderCard order={completed} side="seller" canRate={false} />);
    expect(screen.queryByRole('button', { name: 'Rate the buyer' })).toBeNull();
  });

  it('offers a rating once a dispute is resolved with a full refund', () => {
    installFakeFetch({});
    const dispute: NonNullable<Order['dispute']> = {
      id: anId(0xd1),
      order_id: ORDER_ID,
      reason: 'not_delivered',
      message: 'It never reached me',
      photos: [],
      answer: null,
      answer_photos: [],
      answered_at: null,
      answer_by: null,
      answer_by_time: '2026-11-28T10:00:00.000Z',
      status: 'resolved',
      outcome: 'full_refund',
      refund_kobo: 12_500_000,
      decision_reason: 'Not delivered',
      decided_at: '2026-11-29T10:00:00.000Z',
      created_at: '2026-11-27T10:00:00.000Z',
    };
    renderWithProviders(<OrderCard order={anOrder({ status: 'cancelled', dispute })} side="buyer" />);
    expect(screen.getByRole('button', { name: 'Rate the seller' })).toBeInTheDocument();
  });

  it("shows sellers the buyer's rating from sellers", () => {
    installFakeFetch({});
    const { unmount } = renderWithProviders(
      <OrderCard order={{ ...completed, buyer_rating: { count: 5, average: 4.8 } }} side="seller" />,
    );
    expect(screen.getByText('4.8 · 5 ratings')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rate the buyer' })).toBeInTheDocument();
    unmount();
    renderWithProviders(
      <OrderCard order={{ ...completed, buyer_rating: { count: 0, average: null } }} side="seller" />,
    );
    expect(screen.getByText('No ratings yet')).toBeInTheDocument();
  });
});
