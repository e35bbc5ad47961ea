import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Subscription } from '@gona/shared/billing';
import { DashboardSchema, type Dashboard } from '@gona/shared/dashboard';
import { goToCheckout } from '@/features/billing/api';
import type * as BillingApi from '@/features/billing/api';
import { aPayment, aProSubscription, aSubscription, PRICE_KOBO } from '@/features/billing/test-fixtures';
import { installFakeFetch, signedInRoutes } from '@/test/fake-fetch';
import { aFarm, aPage, aStaffMember, anId, FARM_ID } from '@/test/fixtures';
import { renderAt } from '@/test/render';

vi.mock('@/features/billing/api', async (original) => ({
  ...(await original<typeof BillingApi>()),
  goToCheckout: vi.fn(),
}));
beforeEach(() => vi.mocked(goToCheckout).mockClear());

const SUBSCRIPTION = `/api/farms/${FARM_ID}/subscription`;
const CHECKOUT_URL = 'https://checkout.paystack.com/pro123';
const REFERENCE = 'gona-pro-0190abcd';

function routes(subscription: Subscription, role: 'owner' | 'manager' | 'worker' = 'owner') {
  return {
    ...signedInRoutes([aFarm({ role })]),
    [`GET ${SUBSCRIPTION}`]: { status: 200, body: subscription },
  };
}

const planSection = () => screen.findByRole('region', { name: /^Your plan/ });
const offer = () => screen.getByRole('region', { name: /What Gona Pro adds|Pay to keep Pro|Renew early/ });

describe('the subscription screen', () => {
  it('shows a Free farm its plan, what it uses against each limit, and what Pro adds at one price with VAT inside', async () => {
    installFakeFetch(routes(aSubscription()));
    renderAt('/dashboard/subscription');
    const plan = await planSection();
    expect(within(plan).getByRole('heading', { name: 'Your plan: Free' })).toBeInTheDocument();
    expect(within(plan).getByText(/You are on the Free plan/)).toBeInTheDocument();
    const usage = (label: string) => within(plan).getByText(label).nextElementSibling?.textContent;
    expect(usage('Workers')).toBe('7 of 10');
    expect(usage('Assistant questions')).toBe('12 of 30 this month');
    expect(usage('SMS alerts')).toBe('Pro only');
    expect(usage('PDF reports')).toBe('Pro only');
    expect(usage('Marketplace commission')).toBe('5% of each order');

    const pro = offer();
    expect(within(pro).getByText('Unlimited workers')).toBeInTheDocument();
    expect(within(pro).getByText('SMS alerts for weather, disease and low stock')).toBeInTheDocument();
    expect(within(pro).getByText('₦60,000 a year')).toBeInTheDocument();
    expect(within(pro).getByText('VAT included: ₦4,186.05 of it is VAT at 7.5 %.')).toBeInTheDocument();
    expect(within(pro).getByText(/Nothing is refunded/)).toBeInTheDocument();
    expect(
      within(pro).getByRole('listitem', { name: 'Pay every year by card (renews)' }),
    ).toBeInTheDocument();
    expect(
      within(pro).getByRole('listitem', {
        name: 'Pay for one year (bank transfer, USSD or card; does not renew)',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('No payments yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel renewal' })).toBeNull();
  });

  it('opens one checkout however often Pay is tapped, with one client id, and goes to the payment page', async () => {
    const requests = installFakeFetch({
      ...routes(aSubscription()),
      [`POST ${SUBSCRIPTION}/checkout`]: {
        status: 200,
        body: {
          reference: REFERENCE,
          authorization_url: CHECKOUT_URL,
          kind: 'one_year',
          amount_kobo: PRICE_KOBO,
          created_at: '2026-11-28T09:00:00.000Z',
        },
      },
    });
    renderAt('/dashboard/subscription');
    await planSection();
    const pay = screen.getByRole('button', { name: 'Pay ₦60,000 for one year' });
    fireEvent.click(pay);
    fireEvent.click(pay);
    fireEvent.click(screen.getByRole('button', { name: 'Pay ₦60,000 by card' }));
    await waitFor(() => expect(goToCheckout).toHaveBeenCalledWith(CHECKOUT_URL));
    const opened = requests.filter((r) => r.method === 'POST' && r.path === `${SUBSCRIPTION}/checkout`);
    expect(opened).toHaveLength(1);
    const { client_id, ...sent } = opened[0]!.body as { client_id: string };
    expect(sent).toEqual({ kind: 'one_year' });
    expect(client_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(goToCheckout).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Pay ₦60,000 by card' })).toBeDisabled();
    expect(screen.getByText('Opening the payment page…')).toBeInTheDocument();
  });

  it('says in plain words when payments cannot be taken, and lets the owner tap Pay again with the same client id', async () => {
    let answer = {
      status: 503,
      body: {
        error: { code: 'UNAVAILABLE', message: 'Payments are not available right now. Try again later.' },
      },
    };
    const requests = installFakeFetch({
      ...routes(aSubscription()),
      [`POST ${SUBSCRIPTION}/checkout`]: () => answer,
    });
    renderAt('/dashboard/subscription');
    await planSection();
    fireEvent.click(screen.getByRole('button', { name: 'Pay ₦60,000 by card' }));
    expect(
      await screen.findByText('Payments are not available right now. Try again later.'),
    ).toBeInTheDocument();
    answer = {
      status: 200,
      body: {
        reference: REFERENCE,
        authorization_url: CHECKOUT_URL,
        kind: 'renewing',
        amount_kobo: PRICE_KOBO,
        created_at: '2026-11-28T09:00:00.000Z',
      },
    } as never;
    fireEvent.click(screen.getByRole('button', { name: 'Pay ₦60,000 by card' }));
    await waitFor(() => expect(goToCheckout).toHaveBeenCalledWith(CHECKOUT_URL));
    const sent = requests.filter((r) => r.path === `${SUBSCRIPTION}/checkout`).map((r) => r.body);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
  });

  it('offers to continue a checkout left open', async () => {
    installFakeFetch(
      routes(
        aSubscription({
          pending_checkout: {
            reference: REFERENCE,
            authorization_url: CHECKOUT_URL,
            kind: 'one_year',
            amount_kobo: PRICE_KOBO,
            created_at: '2026-11-28T09:00:00.000Z',
          },
        }),
      ),
    );
    renderAt('/dashboard/subscription');
    await planSection();
    expect(
      screen.getByText('You started a payment of ₦60,000 on 28/11/2026 that is not finished.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Continue that payment' }));
    expect(goToCheckout).toHaveBeenCalledWith(CHECKOUT_URL);
  });

  it('back from the checkout, confirms the payment once and shows Pro with the receipt', async () => {
    const requests = installFakeFetch({
      ...routes(aSubscription()),
      [`POST ${SUBSCRIPTION}/verify`]: { status: 200, body: aProSubscription() },
    });
    const { router } = renderAt(`/dashboard/subscription?trxref=${REFERENCE}&reference=${REFERENCE}`);
    expect(
      await screen.findByText('Payment received: your farm is on Gona Pro until 28/11/2027.'),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.path === `${SUBSCRIPTION}/verify`).map((r) => r.body)).toEqual([
      { reference: REFERENCE },
    ]);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    const plan = await planSection();
    expect(within(plan).getByRole('heading', { name: 'Your plan: Gona Pro' })).toBeInTheDocument();
    expect(
      within(plan).getByText('Gona Pro. It renews on 28/11/2027: Paystack charges your card then.'),
    ).toBeInTheDocument();
    expect(within(plan).getByText('14, no limit')).toBeInTheDocument();
    expect(within(plan).getByText('3% of each order')).toBeInTheDocument();
    // Nothing to buy while the card renews.
    expect(screen.queryByRole('button', { name: /^Pay ₦/ })).toBeNull();
    const payments = screen.getByRole('list', { name: 'Past payments' });
    expect(within(payments).getByText('₦60,000 on 28/11/2026')).toBeInTheDocument();
    expect(within(payments).getByText(/For 28\/11\/2026 to 28\/11\/2027/)).toBeInTheDocument();
    expect(within(payments).getByRole('link', { name: 'Open receipt GP-000042 (PDF)' })).toHaveAttribute(
      'href',
      `${SUBSCRIPTION}/receipts/${aPayment().id}`,
    );
    expect(requests.filter((r) => r.path === `${SUBSCRIPTION}/verify`)).toHaveLength(1);
  });

  it('says so when Paystack has not confirmed a transfer yet, and checks again on request', async () => {
    const pending = aSubscription({
      pending_checkout: {
        reference: REFERENCE,
        authorization_url: CHECKOUT_URL,
        kind: 'one_year',
        amount_kobo: PRICE_KOBO,
        created_at: '2026-11-28T09:00:00.000Z',
      },
    });
    let answer = pending;
    const requests = installFakeFetch({
      ...routes(pending),
      [`POST ${SUBSCRIPTION}/verify`]: () => ({ status: 200, body: answer }),
    });
    renderAt(`/dashboard/subscription?reference=${REFERENCE}`);
    expect(await screen.findByText(/Paystack has not confirmed your payment yet/)).toBeInTheDocument();
    answer = aProSubscription({
      renews: false,
      method: 'one_year',
      payments: [aPayment({ channel: 'bank_transfer' })],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(
      await screen.findByText('Payment received: your farm is on Gona Pro until 28/11/2027.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Gona Pro until 28/11/2027. It does not renew: pay again before then to keep Pro.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/Bank transfer/)).toBeInTheDocument();
    // One year paid: renew early or switch to renewing.
    expect(screen.getByRole('heading', { name: 'Renew early or switch to renewing' })).toBeInTheDocument();
    expect(
      screen.getByText('A new year starts on 28/11/2027, after the time you have paid for. Nothing is lost.'),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.path === `${SUBSCRIPTION}/verify`)).toHaveLength(2);
  });

  it('says what to do when the payment came back to another farm', async () => {
    installFakeFetch({
      ...routes(aSubscription()),
      [`POST ${SUBSCRIPTION}/verify`]: {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION',
            message: 'Check the form',
            fields: {
              reference:
                'This payment was not started from this farm. Open the Subscription page and pay again.',
            },
          },
        },
      },
    });
    renderAt(`/dashboard/subscription?reference=${REFERENCE}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not check your payment');
    expect(alert).toHaveTextContent(
      'This payment was not started from this farm. Open the Subscription page and pay again.',
    );
    expect(within(await planSection()).getByRole('heading', { name: 'Your plan: Free' })).toBeInTheDocument();
  });

  it('cancels renewal only after saying that Pro stays to the end of the year and nothing is refunded', async () => {
    const requests = installFakeFetch({
      ...routes(aProSubscription()),
      [`POST ${SUBSCRIPTION}/cancel`]: {
        status: 200,
        body: aProSubscription({
          state: 'non_renewing',
          renews: false,
          cancelled_at: '2026-12-01T09:00:00.000Z',
          version: 3,
        }),
      },
    });
    renderAt('/dashboard/subscription');
    await planSection();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel renewal' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel Gona Pro renewal?' });
    expect(dialog).toHaveTextContent(
      'Renewal stops: your card will not be charged again. Gona Pro stays until 28/11/2027, then the farm returns to Free. Nothing is refunded for the time left.',
    );
    expect(requests.some((r) => r.path === `${SUBSCRIPTION}/cancel`)).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel renewal' }));
    expect(
      await screen.findByText(
        'Renewal cancelled. Gona Pro stays until 28/11/2027, then the farm returns to Free.',
      ),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.path === `${SUBSCRIPTION}/cancel`).map((r) => r.body)).toEqual([
      { version: 2 },
    ]);
    expect(screen.queryByRole('button', { name: 'Cancel renewal' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Keep Pro after 28/11/2027' })).toBeInTheDocument();
  });

  it('cancels on the current version when Paystack’s news changed the record under the screen', async () => {
    let current = aProSubscription();
    const requests = installFakeFetch({
      ...signedInRoutes([aFarm({ role: 'owner' })]),
      [`GET ${SUBSCRIPTION}`]: () => ({ status: 200, body: current }),
      [`POST ${SUBSCRIPTION}/cancel`]: ({ body }) => {
        if ((body as { version: number }).version !== current.version)
          return {
            status: 409,
            body: {
              error: {
                code: 'CONFLICT',
                message: 'The subscription changed meanwhile. Reload and try again.',
              },
            },
          };
        current = aProSubscription({ state: 'non_renewing', renews: false, version: current.version + 1 });
        return { status: 200, body: current };
      },
    });
    renderAt('/dashboard/subscription');
    await planSection();
    // The card subscription Paystack made after the payment arrives while the owner reads.
    current = aProSubscription({ version: 5 });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel renewal' }));
    fireEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Cancel Gona Pro renewal?' })).getByRole('button', {
        name: 'Cancel renewal',
      }),
    );
    expect(
      await screen.findByText(
        'Renewal cancelled. Gona Pro stays until 28/11/2027, then the farm returns to Free.',
      ),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.path === `${SUBSCRIPTION}/cancel`).map((r) => r.body)).toEqual([
      { version: 2 },
      { version: 5 },
    ]);
  });

  it('shows a manager the plan and payments without anything to buy or cancel', async () => {
    installFakeFetch(
      routes(aProSubscription({ can_manage: false, renews: false, method: 'one_year' }), 'manager'),
    );
    renderAt('/dashboard/subscription');
    await planSection();
    expect(screen.getByText("Only the farm's owner can buy or cancel Gona Pro.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay ₦/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel renewal' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Open receipt GP-000042 (PDF)' })).toBeInTheDocument();
  });

  it("shows every date on the farm's clock, not Lagos's", async () => {
    // 22:30 UTC is 23:30 in Lagos (the day before) and 01:30 the next day in Nairobi.
    const at = (year: number) => `${year}-11-27T22:30:00.000Z`;
    installFakeFetch(
      routes(
        aProSubscription({
          timezone: 'Africa/Nairobi',
          period_start: at(2026),
          period_end: at(2027),
          payments: [aPayment({ paid_at: at(2026), period_start: at(2026), period_end: at(2027) })],
        }),
      ),
    );
    renderAt('/dashboard/subscription');
    const plan = await planSection();
    expect(
      within(plan).getByText('Gona Pro. It renews on 28/11/2027: Paystack charges your card then.'),
    ).toBeInTheDocument();
    const payments = screen.getByRole('list', { name: 'Past payments' });
    expect(within(payments).getByText('₦60,000 on 28/11/2026')).toBeInTheDocument();
    expect(within(payments).getByText(/For 28\/11\/2026 to 28\/11\/2027/)).toBeInTheDocument();
  });

  it('keeps workers out: no menu entry, the no-access state, and nothing asked of the server', async () => {
    const requests = installFakeFetch(routes(aSubscription(), 'worker'));
    renderAt('/dashboard/subscription');
    expect(
      await screen.findByText("Only the farm's owner and managers can see the farm's plan and payments."),
    ).toBeInTheDocument();
    const menu = screen.getAllByRole('navigation', { name: 'Dashboard menu' })[0]!;
    expect(within(menu).queryByRole('link', { name: 'Subscription' })).toBeNull();
    expect(within(menu).getByRole('link', { name: 'Settings' })).toBeInTheDocument();
    expect(requests.some((r) => r.path.startsWith(SUBSCRIPTION))).toBe(false);
  });

  it('tells the owner a renewal failed, until when Pro stays, and how to pay', async () => {
    installFakeFetch(
      routes(
        aProSubscription({
          state: 'past_due',
          renews: true,
          grace_ends_at: '2027-12-05T09:00:00.000Z',
        }),
      ),
    );
    renderAt('/dashboard/subscription');
    const plan = await planSection();
    expect(
      within(plan).getByText('Your Pro renewal failed. Pay by 05/12/2027 to keep Pro.'),
    ).toBeInTheDocument();
    const pro = offer();
    expect(within(pro).getByRole('heading', { name: 'Pay to keep Pro' })).toBeInTheDocument();
    expect(within(pro).getByRole('button', { name: 'Pay ₦60,000 for one year' })).toBeEnabled();
  });

  it('lets the owner choose which 10 workers stay active after a return to Free', async () => {
    const workers = Array.from({ length: 12 }, (_, i) =>
      aStaffMember({
        id: anId(0xc00 + i),
        first_name: 'Worker',
        last_name: `No${i + 1}`,
        status: i < 10 ? 'active' : 'inactive',
      }),
    );
    const requests = installFakeFetch({
      ...routes(
        aSubscription({
          inactive_workers: 2,
          usage: { ...aSubscription().usage, workers: { used: 10, limit: 10 } },
        }),
      ),
      [`GET /api/farms/${FARM_ID}/staff`]: ({ path }) => ({
        status: 200,
        body: aPage(workers.filter((worker) => path.includes(`status=${worker.status}`))),
      }),
      [`POST ${SUBSCRIPTION}/active-workers`]: { status: 200, body: aSubscription({ inactive_workers: 2 }) },
    });
    renderAt('/dashboard/subscription');
    const notice = await screen.findByRole('region', { name: 'Some workers are inactive' });
    expect(notice).toHaveTextContent(
      '2 workers are inactive because the Free plan allows 10 active workers.',
    );
    fireEvent.click(within(notice).getByRole('button', { name: 'Choose who stays active' }));
    const dialog = screen.getByRole('dialog', { name: 'Choose up to 10 active workers' });
    const list = await within(dialog).findByRole('list', { name: 'Workers' });
    expect(within(dialog).getByText('10 of 10 chosen')).toBeInTheDocument();
    expect(within(list).getByRole('checkbox', { name: 'Worker No1' })).toBeChecked();
    expect(within(list).getByRole('checkbox', { name: 'Worker No11' })).not.toBeChecked();
    fireEvent.click(within(list).getByRole('checkbox', { name: 'Worker No11' }));
    expect(
      within(dialog).getByText('Untick some: the Free plan allows 10 active workers.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save active workers' })).toBeDisabled();
    fireEvent.click(within(list).getByRole('checkbox', { name: 'Worker No2' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save active workers' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = requests.find((r) => r.path === `${SUBSCRIPTION}/active-workers`)?.body as {
      staff_ids: string[];
    };
    expect(sent.staff_ids).toHaveLength(10);
    expect(sent.staff_ids).toContain(workers[10]!.id);
    expect(sent.staff_ids).not.toContain(workers[1]!.id);
  });
});

describe('the dashboard for a farm whose renewal failed', () => {
  const DASHBOARD = `GET /api/farms/${FARM_ID}/dashboard`;
  /** The dashboard's one answer, with the banner's part as the server gives it to an owner. */
  const dashboardWith = (subscription: Subscription, role: 'owner' | 'manager' = 'owner'): Dashboard =>
    DashboardSchema.parse({
      today: '2026-11-28',
      time_zone: 'Africa/Lagos',
      tasks: { overdue: 0, due_today: 0, items: [] },
      alerts: { weather: 0, disease: 0, market: 0, low_stock: 0 },
      production: {
        eggs: { today: '0', average_7_days: '0' },
        milk_litres: { today: '0', average_7_days: '0' },
      },
      care: { late: 0, due_today: 0, items: [] },
      ...(role === 'owner'
        ? {
            pro: {
              state: subscription.state,
              grace_ends_at: subscription.grace_ends_at,
              inactive_workers: subscription.inactive_workers,
            },
          }
        : {}),
    });
  const dashboardRoutes = (subscription: Subscription, role: 'owner' | 'manager' = 'owner') => ({
    ...routes(subscription, role),
    [DASHBOARD]: { status: 200, body: dashboardWith(subscription, role) },
  });
  const pastDue = aProSubscription({ state: 'past_due', grace_ends_at: '2027-12-05T09:00:00.000Z' });

  it('shows the owner the grace banner with the way to pay', async () => {
    installFakeFetch(dashboardRoutes(pastDue));
    renderAt('/dashboard');
    const banner = await screen.findByRole('region', {
      name: 'Your Pro renewal failed. Pay by 05/12/2027 to keep Pro.',
    });
    expect(within(banner).getByRole('link', { name: 'Pay to keep Pro' })).toHaveAttribute(
      'href',
      '/dashboard/subscription',
    );
  });

  it('tells the owner of a farm back on Free that some workers wait to be chosen', async () => {
    installFakeFetch(dashboardRoutes(aSubscription({ inactive_workers: 3 })));
    renderAt('/dashboard');
    const banner = await screen.findByRole('region', {
      name: '3 workers are inactive on the Free plan. Choose who stays active.',
    });
    expect(within(banner).getByRole('link', { name: 'Choose active workers' })).toHaveAttribute(
      'href',
      '/dashboard/subscription',
    );
  });

  it('does not ask for a manager, and asks for no subscription of its own', async () => {
    const requests = installFakeFetch(dashboardRoutes(pastDue, 'manager'));
    renderAt('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Green Acres' })).toBeInTheDocument();
    expect(requests.some((r) => r.path === SUBSCRIPTION)).toBe(false);
    expect(screen.queryByRole('region', { name: /renewal failed/ })).toBeNull();
  });

  it('shows nothing to an owner whose Pro is paid', async () => {
    const requests = installFakeFetch(dashboardRoutes(aProSubscription()));
    renderAt('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Green Acres' })).toBeInTheDocument();
    await waitFor(() =>
      expect(requests.some((r) => r.path === `/api/farms/${FARM_ID}/dashboard`)).toBe(true),
    );
    expect(requests.some((r) => r.path === SUBSCRIPTION)).toBe(false);
    expect(screen.queryByRole('region', { name: /renewal failed|inactive/ })).toBeNull();
  });
});
