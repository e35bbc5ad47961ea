import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { DashboardSchema, type Dashboard } from '@gona/shared/dashboard';
import { aFarm, FARM_ID } from '@/test/fixtures';
import { installFakeFetch, signedInRoutes } from '@/test/fake-fetch';
import { renderAt } from '@/test/render';

const DASHBOARD = `GET /api/farms/${FARM_ID}/dashboard`;

const dashboard = (money: boolean): Dashboard =>
  DashboardSchema.parse({
    today: '2026-11-28',
    time_zone: 'Africa/Lagos',
    tasks: {
      overdue: 1,
      due_today: 2,
      items: [
        {
          id: '0190a000-0000-7000-8000-000000000001',
          title: 'Clean the pen',
          due_date: '2026-11-27',
          late: true,
        },
        {
          id: '0190a000-0000-7000-8000-000000000002',
          title: 'Weed the maize',
          due_date: '2026-11-28',
          late: false,
        },
      ],
    },
    alerts: { weather: 1, disease: 0, market: 1, low_stock: 2 },
    ...(money
      ? {
          money: {
            this_month: { from: '2026-11-01', to: '2026-11-28', income_kobo: 2_000_000, costs_kobo: 500_050 },
            last_month: { from: '2026-10-01', to: '2026-10-31', income_kobo: 1_500_000, costs_kobo: 700_000 },
          },
          orders: { to_accept: 1, to_dispatch: 2 },
          market_prices: [
            { product_key: 'maize', name: 'Maize', price_kobo: 40_000, was_kobo: 50_000, in_state: true },
          ],
        }
      : {}),
    production: {
      eggs: { today: '90', average_7_days: '70.5' },
      milk_litres: { today: '0', average_7_days: '0' },
    },
    care: {
      late: 1,
      due_today: 0,
      items: [
        {
          task_id: '0190a000-0000-7000-8000-000000000003',
          title: 'Newcastle vaccine',
          due_date: '2026-11-25',
          animal_id: '0190a000-0000-7000-8000-000000000004',
          animal_name: 'Layers A',
        },
      ],
    },
  });

function routes(role: 'owner' | 'worker') {
  return {
    ...signedInRoutes([aFarm({ id: FARM_ID, name: 'Green Acres', role })]),
    [DASHBOARD]: { status: 200, body: dashboard(role === 'owner') },
  };
}

afterEach(() => onlineManager.setOnline(true));

describe('the dashboard’s cards', () => {
  it('shows an owner today and the month from one request, each card leading to its screen', async () => {
    installFakeFetch(routes('owner'));
    renderAt('/dashboard');
    const tasks = await screen.findByRole('region', { name: "Today's tasks" });
    expect(within(tasks).getByText('2 due today · 1 overdue')).toBeInTheDocument();
    expect(within(tasks).getByText('late since 27/11/2026')).toBeInTheDocument();
    expect(within(tasks).getByRole('link', { name: /Today's tasks/ })).toHaveAttribute(
      'href',
      '/dashboard/tasks',
    );

    const alerts = screen.getByRole('region', { name: 'Alerts' });
    expect(within(alerts).getByRole('link', { name: /Supplies running low\s*2/ })).toHaveAttribute(
      'href',
      '/dashboard/inventory',
    );
    expect(within(alerts).queryByText('Pest and disease warnings')).toBeNull();

    const money = screen.getByRole('region', { name: 'Money this month' });
    expect(within(money).getByText('₦20,000')).toBeInTheDocument();
    expect(within(money).getByText('₦5,000.50')).toBeInTheDocument();
    expect(within(money).getByText('Last month: ₦7,000')).toBeInTheDocument();
    expect(within(money).getByRole('link', { name: /Money this month/ })).toHaveAttribute(
      'href',
      '/dashboard/expenses',
    );

    const production = screen.getByRole('region', { name: "Today's production" });
    expect(within(production).getByText('90')).toBeInTheDocument();
    expect(within(production).getByText('7-day average: 70.5')).toBeInTheDocument();
    expect(within(production).queryByText('Milk (litres)')).toBeNull();

    const care = screen.getByRole('region', { name: 'Animals needing care' });
    expect(within(care).getByRole('link', { name: /Layers A\s*Newcastle vaccine/ })).toHaveAttribute(
      'href',
      '/dashboard/livestock/0190a000-0000-7000-8000-000000000004',
    );
    const orders = screen.getByRole('region', { name: 'Orders to act on' });
    expect(within(orders).getByRole('link', { name: /Orders to act on/ })).toHaveAttribute(
      'href',
      '/dashboard/marketplace?tab=sales',
    );
    expect(
      within(screen.getByRole('region', { name: 'Market prices' })).getByText(
        '₦400 a kg in your state (was ₦500)',
      ),
    ).toBeInTheDocument();
  });

  it('gives a worker their tasks and the alerts, and no money', async () => {
    installFakeFetch(routes('worker'));
    renderAt('/dashboard');
    expect(await screen.findByRole('region', { name: "Today's tasks" })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Alerts' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Money this month' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Orders to act on' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Market prices' })).toBeNull();
    expect(document.body.textContent).not.toContain('₦');
  });

  it('keeps the last copy on screen offline and says when it was read', async () => {
    installFakeFetch(routes('owner'));
    renderAt('/dashboard');
    await screen.findByRole('region', { name: 'Money this month' });
    act(() => onlineManager.setOnline(false));
    expect(
      await screen.findByText(/Offline: these cards are as they were at \d\d\/\d\d\/\d{4} \d\d:\d\d\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Money this month' })).toBeInTheDocument();
  });
});
