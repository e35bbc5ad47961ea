import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminListing, AdminListingPage, AdminUser, AdminUserPage } from '@gona/shared/marketplace';
import { loadNamespaces } from '@/i18n';
import { installFakeFetch, signedInRoutes, type FakeRequest } from '@/test/fake-fetch';
import { aMe, anId } from '@/test/fixtures';
import { renderAt } from '@/test/render';

beforeAll(() => loadNamespaces(['marketplace', 'admin']));

const ADMIN = aMe({ platform_role: 'admin' });
const REASON = 'The photos are of another farm’s produce.';
const LONG_FARM = 'Oluwaseun-Adebayo-Integrated-Agricultural-Cooperative-Society-of-Ogbomosho';

function aListing(overrides: Partial<AdminListing> = {}): AdminListing {
  return {
    id: anId(0x1a),
    title: 'White maize',
    farm: { id: anId(0xf1), name: 'Green Acres' },
    status: 'active',
    price_kobo: 4_500_000,
    quantity_available: '20',
    unit: 'bag_100kg',
    published_at: '2026-11-20T09:00:00.000Z',
    created_at: '2026-11-20T08:00:00.000Z',
    hidden_at: null,
    hidden_reason: null,
    owner_suspended: false,
    ...overrides,
  };
}

const HIDDEN = aListing({
  id: anId(0x1b),
  title: 'Red Sokoto goats',
  farm: { id: anId(0xf3), name: LONG_FARM },
  status: 'paused',
  hidden_at: '2026-11-25T10:00:00.000Z',
  hidden_reason: REASON,
});

function aPerson(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: anId(0x0b),
    name: 'Bisi Adeyemi',
    email: 'bisi@example.com',
    phone: '+2348031234567',
    farms: [
      { id: anId(0xf1), name: 'Green Acres' },
      { id: anId(0xf4), name: 'Adeyemi Poultry' },
    ],
    selling_suspended_at: null,
    selling_suspended_reason: null,
    created_at: '2026-11-01T08:00:00.000Z',
    ...overrides,
  };
}

/** Signed in as a platform admin, with the admin routes given. */
function asAdmin(routes: Record<string, Parameters<typeof installFakeFetch>[0][string]>) {
  return installFakeFetch({
    ...signedInRoutes([]),
    'GET /api/me': { status: 200, body: ADMIN },
    ...routes,
  });
}

const posts = (requests: FakeRequest[]) => requests.filter((r) => r.method === 'POST');
const gets = (requests: FakeRequest[], path: string) =>
  requests.filter((r) => r.method === 'GET' && r.path.startsWith(path));

describe('/admin/listings', () => {
  it('lists listings with their farm, price and status, and says which are hidden and why', async () => {
    const page: AdminListingPage = {
      items: [aListing(), HIDDEN, aListing({ id: anId(0x1c), title: 'Eggs', owner_suspended: true })],
      next_cursor: null,
    };
    asAdmin({ 'GET /api/admin/listings': { status: 200, body: page } });
    renderAt('/admin/listings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Listings' })).toBeInTheDocument();
    const [shown, hidden, stopped] = within(
      await screen.findByRole('list', { name: 'Listings' }),
    ).getAllByRole('listitem');
    expect(within(shown!).getByText('Green Acres')).toBeInTheDocument();
    expect(within(shown!).getByText('On sale')).toBeInTheDocument();
    expect(within(shown!).getByText(/₦45,000 per bag \(100 kg\)/)).toBeInTheDocument();
    expect(within(shown!).getByRole('button', { name: 'Hide White maize' })).toBeInTheDocument();
    expect(within(hidden!).getByText('Hidden by Gona')).toBeInTheDocument();
    expect(within(hidden!).getByText(`Hidden 25/11/2026 11:00: ${REASON}`)).toBeInTheDocument();
    expect(within(hidden!).getByRole('button', { name: 'Show again Red Sokoto goats' })).toBeInTheDocument();
    expect(within(hidden!).queryByRole('button', { name: /^Hide/ })).toBeNull();
    // A long farm name wraps instead of pushing the page sideways on a 320 px phone.
    expect(within(hidden!).getByText(LONG_FARM)).toHaveClass('break-words');
    expect(within(stopped!).getByText('Owner stopped selling')).toBeInTheDocument();
  });

  it('searches on Enter and narrows to hidden listings, keeping both in the address', async () => {
    const requests = asAdmin({
      'GET /api/admin/listings': { status: 200, body: { items: [], next_cursor: null } },
    });
    const { router } = renderAt('/admin/listings');
    expect(await screen.findByText('No listings yet.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Search listings'), { target: { value: ' maize ' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(await screen.findByText('No listings match “maize”.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'true' } });
    await waitFor(() =>
      expect(gets(requests, '/api/admin/listings').at(-1)?.path).toBe(
        '/api/admin/listings?limit=25&q=maize&hidden=true',
      ),
    );
    expect(router.state.location.search).toBe('?q=maize&hidden=true');
  });

  it('asks for the reason beside the field, then hides the listing once however often it is tapped', async () => {
    let hidden = false;
    const requests = asAdmin({
      'GET /api/admin/listings': () => ({
        status: 200,
        body: {
          items: [
            hidden ? aListing({ hidden_at: '2026-11-26T10:00:00.000Z', hidden_reason: REASON }) : aListing(),
          ],
          next_cursor: null,
        },
      }),
      [`POST /api/admin/listings/${anId(0x1a)}/hide`]: () => {
        hidden = true;
        return {
          status: 200,
          body: aListing({ hidden_at: '2026-11-26T10:00:00.000Z', hidden_reason: REASON }),
        };
      },
    });
    renderAt('/admin/listings');
    fireEvent.click(await screen.findByRole('button', { name: 'Hide White maize' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide “White maize” from buyers' });
    expect(
      within(dialog).getByText(/Green Acres cannot put it on sale until you show it again/),
    ).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Fake' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide listing' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription(
        expect.stringContaining('Write at least 10 characters'),
      ),
    );
    expect(posts(requests)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: REASON } });
    const submit = within(dialog).getByRole('button', { name: 'Hide listing' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    expect(await screen.findByText('“White maize” is hidden from buyers.')).toBeInTheDocument();
    expect(posts(requests)).toEqual([
      { method: 'POST', path: `/api/admin/listings/${anId(0x1a)}/hide`, body: { reason: REASON } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: 'Show again White maize' })).toBeInTheDocument();
  });

  it("shows the server's refusal beside the reason and keeps the dialog open", async () => {
    asAdmin({
      'GET /api/admin/listings': { status: 200, body: { items: [aListing()], next_cursor: null } },
      [`POST /api/admin/listings/${anId(0x1a)}/hide`]: {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION',
            message: 'Check the highlighted fields',
            fields: { reason: 'Write at most 500 characters' },
          },
        },
      },
    });
    renderAt('/admin/listings');
    fireEvent.click(await screen.findByRole('button', { name: 'Hide White maize' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: REASON } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide listing' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription(
        expect.stringContaining('Write at most 500 characters'),
      ),
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('asks before showing a hidden listing again, then sends it once', async () => {
    const requests = asAdmin({
      'GET /api/admin/listings': { status: 200, body: { items: [HIDDEN], next_cursor: null } },
      [`POST /api/admin/listings/${HIDDEN.id}/unhide`]: {
        status: 200,
        body: { ...HIDDEN, hidden_at: null, hidden_reason: null },
      },
    });
    renderAt('/admin/listings');
    fireEvent.click(await screen.findByRole('button', { name: 'Show again Red Sokoto goats' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Show “Red Sokoto goats” to buyers again?',
    });
    const confirm = within(dialog).getByRole('button', { name: 'Show again' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(await screen.findByText('“Red Sokoto goats” is shown to buyers again.')).toBeInTheDocument();
    expect(posts(requests)).toEqual([
      { method: 'POST', path: `/api/admin/listings/${HIDDEN.id}/unhide`, body: null },
    ]);
  });
});

describe('/admin/users', () => {
  it('finds people and shows their contact, the farms they own and any suspension', async () => {
    const stopped = aPerson({
      id: anId(0x0c),
      name: 'Tunde Bakare',
      email: 'tunde@example.com',
      phone: null,
      farms: [],
      selling_suspended_at: '2026-11-25T10:00:00.000Z',
      selling_suspended_reason: 'Buyers paid for three orders that never came.',
    });
    const page: AdminUserPage = { items: [aPerson(), stopped], next_cursor: null };
    const requests = asAdmin({ 'GET /api/admin/users': { status: 200, body: page } });
    const { router } = renderAt('/admin/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sellers' })).toBeInTheDocument();
    const [bisi, tunde] = within(await screen.findByRole('list', { name: 'Sellers' })).getAllByRole(
      'listitem',
    );
    expect(within(bisi!).getByText('bisi@example.com')).toBeInTheDocument();
    expect(within(bisi!).getByText('0803 123 4567')).toBeInTheDocument();
    expect(within(bisi!).getByText('Owns Green Acres, Adeyemi Poultry')).toBeInTheDocument();
    expect(
      within(bisi!).getByRole('button', { name: 'Suspend selling for Bisi Adeyemi' }),
    ).toBeInTheDocument();
    expect(within(tunde!).getByText('Owns no farm')).toBeInTheDocument();
    expect(within(tunde!).getByText('Selling suspended')).toBeInTheDocument();
    expect(
      within(tunde!).getByText(
        'Selling suspended 25/11/2026 11:00: Buyers paid for three orders that never came.',
      ),
    ).toBeInTheDocument();
    expect(
      within(tunde!).getByRole('button', { name: 'Restore selling for Tunde Bakare' }),
    ).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Search people'), { target: { value: '0803 123 4567' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() =>
      expect(gets(requests, '/api/admin/users').at(-1)?.path).toBe(
        `/api/admin/users?limit=25&q=${encodeURIComponent('0803 123 4567').replace(/%20/g, '+')}`,
      ),
    );
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('0803 123 4567');
  });

  it('never offers an admin to suspend themselves', async () => {
    asAdmin({
      'GET /api/admin/users': {
        status: 200,
        body: { items: [aPerson({ id: ADMIN.id, name: 'Ada Okafor', farms: [] })], next_cursor: null },
      },
    });
    renderAt('/admin/users');
    expect(await screen.findByRole('heading', { name: 'Ada Okafor' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Suspend selling/ })).toBeNull();
  });

  it('asks for the reason, suspends selling once, and restores it after asking', async () => {
    let suspended = false;
    const person = () =>
      suspended
        ? aPerson({ selling_suspended_at: '2026-11-26T10:00:00.000Z', selling_suspended_reason: REASON })
        : aPerson();
    const requests = asAdmin({
      'GET /api/admin/users': () => ({ status: 200, body: { items: [person()], next_cursor: null } }),
      'GET /api/admin/listings': { status: 200, body: { items: [], next_cursor: null } },
      [`POST /api/admin/users/${anId(0x0b)}/suspend-selling`]: () => {
        suspended = true;
        return { status: 200, body: person() };
      },
      [`POST /api/admin/users/${anId(0x0b)}/restore-selling`]: () => {
        suspended = false;
        return { status: 200, body: person() };
      },
    });
    renderAt('/admin/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Suspend selling for Bisi Adeyemi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop Bisi Adeyemi selling' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend selling' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription(
        expect.stringContaining('Write at least 10 characters'),
      ),
    );
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: REASON } });
    const submit = within(dialog).getByRole('button', { name: 'Suspend selling' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    expect(await screen.findByText('Selling is suspended for Bisi Adeyemi.')).toBeInTheDocument();
    expect(posts(requests)).toEqual([
      { method: 'POST', path: `/api/admin/users/${anId(0x0b)}/suspend-selling`, body: { reason: REASON } },
    ]);

    fireEvent.click(await screen.findByRole('button', { name: 'Restore selling for Bisi Adeyemi' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Let Bisi Adeyemi sell again?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Restore selling' }));
    expect(await screen.findByText('Bisi Adeyemi can sell again.')).toBeInTheDocument();
    expect(posts(requests).at(-1)).toEqual({
      method: 'POST',
      path: `/api/admin/users/${anId(0x0b)}/restore-selling`,
      body: null,
    });
    expect(posts(requests)).toHaveLength(2);
  });
});
