import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { installFakeFetch, ME, signedInRoutes, signedOutRoutes } from '@/test/fake-fetch';
import { aFarm, anInvitationPreview, FARM_ID } from '@/test/fixtures';
import { renderAt } from '@/test/render';
import { STORAGE_KEYS } from '@/lib/storage';

const TOKEN = 'k3y-from_the-mail';
const PREVIEW = `GET /api/invitations/${TOKEN}`;

describe('the invitation page', () => {
  it('shows a visitor the farm, the role and who sent it, with sign-up and sign-in that come back here', async () => {
    installFakeFetch({ ...signedOutRoutes, [PREVIEW]: { status: 200, body: anInvitationPreview() } });
    renderAt(`/invite/${TOKEN}`);
    expect(
      await screen.findByText('Chidi Eze invited you to work on Green Acres on Gona.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Worker')).toBeInTheDocument();
    expect(screen.getByText(/Does not see costs or money/)).toBeInTheDocument();
    const back = encodeURIComponent(`/invite/${TOKEN}`);
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      `/signup?redirect=${back}&email=ada%40example.com`,
    );
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/login?redirect=${back}`);
  });

  it('lets the invited person join, and lands them on the farm', async () => {
    const joined = aFarm({ role: 'worker' });
    const requests = installFakeFetch({
      ...signedInRoutes([]),
      [PREVIEW]: { status: 200, body: anInvitationPreview({ email: ME.email }) },
      'POST /api/invitations/accept': { status: 200, body: joined },
    });
    const { router } = renderAt(`/invite/${TOKEN}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Join Green Acres' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ token: TOKEN });
    expect(localStorage.getItem(STORAGE_KEYS.selectedFarmId)).toBe(FARM_ID);
    expect(await screen.findByRole('heading', { name: 'Green Acres' })).toBeInTheDocument();
  });

  it('tells someone signed in with another address which one to use, with a way to switch', async () => {
    installFakeFetch({
      ...signedInRoutes([aFarm()]),
      [PREVIEW]: { status: 200, body: anInvitationPreview({ email: 'bola@example.com' }) },
    });
    renderAt(`/invite/${TOKEN}`);
    expect(
      await screen.findByText(
        'This invitation was sent to bola@example.com, but you are signed in as ada@example.com. Sign out, then sign in with bola@example.com.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join Green Acres' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign out' })).toHaveAttribute(
      'href',
      `/logout?redirect=${encodeURIComponent(`/invite/${TOKEN}`)}`,
    );
  });

  it.each([
    ['expired', 'This invitation expired on 02/06/2025 09:00. Ask Green Acres to send you a new one.'],
    ['revoked', 'This invitation was withdrawn. Ask Green Acres if you should have a new one.'],
    ['accepted', 'This invitation has already been used. Sign in with the account that accepted it.'],
  ] as const)('says plainly when the link is %s', async (status, words) => {
    installFakeFetch({
      ...signedOutRoutes,
      [PREVIEW]: { status: 200, body: anInvitationPreview({ status }) },
    });
    renderAt(`/invite/${TOKEN}`);
    expect(await screen.findByText(words)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create an account' })).not.toBeInTheDocument();
  });

  it('says a link nobody sent cannot be used', async () => {
    installFakeFetch({
      ...signedOutRoutes,
      [PREVIEW]: {
        status: 404,
        body: {
          error: {
            code: 'NOT_FOUND',
            message: 'This invitation link is not valid. Ask the farm for a new invitation.',
          },
        },
      },
    });
    renderAt(`/invite/${TOKEN}`);
    expect(
      await screen.findByRole('heading', { name: 'This invitation cannot be used' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('This invitation link is not valid. Ask the farm for a new invitation.'),
    ).toBeInTheDocument();
  });
});

describe('a newcomer with an invitation', () => {
  it('sees it where they would create a farm, and joins it in one tap instead', async () => {
    const invitation = anInvitationPreview({ email: ME.email, role: 'viewer' });
    installFakeFetch({
      ...signedInRoutes([]),
      'GET /api/invitations': { status: 200, body: { items: [invitation] } },
      [`POST /api/invitations/${invitation.id}/accept`]: { status: 200, body: aFarm({ role: 'viewer' }) },
    });
    const { router } = renderAt('/create-farm');
    expect(
      await screen.findByText('Chidi Eze invited you to work on Green Acres on Gona.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Or create a farm of your own:')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Join Green Acres' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Green Acres' })).toBeInTheDocument();
  });

  it('without invitations sees only the create-farm form', async () => {
    const requests = installFakeFetch({
      ...signedInRoutes([]),
      'GET /api/invitations': { status: 200, body: { items: [] } },
    });
    renderAt('/create-farm');
    expect(await screen.findByLabelText('Farm name')).toBeInTheDocument();
    await waitFor(() => expect(requests.map((r) => r.path)).toContain('/api/invitations'));
    expect(screen.queryByRole('button', { name: /^Join / })).not.toBeInTheDocument();
  });
});
