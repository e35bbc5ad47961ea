import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { NOTIFICATION_PATHS, notificationText, type KindWithParams } from '@gona/shared/notifications';
import { paths } from '@/lib/paths';
import { STORAGE_KEYS } from '@/lib/storage';
import { farm, installFakeFetch, signedInRoutes, type FakeRequest } from '@/test/fake-fetch';
import { aNotification, anId, aSupply, FARM_ID } from '@/test/fixtures';
import { renderAt } from '@/test/render';

const OTHER_FARM = anId(0xf2);
const FARMS = [farm(FARM_ID, 'Green Acres'), farm(OTHER_FARM, 'Riverside Fish Ponds')];

const MEDICINE = aSupply({
  id: anId(0x51),
  name: 'Oxytetracycline',
  quantity: '1',
  unit: 'bottle',
  low_threshold: '2',
});
const FEED = aSupply({
  id: anId(0x52),
  name: 'Fish feed',
  quantity: '12',
  unit: 'bag_25kg',
  low_threshold: '20',
});
const UNREAD = aNotification({ id: anId(0xa1) }, MEDICINE);
const READ = aNotification({ id: anId(0xa2), read_at: '2025-05-26T09:00:00.000Z' }, FEED);

function renderList(
  items = [UNREAD, READ],
  extra: Record<string, (r: FakeRequest) => { status: number; body?: unknown }> = {},
) {
  const requests = installFakeFetch({
    ...signedInRoutes(FARMS),
    'GET /api/notifications': { status: 200, body: { items, next_cursor: null } },
    'GET /api/notifications/unread-count': {
      status: 200,
      body: { unread: items.filter((n) => !n.read_at).length },
    },
    ...extra,
  });
  return { requests, ...renderAt(paths.notifications) };
}

/**
 * Lists `kinds` with stale stored words (ids from `firstId` on) and expects each one's title and
 * body as notificationText says them, the English of the email and push; answers the list.
 */
async function expectSaidAsSent(kinds: KindWithParams[], firstId: number, { exactTitle = true } = {}) {
  renderList(
    kinds.map((k, i) =>
      aNotification(
        { ...k, id: anId(firstId + i), title: 'stored', body: 'stored', link: '/dashboard/marketplace' },
        FEED,
      ),
    ),
  );
  const list = await screen.findByRole('list', { name: 'Your notifications' });
  for (const k of kinds) {
    const { title, body } = notificationText(k);
    expect(within(list).getAllByText(title, { exact: exactTitle }).length, title).toBeGreaterThan(0);
    expect(within(list).getAllByText(body).length, body).toBeGreaterThan(0);
  }
  return list;
}

describe('the notifications screen', () => {
  it('says each notification in the person’s words, newest first, unread ones marked', async () => {
    renderList();
    const list = await screen.findByRole('list', { name: 'Your notifications' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first!.textContent).toContain('Unread: Low stock: Oxytetracycline');
    expect(first!.textContent).toContain(
      'Oxytetracycline: 1 bottle left (low at 2 bottles). Buy more before it runs out.',
    );
    expect(first!.textContent).toContain('26/05/2025 09:00');
    expect(second!.textContent).not.toContain('Unread');
    expect(second!.textContent).toContain('Fish feed: 12 bags (25 kg) left (low at 20 bags (25 kg)).');
  });

  it('says low stock in the same English as the email, SMS and push', async () => {
    const params = {
      supply_id: FEED.id,
      supply_name: 'Fish feed',
      quantity: '1500.5',
      low_threshold: '2000',
      unit: 'kg' as const,
    };
    const { title, body } = notificationText({ kind: 'low_stock', params });
    renderList([aNotification({ params, title: 'stored', body: 'stored' }, FEED)]);
    const list = await screen.findByRole('list', { name: 'Your notifications' });
    expect(within(list).getByText(title, { exact: false })).toBeTruthy();
    expect(within(list).getByText(body)).toBeTruthy();
  });

  it('says marketplace orders in the same English as the email and push', async () => {
    const order = {
      order_id: FEED.id,
      listing_title: 'White maize',
      farm_name: 'Green Acres',
      quantity: '1500.5',
      unit: 'bag_100kg' as const,
      total_kobo: 13_000_050,
    };
    const kinds = [
      { kind: 'order_sold' as const, params: { ...order, status: 'paid' as const } },
      { kind: 'order_sold' as const, params: { ...order, status: 'cancelled' as const } },
      ...(['paid', 'accepted', 'declined'] as const).map((status) => ({
        kind: 'order_update' as const,
        params: { ...order, status, reason: null },
      })),
      {
        kind: 'order_update' as const,
        params: {
          ...order,
          status: 'cancelled' as const,
          reason: 'Cancelled by the buyer; refunded in full',
        },
      },
      {
        kind: 'order_sold' as const,
        params: { ...order, status: 'dispatch_late' as const, dispatch_by: '2026-11-29' },
      },
      ...[0, 1_250_050].flatMap((refund_kobo) => [
        {
          kind: 'order_sold' as const,
          params: {
            ...order,
            status: 'delivered' as const,
            delivered_quantity: '1450.5',
            refund_kobo,
            complete_hours: 24,
          },
        },
        {
          kind: 'order_update' as const,
          params: {
            ...order,
            status: 'delivered' as const,
            delivered_quantity: '1450.5',
            refund_kobo,
            complete_hours: 72,
          },
        },
      ]),
      {
        kind: 'order_sold' as const,
        params: { ...order, status: 'completed' as const, seller_amount_kobo: 12_375_050 },
      },
      ...(['pickup', 'seller_delivers'] as const).map((delivery) => ({
        kind: 'order_update' as const,
        params: {
          ...order,
          status: 'dispatched' as const,
          delivery,
          expected_on: '2026-11-30',
          driver_name: delivery === 'pickup' ? null : 'Musa Bello',
          driver_phone: delivery === 'pickup' ? null : '+2348031112222',
        },
      })),
    ];
    await expectSaidAsSent(kinds, 0xc0, { exactTitle: false });
  });

  it('says payouts in the same English as the email and push', async () => {
    const kinds = [
      {
        kind: 'payout' as const,
        params: {
          status: 'account_changed' as const,
          farm_name: 'Green Acres',
          bank_name: 'Access Bank',
          account_last4: '1234',
          account_name: 'AMAKA OKAFOR',
          hold_hours: 24,
        },
      },
      {
        kind: 'payout' as const,
        params: {
          status: 'paid' as const,
          payout_id: anId(0xd1),
          listing_title: 'White maize',
          amount_kobo: 21_375_000,
          bank_name: 'Access Bank',
          account_last4: '1234',
        },
      },
      {
        kind: 'payout' as const,
        params: {
          status: 'failed' as const,
          payout_id: anId(0xd2),
          listing_title: 'White maize',
          amount_kobo: 21_375_050,
          failure: 'The bank refused the transfer.',
        },
      },
    ];
    await expectSaidAsSent(kinds, 0xe0);
  });

  it('says disputes in the same English as the email and push', async () => {
    const facts = { order_id: anId(0xd5), listing_title: 'White maize' };
    const kinds = [
      {
        kind: 'dispute' as const,
        params: { ...facts, to: 'seller' as const, status: 'opened' as const, answer_hours: 48 },
      },
      {
        kind: 'dispute' as const,
        params: { ...facts, to: 'buyer' as const, status: 'opened' as const, answer_hours: 48 },
      },
      ...(['seller', 'buyer', 'gona'] as const).map((to) => ({
        kind: 'dispute' as const,
        params: { ...facts, to, status: 'unanswered' as const },
      })),
      ...(['release', 'partial_refund', 'full_refund'] as const).map((outcome) => ({
        kind: 'dispute' as const,
        params: {
          ...facts,
          to: 'buyer' as const,
          status: 'decided' as const,
          outcome,
          refund_kobo: outcome === 'release' ? 0 : 2_500_050,
          reason: 'One bag was torn.',
        },
      })),
    ];
    await expectSaidAsSent(kinds, 0xe0);
  });

  it('says ratings in the same English as the email and push', async () => {
    const facts = { order_id: anId(0xd6), listing_title: 'White maize', farm_name: 'Green Acres', stars: 4 };
    const kinds = (['buyer', 'seller'] as const).map((side) => ({
      kind: 'rating' as const,
      params: { ...facts, side },
    }));
    const list = await expectSaidAsSent(kinds, 0xf0);
    expect(within(list).queryByText('stored')).toBeNull();
  });

  it("says support's answers in the same English as the email and push", async () => {
    const params = { request_id: anId(0xd8), subject: 'The egg count will not save' };
    const kinds = [
      { kind: 'support_reply' as const, params: { ...params, solved: false } },
      { kind: 'support_reply' as const, params: { ...params, solved: true } },
    ];
    const list = await expectSaidAsSent(kinds, 0xfc);
    expect(within(list).queryByText('stored')).toBeNull();
  });

  it("says Gona's moderation in the same English as the email and push", async () => {
    const facts = { listing_id: anId(0xd7), listing_title: 'White maize' };
    const reason = 'The photos are of another farm’s produce.';
    const kinds = [
      { kind: 'moderation' as const, params: { ...facts, status: 'listing_hidden' as const, reason } },
      { kind: 'moderation' as const, params: { ...facts, status: 'listing_shown' as const } },
      { kind: 'moderation' as const, params: { status: 'selling_suspended' as const, reason } },
      { kind: 'moderation' as const, params: { status: 'selling_restored' as const } },
    ];
    const list = await expectSaidAsSent(kinds, 0xf8);
    expect(within(list).queryByText('stored')).toBeNull();
  });

  it("says staff's payment checks in the same English as the email and push", async () => {
    const reference = `gona-${anId(0xd9)}`;
    const kinds = [
      {
        kind: 'payment_check' as const,
        params: {
          status: 'extra' as const,
          reference,
          amount_kobo: 5_000_000,
          order_id: anId(0xd9),
          problem: 'A second payment of an order already paid',
          refunding: true,
        },
      },
      {
        kind: 'payment_check' as const,
        params: {
          status: 'extra' as const,
          reference: 'stray-1',
          amount_kobo: 250_050,
          order_id: null,
          problem: 'No order issued this reference',
          refunding: false,
        },
      },
      {
        kind: 'payment_check' as const,
        params: { status: 'refund_failed' as const, reference, amount_kobo: 5_000_000, order_id: null },
      },
      {
        kind: 'payment_check' as const,
        params: {
          status: 'reconciliation' as const,
          day: '2026-11-27',
          differences: 2,
          recorded: 1,
          references: [reference, 'gona-planted'],
        },
      },
      {
        kind: 'payment_check' as const,
        params: {
          status: 'reconciliation' as const,
          day: '2026-11-27',
          differences: 7,
          recorded: 0,
          references: ['a-1', 'a-2', 'a-3', 'a-4', 'a-5'],
        },
      },
    ];
    const list = await expectSaidAsSent(kinds, 0xe8);
    expect(within(list).queryByText('stored')).toBeNull();
  });

  it('says a market-price move in the same English as the email and push', async () => {
    const move = {
      farm_name: 'Okafor Farm',
      rule: 'market_price' as const,
      severity: 'info' as const,
      from: '2027-06-02',
      to: '2027-06-08',
      about_name: 'Maize',
    };
    const kinds = [
      {
        kind: 'climate_alert' as const,
        params: {
          ...move,
          market: { change_percent: 18, price_kobo: 46_050, was_kobo: 39_000, where: 'state' as const },
        },
      },
      {
        kind: 'climate_alert' as const,
        params: {
          ...move,
          market: {
            change_percent: -22,
            price_kobo: 1_234_500,
            was_kobo: 1_582_700,
            where: 'nigeria' as const,
          },
        },
      },
    ];
    const list = await expectSaidAsSent(kinds, 0xc8);
    expect(within(list).getByText('Maize prices are up 18% this week')).toBeTruthy();
    expect(within(list).queryByText('stored')).toBeNull();
  });

  it('says the morning tasks and an overdue task in the same English as push', async () => {
    const morning = {
      kind: 'tasks_today' as const,
      params: {
        farm_name: 'Sunrise Farm',
        due_today: 2,
        overdue: 1,
        titles: ['Vaccinate the layers', 'Mend the fence'],
      },
    };
    const overdue = {
      kind: 'task_overdue' as const,
      params: { task_id: FEED.id, title: 'Collect eggs', due_date: '2027-03-10' },
    };
    const weather = {
      kind: 'climate_alert' as const,
      params: {
        farm_name: 'Okafor Farm',
        rule: 'false_start' as const,
        severity: 'severe' as const,
        from: '2027-06-02',
        to: '2027-06-12',
        about_name: 'Maize',
      },
    };
    const owed = {
      kind: 'payment_due' as const,
      params: {
        sale_id: FEED.id,
        farm_name: 'Okafor Farm',
        buyer_name: 'Mama Ngozi',
        product: 'Maize grain',
        owed_kobo: 35_000_050,
        due_date: '2027-09-01',
        overdue: true,
      },
    };
    renderList([
      aNotification(
        { ...morning, id: anId(0xb1), title: 'stored', body: 'stored', link: '/dashboard/tasks' },
        FEED,
      ),
      aNotification(
        { ...overdue, id: anId(0xb2), title: 'stored', body: 'stored', link: '/dashboard/tasks' },
        FEED,
      ),
      aNotification(
        { ...weather, id: anId(0xb3), title: 'stored', body: 'stored', link: '/dashboard/climate' },
        FEED,
      ),
      aNotification(
        { ...owed, id: anId(0xb4), title: 'stored', body: 'stored', link: '/dashboard/expenses' },
        FEED,
      ),
    ]);
    const list = await screen.findByRole('list', { name: 'Your notifications' });
    for (const notification of [morning, overdue, weather, owed]) {
      const { title, body } = notificationText(notification);
      expect(within(list).getByText(title, { exact: false })).toBeTruthy();
      expect(within(list).getByText(body)).toBeTruthy();
    }
  });

  it('opens what a notification is about, on its farm, and marks it read', async () => {
    const onOtherFarm = aNotification(
      { id: anId(0xa3), farm_id: OTHER_FARM },
      { ...FEED, farm_id: OTHER_FARM },
    );
    const { requests, router } = renderList([onOtherFarm], {
      [`POST /api/notifications/${onOtherFarm.id}/read`]: () => ({
        status: 200,
        body: { ...onOtherFarm, read_at: '2025-05-26T10:00:00.000Z' },
      }),
    });
    fireEvent.click(await screen.findByRole('link', { name: /Low stock: Fish feed/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/inventory/${FEED.id}`));
    expect(localStorage.getItem(STORAGE_KEYS.selectedFarmId)).toBe(OTHER_FARM);
    await waitFor(() =>
      expect(
        requests.some((r) => r.method === 'POST' && r.path === `/api/notifications/${onOtherFarm.id}/read`),
      ).toBe(true),
    );
  });

  it('marks all read', async () => {
    let unread = 1;
    const { requests } = renderList([UNREAD], {
      'POST /api/notifications/read-all': () => {
        unread = 0;
        return { status: 200, body: { marked: 1 } };
      },
      'GET /api/notifications/unread-count': () => ({ status: 200, body: { unread } }),
      'GET /api/notifications': () => ({
        status: 200,
        body: {
          items: [{ ...UNREAD, read_at: unread ? null : '2025-05-26T10:00:00.000Z' }],
          next_cursor: null,
        },
      }),
    });
    const button = await screen.findByRole('button', { name: 'Mark all read' });
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Unread', { exact: false })).toBeNull());
    expect(requests.filter((r) => r.path === '/api/notifications/read-all')).toHaveLength(1);
  });

  it('says what the screen is for when there is nothing yet', async () => {
    renderList([]);
    expect(await screen.findByRole('heading', { name: 'No notifications yet' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });

  it('uses the paths the server writes into notifications and mails', () => {
    expect(NOTIFICATION_PATHS.list).toBe(paths.notifications);
    expect(NOTIFICATION_PATHS.settings).toBe(paths.settingsNotifications);
    expect(NOTIFICATION_PATHS.supply(FEED.id)).toBe(`/dashboard/inventory/${FEED.id}`);
  });
});
